// CLI11's binding of an option table (options/option_table.h, options/prepare_table.h): each
// row becomes one option or flag on `sub`, with its help from the catalogue, and the checks its
// kind says (a positive count, one of the choices). Plan and prepare bind their tables here.
#pragma once

#include <CLI/CLI.hpp>

#include <span>
#include <string>
#include <type_traits>
#include <variant>

#include "cli/help_text.h"
#include "cli/option_checks.h"
#include "options/option_table.h"
#include "options/prepare_table.h"

namespace cli {

template <class Options>
void add_table_options(CLI::App& sub, const HelpText& help, Options& o, std::span<const options::OptionRow<Options>> rows) {
  for (const auto& row : rows) {
    const std::string flag(row.flag);
    const std::string text = help(row.help_id, options::help_args(help.lang(), row));
    CLI::Option* added = nullptr;
    std::visit(
        [&](auto member) {
          auto& field = o.*member;
          using T = std::decay_t<decltype(field)>;
          if constexpr (std::is_same_v<T, bool>) {
            added = sub.add_flag(flag, field, text);
          } else {
            added = sub.add_option(flag, field, text);
          }
        },
        row.field);
    if (row.kind == options::Kind::count) added->check(positive_number(help));
    if (row.kind == options::Kind::choice) added->check(one_of(help, options::choices(row)));
    if (row.required) added->required();
  }
}

}  // namespace cli
