#include "options/prepare_table.h"

#include <array>

#include "core/fs.h"
#include "core/shell_quote.h"

namespace options {

namespace {

using P = PrepareOptions;

// In `quark-ptq prepare --help` order.
const std::array kPrepareRows = {
    PrepareOptionRow{"output_dir", "--output-dir", "output_dir", "DIR", Kind::text, &P::output_dir, "help.prepare.output_dir", true, true},
    PrepareOptionRow{"python", "--python", "python", "PATH", Kind::text, &P::python, "help.prepare.python"},
    PrepareOptionRow{"eval_python", "--eval-python", "eval_python", "PATH", Kind::text, &P::eval_python, "help.prepare.eval_python"},
    PrepareOptionRow{"overwrite", "--overwrite", "overwrite", "", Kind::flag, &P::overwrite, "help.prepare.overwrite"},
};

}  // namespace

std::span<const PrepareOptionRow> prepare_option_rows() { return kPrepareRows; }

const PrepareOptionRow* find_prepare_option(std::string_view name) {
  for (const auto& row : kPrepareRows) {
    if (row.key == name || row.flag == name || row.mcp_name == name) return &row;
  }
  return nullptr;
}

std::vector<std::string> choices(const PrepareOptionRow& row) {
  (void)row;
  return {};
}

std::vector<std::string> suggestions(const PrepareOptionRow& row) { return choices(row); }

std::vector<core::MessageArg> help_args(core::Lang lang, const PrepareOptionRow& row) {
  (void)lang;
  (void)row;
  return {};
}

std::string help_text(core::Lang lang, const PrepareOptionRow& row) { return core::msg(lang, row.help_id, help_args(lang, row)); }

void make_paths_absolute(PrepareOptions& o) {
  for (const auto& row : kPrepareRows) {
    if (row.kind != Kind::path) continue;
    auto& value = o.*std::get<std::string PrepareOptions::*>(row.field);
    if (!value.empty()) value = core::absolute_path(value).string();
  }
}

std::string prepare_command(const PrepareOptions& o) {
  std::string out = "quark-ptq prepare";
  for (const auto& row : kPrepareRows) {
    std::visit(
        [&](auto member) {
          const auto& v = o.*member;
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::string>) {
            if (!v.empty()) out += " " + std::string(row.flag) + " " + core::shell_quote(v);
          } else if constexpr (std::is_same_v<T, std::optional<int>>) {
            if (v) out += " " + std::string(row.flag) + " " + std::to_string(*v);
          } else if constexpr (std::is_same_v<T, bool>) {
            if (v) out += " " + std::string(row.flag);
          } else {
            for (const auto& item : v) out += " " + std::string(row.flag) + " " + core::shell_quote(item);
          }
        },
        row.field);
  }
  return out;
}

}  // namespace options
