#include "cli/option_checks.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <optional>
#include <sstream>

#include "core/messages.h"
#include "core/text.h"

namespace cli {

namespace {

// The whole text as a finite number, else nothing ("12abc", "", "nan" are not numbers).
std::optional<double> number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
  return v;
}

// A bound as a person writes it: 3600, 0.5, 1048576.
std::string bound_text(double v) {
  std::ostringstream out;
  out << std::setprecision(15) << v;
  return out.str();
}

CLI::Validator number_check(core::Lang lang, std::string description, std::optional<double> lo, bool lo_open, std::optional<double> hi) {
  return CLI::Validator(
      [lang, lo, lo_open, hi](std::string& input) -> std::string {
        auto v = number(input);
        if (!v) return core::msg(lang, "cli.check.not_a_number", {{"value", input}});
        if (lo && lo_open && *v <= *lo) return core::msg(lang, "cli.check.not_positive", {{"value", input}});
        if (lo && !lo_open && !hi && *v < *lo) return core::msg(lang, "cli.check.negative", {{"value", input}});
        if ((lo && !lo_open && *v < *lo) || (hi && *v > *hi)) {
          return core::msg(lang, "cli.check.out_of_range",
                           {{"value", input}, {"min", bound_text(lo.value_or(0))}, {"max", bound_text(hi.value_or(0))}});
        }
        return std::string{};
      },
      std::move(description));
}

}  // namespace

CLI::Validator one_of(const HelpText& help, std::vector<std::string> choices) {
  const core::Lang lang = help.lang();
  std::string listed = core::join(choices, ",");
  return CLI::Validator(
      [lang, choices](std::string& input) -> std::string {
        for (const auto& c : choices) {
          if (c == input) return std::string{};
        }
        return core::msg(lang, "cli.check.not_one_of", {{"value", input}, {"choices", core::join(choices, ", ")}});
      },
      "{" + listed + "}");
}

CLI::Validator positive_number(const HelpText& help) { return number_check(help.lang(), "POSITIVE", 0.0, true, std::nullopt); }

CLI::Validator non_negative_number(const HelpText& help) { return number_check(help.lang(), "NONNEGATIVE", 0.0, false, std::nullopt); }

CLI::Validator number_between(const HelpText& help, double lo, double hi, const std::string& type) {
  return number_check(help.lang(), type + " in [" + bound_text(lo) + " - " + bound_text(hi) + "]", lo, false, hi);
}

}  // namespace cli
