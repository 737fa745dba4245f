#include "cli/usage_error.h"

#include <regex>
#include <string>
#include <vector>

namespace cli {

namespace {

using Code = CLI::ExitCodes;

struct Shape {
  Code code;            // CLI11's exit code for the kind of error (its name is not reliable:
                        // a subcommand's ExtrasError carries the subcommand's name)
  const char* pattern;  // the whole of its what()
  const char* id;       // cli.usage.<...>
  std::vector<const char*> groups;
};

// CLI11 2.1's wording of each refusal (its Error.hpp); a message outside these is shown as it
// is, under the generic id.
const std::vector<Shape>& shapes() {
  static const std::vector<Shape> all = {
      {Code::RequiredError, R"(A subcommand is required|Requires at least \d+ subcommands?.*)", "cli.usage.command_required", {}},
      {Code::RequiredError, R"((.+) is required)", "cli.usage.required", {"name"}},
      {Code::ExtrasError, R"(The following arguments? (?:was|were) not expected: (.*))", "cli.usage.unexpected", {"arguments"}},
      {Code::ArgumentMismatch, R"((\S+): \d+ required \S+ missing)", "cli.usage.value_missing", {"name"}},
      {Code::ArgumentMismatch, R"(Expected (?:exactly|at least) \d+ arguments? to (\S+), got \d+)", "cli.usage.value_missing", {"name"}},
      {Code::ConversionError, R"(The value (.*) is not an allowed value for (\S+))", "cli.usage.not_convertible", {"value", "name"}},
      {Code::ConversionError, R"(Could not convert: (\S+) = (.*))", "cli.usage.not_convertible", {"name", "value"}},
      {Code::ConversionError,
       R"((\S+): too many inputs for a flag|(\S+): Should be true/false or a number)",
       "cli.usage.flag_value",
       {"name"}},
      {Code::ValidationError, R"(([^:]+): (.+))", "cli.usage.invalid_value", {"name", "why"}},
      {Code::ExcludesError, R"((\S+) excludes (\S+))", "cli.usage.excludes", {"name", "other"}},
      {Code::RequiresError, R"((\S+) requires (\S+))", "cli.usage.requires", {"name", "other"}},
  };
  return all;
}

// The subcommands parsing had reached, top first.
std::vector<const CLI::App*> parsed_path(const CLI::App& app) {
  std::vector<const CLI::App*> path{&app};
  for (;;) {
    auto subs = path.back()->get_subcommands();
    if (subs.empty()) return path;
    path.push_back(subs.front());
  }
}

// "quark-ptq [SUB...] --help" for the deepest command on the path that owns `option` (CLI11
// names an option by its flags, "--lang", or a positional by its name, "file"); without one, the
// deepest command reached.
std::string help_command(const std::vector<const CLI::App*>& path, const std::string& option) {
  std::size_t owner = path.size() - 1;
  if (!option.empty()) {
    for (std::size_t i = path.size(); i-- > 0;) {
      if (path[i]->get_option_no_throw(option) != nullptr) {
        owner = i;
        break;
      }
    }
  }
  std::string out = "quark-ptq ";
  for (std::size_t i = 1; i <= owner; ++i) out += path[i]->get_name() + " ";
  return out + "--help";
}

}  // namespace

core::Error usage_error(const CLI::ParseError& e, const CLI::App& app) {
  const auto path = parsed_path(app);
  const std::string text = e.what();
  for (const auto& s : shapes()) {
    if (e.get_exit_code() != static_cast<int>(s.code)) continue;
    std::smatch m;
    if (!std::regex_match(text, m, std::regex(s.pattern))) continue;
    core::Error err = core::make_error(core::ExitCode::usage, s.id);
    // Alternatives in one pattern leave the unused group empty: the groups are read in order,
    // skipping those that did not take part.
    std::string option;
    std::size_t g = 1;
    for (const char* arg : s.groups) {
      while (g < m.size() && !m[g].matched) ++g;
      std::string value = g < m.size() ? m[g].str() : "";
      if (std::string_view(arg) == "name") option = value;
      err.with(arg, std::move(value));
      ++g;
    }
    return err.with("help", help_command(path, option));
  }
  return core::make_error(core::ExitCode::usage, "cli.usage_error").with("text", text).with("help", help_command(path, ""));
}

}  // namespace cli
