#include "cli/next_step.h"

#include <algorithm>
#include <system_error>

#include "cli/summaries.h"
#include "core/shell_quote.h"

namespace cli {

std::string user_command(const std::filesystem::path& workdir, const std::string& cmd) {
  const std::string prefix = "quark-ptq ";
  if (cmd.rfind(prefix, 0) != 0 || workdir.empty()) return cmd;
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  // Relative to where the user stands when the workdir is below it, else absolute.
  std::filesystem::path shown = workdir;
  if (!ec) {
    std::filesystem::path rel = workdir.lexically_normal().lexically_relative(cwd.lexically_normal());
    if (rel == ".") return cmd;
    if (!rel.empty() && *rel.begin() != "..") shown = rel;
  }
  return prefix + "--workdir " + core::shell_quote(shown.string()) + " " + cmd.substr(prefix.size());
}

std::string hint_command(const workflow::WorkflowStatus& s) { return user_command(s.workdir, s.next_command); }

std::string evaluation_verdict_text(const Console& c, std::string verdict) {
  std::replace(verdict.begin(), verdict.end(), '-', '_');
  std::string id = "cli.evaluation_" + verdict;
  return core::catalog_has(c.lang(), id) ? c.t(id) : verdict;
}

namespace {

// The next action's text: the commands among its arguments as the user types them, an
// evaluation verdict in the console's language.
std::string next_text(const Console& c, const workflow::WorkflowStatus& s) {
  std::vector<core::MessageArg> args = s.next_action_args;
  for (auto& a : args) {
    a.value = user_command(s.workdir, a.value);
    if (a.name == "verdict") a.value = evaluation_verdict_text(c, a.value);
  }
  return c.t(s.next_action_id, args);
}

}  // namespace

void say_next(const Console& c, const workflow::WorkflowStatus& s) {
  // Every next step that is `run --approve DIGEST` shows the command the digest approves.
  if (workflow::approved_command_display(s.next_command, s.manifest.doc)) {
    show_execution_summary(c, s.manifest.doc);
  }
  c.say("cli.next", {{"what", next_text(c, s)}});
  if (!s.next_command.empty()) c.line("  " + hint_command(s));
}

core::Json next_json(const Console& c, const workflow::WorkflowStatus& s) {
  core::Json j = {{"id", s.next_action_id}, {"text", next_text(c, s)}, {"command", hint_command(s)}};
  if (auto approves = workflow::approved_command_display(s.next_command, s.manifest.doc)) j["approves"] = *approves;
  return j;
}

void say_next(const Console& c, const workflow::Workdir& wd) {
  if (auto s = workflow::evaluate(wd)) say_next(c, *s);
}

}  // namespace cli
