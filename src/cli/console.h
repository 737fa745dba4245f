// Where text goes. Without --json, human output goes to stdout; with --json, stdout carries
// exactly one JSON document and human text moves to stderr. Errors always go to stderr as
// one line "quark-ptq: error: ..."; with --json, an error that comes before any document is
// also that document: {"error": {"exit_code", "id", "message", "args", "detail"}}. Prompts are asked only on a terminal: without one,
// ask() returns nullopt and the caller treats that as a refusal, never as a yes.
#pragma once

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "runner/clean_echo.h"

namespace cli {

class Console {
 public:
  Console(core::Lang lang, bool json_mode);

  core::Lang lang() const { return m_lang; }
  // The workdir of the command: a `quark-ptq ...` command an error names is shown with
  // `--workdir DIR` when it is not the current directory.
  void set_workdir(std::filesystem::path workdir) { m_workdir = std::move(workdir); }
  // `command` ("quark-ptq ...") as the person types it for this workdir.
  std::string command(const std::string& command) const;
  bool json_mode() const { return m_json; }
  // stdin is a terminal: questions can be asked.
  bool interactive() const { return m_interactive; }
  // colour only on a terminal and when NO_COLOR is unset.
  bool color() const { return m_color; }

  // The catalog text for `id` in the current language.
  std::string t(std::string_view id, const std::vector<core::MessageArg>& args = {}) const;
  // A value an artifact records in English for machines ("succeeded", "quantizing",
  // "complete", "high"), as the user reads it: messages/enum.*.json enum.<family>.<value>,
  // or the value itself when the catalog does not know it.
  std::string enum_text(std::string_view family, const std::string& value) const;
  // A line of human text (stdout, or stderr in --json mode).
  void line(std::string_view text) const;
  // A line of human text from the catalog.
  void say(std::string_view id, const std::vector<core::MessageArg>& args = {}) const;
  // A progress line on stderr, in --json mode too (stdout keeps its one document).
  void progress(std::string_view text) const;
  // A warning line on stderr.
  void warn(std::string_view text) const;
  // The error line on stderr (and in --json mode the error document on stdout, unless a
  // document was printed already); returns the exit code to use.
  int error(const core::Error& e) const;
  // The one machine-readable document on stdout (only in --json mode).
  void json(const core::Json& j) const;
  // The error line only, for an error the command goes on after (never the --json document).
  void error_line(const core::Error& e) const;
  // Only the --json document of `e`, on stdout (a usage error: CLI11 printed its own line).
  void error_document(const core::Error& e) const { json(error_json(m_lang, e)); }
  // The end of a command that exits with `rc`: in --json mode a failure that printed no
  // document gets one ("cli.failed_without_document"), so stdout is never empty. Returns rc.
  int finish(int rc) const;
  // The --json document of an error (credentials in URLs redacted, as on the error line).
  static core::Json error_json(core::Lang lang, const core::Error& e);
  // Prints the prompt on stderr and reads one line from stdin; nullopt without a terminal
  // or at end of input.
  std::optional<std::string> ask(std::string_view prompt) const;

  // How a child's output echoed on `fd` is rendered: raw on a colour terminal, without
  // escape sequences under NO_COLOR or TERM=dumb, plain lines when `fd` is not a terminal.
  static runner::EchoStyle echo_style(int fd);

  // Test hooks: capture instead of the real streams.
  void set_streams(std::FILE* out, std::FILE* err, std::FILE* in, bool interactive);

 private:
  // `e` as the person reads it: its commands with --workdir, its verdict and reason localized.
  core::Error shown(core::Error e) const;

  core::Lang m_lang;
  std::filesystem::path m_workdir;
  bool m_json;
  bool m_interactive;
  bool m_color;
  std::FILE* m_out;
  std::FILE* m_err;
  std::FILE* m_in;
  mutable bool m_document_written = false;
};

}  // namespace cli
