#include "cli/console.h"

#include <cstdlib>
#include <cstring>
#include <stdio_ext.h>
#include <termios.h>
#include <unistd.h>

#include "core/text.h"
#include "flow/documents.h"

namespace cli {

namespace {

// https://no-color.org: any non-empty NO_COLOR disables colour; so does a dumb terminal.
bool colour_wanted() {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  const char* term = std::getenv("TERM");
  return term == nullptr || std::strcmp(term, "dumb") != 0;
}

bool colour_allowed(int fd) { return colour_wanted() && ::isatty(fd) == 1; }

}  // namespace

Console::Console(core::Lang lang, bool json_mode)
    : m_lang(lang),
      m_json(json_mode),
      m_interactive(::isatty(STDIN_FILENO) == 1),
      m_color(colour_allowed(STDERR_FILENO)),
      m_out(stdout),
      m_err(stderr),
      m_in(stdin) {}

runner::EchoStyle Console::echo_style(int fd) {
  if (::isatty(fd) != 1) return runner::EchoStyle::lines;
  return colour_wanted() ? runner::EchoStyle::raw : runner::EchoStyle::no_color;
}

std::string Console::t(std::string_view id, const std::vector<core::MessageArg>& args) const { return core::msg(m_lang, id, args); }

std::string Console::enum_text(std::string_view family, const std::string& value) const {
  std::string id = "enum." + std::string(family) + "." + value;
  return core::catalog_has(m_lang, id) ? t(id) : value;
}

void Console::line(std::string_view text) const {
  std::FILE* f = m_json ? m_err : m_out;
  // Lines carry untrusted text (config values, tensor names, a child's output): no escape
  // sequence from them reaches the terminal.
  std::string safe = core::terminal_safe(text);
  std::fwrite(safe.data(), 1, safe.size(), f);
  std::fputc('\n', f);
  std::fflush(f);
}

void Console::say(std::string_view id, const std::vector<core::MessageArg>& args) const { line(t(id, args)); }

void Console::progress(std::string_view text) const {
  std::string s = core::terminal_safe(text) + "\n";
  std::fwrite(s.data(), 1, s.size(), m_err);
  std::fflush(m_err);
}

void Console::warn(std::string_view text) const {
  std::string s = t("cli.warning_prefix") + core::terminal_safe(text) + "\n";
  std::fwrite(s.data(), 1, s.size(), m_err);
  std::fflush(m_err);
}

void Console::error_line(const core::Error& e) const {
  std::string s = t("cli.error_prefix") + core::render_error(m_lang, shown(e)) + "\n";
  if (m_color) s = "\033[31m" + s.substr(0, s.size() - 1) + "\033[0m\n";
  std::fwrite(s.data(), 1, s.size(), m_err);
  std::fflush(m_err);
}

std::string Console::command(const std::string& command) const { return flow::user_command(m_workdir, command); }

core::Error Console::shown(core::Error e) const {
  for (auto& a : e.args) a.value = flow::user_command(m_workdir, a.value);
  return flow::localized(m_lang, std::move(e));
}

int Console::error(const core::Error& e) const {
  error_line(e);
  if (m_json && !m_document_written) json(error_json(m_lang, shown(e)));
  return core::to_int(e.code);
}

core::Json Console::error_json(core::Lang lang, const core::Error& e) { return flow::error_document(lang, e); }

void Console::json(const core::Json& j) const {
  std::string s = core::dump_pretty(j);
  std::fwrite(s.data(), 1, s.size(), m_out);
  std::fflush(m_out);
  m_document_written = true;
}

int Console::finish(int rc) const {
  if (rc != 0 && m_json && !m_document_written) {
    core::Error e = core::make_error(static_cast<core::ExitCode>(rc), "cli.failed_without_document").with("code", std::to_string(rc));
    json(error_json(m_lang, e));
  }
  return rc;
}

std::optional<std::string> Console::ask(std::string_view prompt) const {
  if (!m_interactive) return std::nullopt;
  // Only what is typed after the question is shown answers it: anything
  // typed ahead ("yes" three times before checkpoint 1 was even shown) is discarded, from the
  // terminal's queue and from stdio's buffer.
  int in_fd = ::fileno(m_in);
  if (in_fd >= 0 && ::isatty(in_fd) == 1) {
    ::__fpurge(m_in);
    ::tcflush(in_fd, TCIFLUSH);
  }
  // One write, so nothing typed early can land between the question and its trailing space.
  std::string text = std::string(prompt) + " ";
  std::fwrite(text.data(), 1, text.size(), m_err);
  std::fflush(m_err);
  std::string answer;
  int c = 0;
  bool got_any = false;
  while ((c = std::fgetc(m_in)) != EOF) {
    got_any = true;
    if (c == '\n') break;
    answer.push_back(static_cast<char>(c));
  }
  if (!got_any) return std::nullopt;
  if (!answer.empty() && answer.back() == '\r') answer.pop_back();
  return answer;
}

void Console::set_streams(std::FILE* out, std::FILE* err, std::FILE* in, bool interactive) {
  m_out = out;
  m_err = err;
  m_in = in;
  m_interactive = interactive;
  m_color = false;
}

}  // namespace cli
