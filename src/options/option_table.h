// The plan options, each declared once: its key (quant_plan.json's `options`, the MCP plan
// tool's argument), its flag, its kind (which says its type and its check), the message id of
// its help and, where knowledge says them, its choices and its default. CLI11's binding, the
// MCP tool's input schema, the recorded options, the `quark-ptq plan ...` command a hint or a
// manifest shows, the shell completion and the man page are all derived from this table, so
// adding an option is one row here plus what it does.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"
#include "options/plan_options.h"

namespace options {

enum class Kind {
  text,    // a word or a name: --scheme fp8
  path,    // a file: made absolute where it is bound, so that a later step finds the same file
  count,   // a positive integer: --calib-samples 128
  choice,  // one of the choices knowledge gives: --priority size
  flag,    // present or not: --trust-remote-code
  list,    // repeatable: --exclude lm_head --exclude '*gate*'
};

// The typed field a row binds, in one table's options struct (PlanOptions, PrepareOptions).
template <class Options>
using FieldOf = std::variant<std::string Options::*, std::optional<int> Options::*, bool Options::*, std::vector<std::string> Options::*>;

// One option of a table: the same model for every command that has one (plan, prepare).
template <class Options>
struct OptionRow {
  std::string_view key;       // "calib_samples"
  std::string_view flag;      // "--calib-samples"
  std::string_view mcp_name;  // the MCP tool's argument (the key, but for two older plural names of plan)
  std::string_view value_name;
  Kind kind;
  FieldOf<Options> field;
  std::string_view help_id;  // messages/help.*.json; filled with help_args()
  bool recorded = true;      // false: an action of one plan run (write_template), never recorded or repeated
  bool required = false;     // the command cannot run without it (prepare --output-dir)
};

using Field = FieldOf<PlanOptions>;
using PlanOptionRow = OptionRow<PlanOptions>;

std::span<const PlanOptionRow> plan_option_rows();
// The row whose key, flag or MCP name is `name`; nullptr when none.
const PlanOptionRow* find_plan_option(std::string_view name);

// The values a choice row accepts (knowledge: rules.json's priorities and evaluation budgets),
// empty for the other kinds.
std::vector<std::string> choices(const PlanOptionRow& row);
// What a shell may offer for the row's value: its choices, or the targets knowledge knows for
// --target; empty for free text and files.
std::vector<std::string> suggestions(const PlanOptionRow& row);
// The arguments of the row's help text in `lang`: {choices}, {targets} and {default} from knowledge.
std::vector<core::MessageArg> help_args(core::Lang lang, const PlanOptionRow& row);
std::string help_text(core::Lang lang, const PlanOptionRow& row);

// One option's value as quant_plan.json records it: null when unset (a flag: when false).
core::Json value_json(const PlanOptions& o, const PlanOptionRow& row);
// Sets one option from `src` in `dst` (the typed value, not its JSON).
void copy_option(PlanOptions& dst, const PlanOptions& src, const PlanOptionRow& row);

// The recorded options (quant_plan.json `options`): every recorded row that is set; the
// priority always, since it has a default.
core::Json to_json(const PlanOptions& o);
// The inverse, strict: an unknown key or a value of the wrong type is "options.bad_recorded"
// naming the key (bad_input). Unrecorded rows keep their defaults.
core::Result<PlanOptions> from_json(const core::Json& recorded);

// The words after `quark-ptq plan` for these options: each set row as its flag and value (a
// list row once per value), in the table's order; rows in `leave_out` (keys) are not given.
std::vector<std::string> plan_argv(const PlanOptions& o, const std::vector<std::string_view>& leave_out = {});
// "quark-ptq plan --priority balanced --target mi300x ...", each value shell-quoted.
std::string plan_command(const PlanOptions& o, const std::vector<std::string_view>& leave_out = {});

// A path row's value made absolute (relative to the current directory) where it is bound.
void make_paths_absolute(PlanOptions& o);

}  // namespace options
