// The --help texts: every description on the command line comes from the
// help catalog, every help id of the catalog is used, and each Japanese text is Japanese.
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "cli/app.h"
#include "cli/help_text.h"
#include "core/messages.h"

namespace {

// Each option and subcommand description below `app`, recursively.
void each_description(const CLI::App& app, const std::function<void(const std::string&, const std::string&)>& fn) {
  fn(app.get_name(), app.get_description());
  for (const CLI::Option* o : app.get_options()) fn(o->get_name(), o->get_description());
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) each_description(*sub, fn);
}

std::set<std::string> help_ids() {
  std::set<std::string> out;
  for (const auto& id : core::catalog_ids(core::Lang::en)) {
    if (id.rfind("help.", 0) == 0) out.insert(id);
  }
  return out;
}

TEST(HelpText, EveryDescriptionIsFromTheCatalogAndEveryHelpIdIsUsed) {
  for (core::Lang lang : {core::Lang::en, core::Lang::ja}) {
    CLI::App app;
    cli::GlobalOptions global;
    cli::CommandFn selected;
    cli::HelpText help(lang);
    cli::define_command_line(app, help, global, selected);
    const auto& texts = help.texts();
    each_description(app, [&](const std::string& name, const std::string& description) {
      EXPECT_FALSE(description.empty()) << name;
      EXPECT_TRUE(texts.count(description) == 1) << name << ": " << description;
    });
    std::set<std::string> used(help.used().begin(), help.used().end());
    EXPECT_EQ(used, help_ids());
  }
}

TEST(HelpText, EveryJapaneseHelpTextIsJapanese) {
  // Kana and CJK ideographs (U+3040-U+9FFF) begin with the UTF-8 bytes E3-E9.
  auto japanese = [](const std::string& s) {
    for (unsigned char c : s) {
      if (c >= 0xE3 && c <= 0xE9) return true;
    }
    return false;
  };
  for (const auto& id : help_ids()) {
    std::string ja = core::msg(core::Lang::ja, id);
    EXPECT_TRUE(japanese(ja)) << id << ": " << ja;
  }
}

TEST(HelpText, LanguageFromArgvBeforeTheLocale) {
  const char* a1[] = {"quark-ptq", "--lang", "ja", "plan", "--help"};
  EXPECT_EQ(cli::help_lang(5, const_cast<char**>(a1)), core::Lang::ja);
  const char* a2[] = {"quark-ptq", "plan", "--lang=ja", "--help"};
  EXPECT_EQ(cli::help_lang(4, const_cast<char**>(a2)), core::Lang::ja);
  const char* a3[] = {"quark-ptq", "--lang", "en", "--help"};
  EXPECT_EQ(cli::help_lang(4, const_cast<char**>(a3)), core::Lang::en);
}

}  // namespace
