// The next thing to do, as status decides it (workflow::status_of): a closed set, one catalog
// text each ("workflow.next_<name>"), so that a reader branches on the value, never on the id.
#pragma once

#include <string_view>

namespace workflow {

enum class NextAction {
  analyze,
  reanalyze,
  confirm_analysis,
  plan,
  confirm_plan,
  prepare,
  fix_environment,
  approve,
  run,
  wait_running,
  follow_job,  // a Slurm job of this run that no quark-ptq follows: `run` follows it again
  rerun_interrupted,
  after_failure,
  result_failed,
  result_partial,
  evaluation_not_pass,
  evaluation_not_run,  // a tool problem (the evaluator did not start, crashed, was stopped): never a reason to replan
  run_comparison,      // a comparison approved, some candidates not run to the end: `run` goes on
  choose_candidate,    // every candidate of a comparison has run: checkpoint 4 picks one
  accept,
  followup,
  done,
};

inline constexpr NextAction kAllNextActions[] = {
    NextAction::analyze,
    NextAction::reanalyze,
    NextAction::confirm_analysis,
    NextAction::plan,
    NextAction::confirm_plan,
    NextAction::prepare,
    NextAction::fix_environment,
    NextAction::approve,
    NextAction::run,
    NextAction::wait_running,
    NextAction::follow_job,
    NextAction::rerun_interrupted,
    NextAction::after_failure,
    NextAction::result_failed,
    NextAction::result_partial,
    NextAction::evaluation_not_pass,
    NextAction::evaluation_not_run,
    NextAction::run_comparison,
    NextAction::choose_candidate,
    NextAction::accept,
    NextAction::followup,
    NextAction::done,
};

// Its catalog id, e.g. "workflow.next_evaluation_not_pass": the text shown and the "id" of
// the next action in every --json document.
std::string_view next_action_id(NextAction a);

}  // namespace workflow
