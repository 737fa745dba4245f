// The --help texts. Every description of a command or an option, and the words CLI11 puts
// around them (Usage, Options, REQUIRED...), is an id in messages/help.{en,ja}.json: the
// command line is defined in the language of the run, so `--lang ja --help` is Japanese and
// the English help is the catalog's English, one source for both.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/messages.h"

namespace cli {

class HelpText {
 public:
  explicit HelpText(core::Lang lang) : m_lang(lang) {}
  // The catalog text of `id` (a "help." id). The ids asked for are remembered, so a test can
  // check that each description came from the catalog.
  std::string operator()(std::string_view id, const std::vector<core::MessageArg>& args = {}) const;
  core::Lang lang() const { return m_lang; }
  const std::set<std::string, std::less<>>& used() const { return m_used; }
  // The texts given out, filled with their arguments (the option table's choices and defaults).
  const std::set<std::string, std::less<>>& texts() const { return m_texts; }

 private:
  core::Lang m_lang;
  mutable std::set<std::string, std::less<>> m_used;
  mutable std::set<std::string, std::less<>> m_texts;
};

// The language of the help: CLI11 prints it while parsing, before --lang is bound, so argv is
// read for --lang first (as the option accepts it: `--lang ja` or `--lang=ja`, anywhere before
// `--`); without one, the locale, as for every other message.
core::Lang help_lang(int argc, char** argv);

// The help's frame in `help`'s language: the -h/--help and --version descriptions, the group
// names and the usage line's words. Called on the top-level app before any subcommand is
// added (subcommands inherit the help flag, the group name and the formatter).
void use_help_frame(CLI::App& app, const HelpText& help);

}  // namespace cli
