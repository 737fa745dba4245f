// A command line CLI11 refuses is told as one of our errors, by its kind, in the run's
// language, with bounds a person would write (--calib-samples 0
// printed CLI11's 309-digit maximum).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/app.h"
#include "cli/help_text.h"
#include "cli/usage_error.h"
#include "core/messages.h"

namespace {

// The error the real command line gives for `args` (after the program name), in `lang`.
core::Error refusal(core::Lang lang, std::vector<std::string> args) {
  CLI::App app;
  cli::GlobalOptions global;
  cli::CommandFn selected;
  cli::HelpText help(lang);
  cli::define_command_line(app, help, global, selected);
  args.insert(args.begin(), "quark-ptq");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    return cli::usage_error(e, app);
  }
  ADD_FAILURE() << "the command line was accepted";
  return {};
}

std::string arg(const core::Error& e, const std::string& name) {
  for (const auto& a : e.args) {
    if (a.name == name) return a.value;
  }
  return "<none>";
}

struct Case {
  std::vector<std::string> args;
  std::string id;
  std::string name;  // the {name} argument, "" when the id has none
  std::string help;
};

TEST(UsageError, EachRefusalHasItsKindTheInputAndTheHelpToRead) {
  const std::vector<Case> cases = {
      {{}, "cli.usage.command_required", "", "quark-ptq --help"},
      {{"validate"}, "cli.usage.required", "file", "quark-ptq validate --help"},
      {{"status", "surplus"}, "cli.usage.unexpected", "", "quark-ptq status --help"},
      {{"plan", "--calib-samples"}, "cli.usage.value_missing", "--calib-samples", "quark-ptq plan --help"},
      {{"plan", "--calib-samples", "0"}, "cli.usage.invalid_value", "--calib-samples", "quark-ptq plan --help"},
      {{"plan", "--calib-samples", "many"}, "cli.usage.invalid_value", "--calib-samples", "quark-ptq plan --help"},
      {{"run", "--stop-grace", "4000"}, "cli.usage.invalid_value", "--stop-grace", "quark-ptq run --help"},
      {{"--lang", "fr", "status"}, "cli.usage.invalid_value", "--lang", "quark-ptq --help"},
      {{"confirm", "everything"}, "cli.usage.invalid_value", "what", "quark-ptq confirm --help"},
  };
  for (const auto& c : cases) {
    core::Error e = refusal(core::Lang::en, c.args);
    SCOPED_TRACE(c.id + " " + (c.args.empty() ? "" : c.args.front()));
    EXPECT_EQ(e.code, core::ExitCode::usage);
    EXPECT_EQ(e.id, c.id) << core::render_error(core::Lang::en, e);
    if (!c.name.empty()) {
      EXPECT_EQ(arg(e, "name"), c.name);
    }
    EXPECT_EQ(arg(e, "help"), c.help);
  }
  EXPECT_EQ(arg(refusal(core::Lang::en, {"status", "surplus"}), "arguments"), "surplus");
}

TEST(UsageError, RefusedValuesAreToldWithTheBoundsAPersonWrites) {
  auto shown = [](core::Lang lang, std::vector<std::string> args) { return core::render_error(lang, refusal(lang, std::move(args))); };
  EXPECT_EQ(shown(core::Lang::en, {"plan", "--calib-samples", "0"}),
            "--calib-samples: 0 is not a positive number; see quark-ptq plan --help");
  EXPECT_EQ(shown(core::Lang::en, {"run", "--stop-grace", "4000"}),
            "--stop-grace: 4000 is not between 0 and 3600; see quark-ptq run --help");
  EXPECT_EQ(shown(core::Lang::en, {"plan", "--calib-samples", "many"}),
            "--calib-samples: 'many' is not a number; see quark-ptq plan --help");
  EXPECT_EQ(shown(core::Lang::en, {"--lang", "fr", "status"}), "--lang: 'fr' is not one of: en, ja; see quark-ptq --help");
}

// Every kind, in Japanese, is Japanese: CLI11's English words do not reach the line.
TEST(UsageError, JapaneseRefusalsHaveNoEnglishSentence) {
  const std::vector<std::vector<std::string>> lines = {
      {},
      {"validate"},
      {"status", "surplus"},
      {"plan", "--calib-samples"},
      {"plan", "--calib-samples", "0"},
      {"plan", "--calib-samples", "many"},
      {"run", "--stop-grace", "4000"},
      {"confirm", "everything"},
  };
  for (const auto& args : lines) {
    std::string ja = core::render_error(core::Lang::ja, refusal(core::Lang::ja, args));
    SCOPED_TRACE(ja);
    EXPECT_NE(ja.find("参照してください"), std::string::npos);
    for (const char* english : {"is required", "not expected", "not a", "not between", "not one of", "required", "missing", "range"}) {
      EXPECT_EQ(ja.find(english), std::string::npos) << english;
    }
  }
}

}  // namespace
