#include "cli/next_step.h"

#include "cli/summaries.h"
#include "flow/documents.h"

namespace cli {

std::string user_command(const std::filesystem::path& workdir, const std::string& cmd) { return flow::user_command(workdir, cmd); }

std::string hint_command(const workflow::WorkflowStatus& s) { return user_command(s.workdir, s.next_command); }

std::string evaluation_verdict_text(const Console& c, std::string verdict) {
  return flow::evaluation_verdict_text(c.lang(), std::move(verdict));
}

void say_next(const Console& c, const workflow::WorkflowStatus& s) {
  // Every next step that is `run --approve DIGEST` shows the command the digest approves.
  if (workflow::approved_command_display(s.next_command, s.manifest.doc)) {
    show_execution_summary(c, s.manifest.doc);
  }
  c.say("cli.next", {{"what", flow::next_action_text(c.lang(), s)}});
  if (!s.next_command.empty()) c.line("  " + hint_command(s));
}

core::Json next_json(const Console& c, const workflow::WorkflowStatus& s) { return flow::next_action_json(c.lang(), s); }

void say_next(const Console& c, const workflow::Workdir& wd) {
  if (auto s = workflow::status_of(wd)) say_next(c, *s);
}

}  // namespace cli
