// The prepare options, each declared once on the same model as the plan table
// (option_table.h): key (the MCP prepare tool's argument), flag, kind, help id. CLI11's
// binding and the MCP tool's input schema are derived from these rows.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/messages.h"
#include "options/option_table.h"
#include "options/prepare_options.h"

namespace options {

using PrepareOptionRow = OptionRow<PrepareOptions>;

std::span<const PrepareOptionRow> prepare_option_rows();
// The row whose key, flag or MCP name is `name`; nullptr when none.
const PrepareOptionRow* find_prepare_option(std::string_view name);

// The values a choice row accepts; empty for the other kinds.
std::vector<std::string> choices(const PrepareOptionRow& row);
// What a shell may offer for the row's value (its choices).
std::vector<std::string> suggestions(const PrepareOptionRow& row);
// The arguments of the row's help text in `lang` ({choices}, {default}).
std::vector<core::MessageArg> help_args(core::Lang lang, const PrepareOptionRow& row);
std::string help_text(core::Lang lang, const PrepareOptionRow& row);

// A path row's value made absolute (relative to the current directory) where it is bound.
void make_paths_absolute(PrepareOptions& o);

// "quark-ptq prepare --output-dir DIR ...": each set row as its flag and value, in the table's
// order, each value shell-quoted (the manifest's `generate` step).
std::string prepare_command(const PrepareOptions& o);

}  // namespace options
