#include "cli/next_step.h"

#include "cli/summaries.h"

namespace cli {

void say_next(const Console& c, const workflow::WorkflowStatus& s) {
  if (s.next_action_id == "workflow.next_approve" || s.next_action_id == "workflow.next_rerun_interrupted") {
    show_execution_summary(c, s.manifest.doc);
  }
  c.say("cli.next", {{"what", c.t(s.next_action_id, s.next_action_args)}});
  if (!s.next_command.empty()) c.line("  " + s.next_command);
}

core::Json next_json(const Console& c, const workflow::WorkflowStatus& s) {
  return {{"id", s.next_action_id}, {"text", c.t(s.next_action_id, s.next_action_args)}, {"command", s.next_command}};
}

void say_next(const Console& c, const workflow::Workdir& wd) {
  if (auto s = workflow::evaluate(wd)) say_next(c, *s);
}

}  // namespace cli
