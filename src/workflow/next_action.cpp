#include "workflow/next_action.h"

namespace workflow {

std::string_view next_action_id(NextAction a) {
  switch (a) {
    case NextAction::analyze:
      return "workflow.next_analyze";
    case NextAction::reanalyze:
      return "workflow.next_reanalyze";
    case NextAction::confirm_analysis:
      return "workflow.next_confirm_analysis";
    case NextAction::plan:
      return "workflow.next_plan";
    case NextAction::confirm_plan:
      return "workflow.next_confirm_plan";
    case NextAction::prepare:
      return "workflow.next_prepare";
    case NextAction::fix_environment:
      return "workflow.next_fix_environment";
    case NextAction::approve:
      return "workflow.next_approve";
    case NextAction::run:
      return "workflow.next_run";
    case NextAction::wait_running:
      return "workflow.next_wait_running";
    case NextAction::follow_job:
      return "workflow.next_follow_job";
    case NextAction::rerun_interrupted:
      return "workflow.next_rerun_interrupted";
    case NextAction::after_failure:
      return "workflow.next_after_failure";
    case NextAction::result_failed:
      return "workflow.next_result_failed";
    case NextAction::result_partial:
      return "workflow.next_result_partial";
    case NextAction::evaluation_not_pass:
      return "workflow.next_evaluation_not_pass";
    case NextAction::evaluation_not_run:
      return "workflow.next_evaluation_not_run";
    case NextAction::accept:
      return "workflow.next_accept";
    case NextAction::followup:
      return "workflow.next_followup";
    case NextAction::done:
      return "workflow.next_done";
    case NextAction::run_comparison:
      return "workflow.next_run_comparison";
    case NextAction::choose_candidate:
      return "workflow.next_choose_candidate";
  }
  return "workflow.next_analyze";
}

}  // namespace workflow
