// The checks of option values. They show in --help as CLI11's own checks do ("POSITIVE",
// "{en,ja}", "FLOAT in [0 - 3600]"), but a refused value is told in the run's language, with
// the bounds a person would write (CLI11's PositiveNumber prints a 309-digit maximum).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/help_text.h"

namespace cli {

CLI::Validator one_of(const HelpText& help, std::vector<std::string> choices);
CLI::Validator positive_number(const HelpText& help);
CLI::Validator non_negative_number(const HelpText& help);
// Inclusive bounds; `type` is the help's word for the value ("FLOAT", "INT").
CLI::Validator number_between(const HelpText& help, double lo, double hi, const std::string& type);

}  // namespace cli
