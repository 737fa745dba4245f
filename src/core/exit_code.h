// The one table of process exit codes (docs/exit-codes.md mirrors it; tests check both).
#pragma once

namespace core {

enum class ExitCode : int {
  ok = 0,
  internal = 1,        // a bug or an unexpected system failure
  usage = 2,           // bad command line
  bad_input = 3,       // a model, file or artifact given to us is missing or invalid
  not_confirmed = 4,   // a step was asked for before the checkpoint it depends on
  stale = 5,           // an upstream artifact changed after a later confirmation
  env_not_ready = 6,   // the Python / GPU environment cannot run the plan
  not_approved = 7,    // execution was not approved (declined, wrong digest, no terminal)
  plan_invalid = 8,    // the plan fails validation against the installed Quark
  run_failed = 9,      // quark-cli failed; a diagnosis is recorded
  verify_failed = 10,  // the output is partial or failed verification
  network = 11,        // the Hub could not be reached or refused us
  eval_failed = 12,    // the evaluation's verdict is fail, indeterminate or not-run
  interrupted = 130,   // Ctrl-C / SIGTERM
};

inline int to_int(ExitCode c) { return static_cast<int>(c); }

}  // namespace core
