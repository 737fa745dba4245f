// The evaluator started while quark-cli still runs, so that the person does not wait for its
// imports of torch and transformers after verification: knowledge/probes/evaluate.py with
// `--wait-for-go` and the environment of a direct start, held at its gate (runner/
// waiting_child.h) until run_evaluation tells it to go with its arguments (go_line), or released
// when there is nothing to evaluate. Before the go it imports only: no file is read or written
// and no GPU is touched.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "runner/command.h"
#include "runner/waiting_child.h"

namespace evaluate {

// The script's status when it was released instead of told to go.
inline constexpr int kReleasedExitCode = 10;

runner::CommandSpec waiting_evaluator_command(const std::string& python, std::string_view script);

// Fails as a value when the script is missing or the interpreter cannot be started (the
// evaluation then starts it itself, and says why it could not).
// `env`: set in its environment (evaluate::Request::env: the GPU pin of the run it evaluates).
core::Result<runner::WaitingChild> start_waiting_evaluator(const std::string& python,
                                                           const std::vector<std::pair<std::string, std::string>>& env = {});

// "go " + the JSON array of the arguments + "\n": one line (JSON escapes every newline).
std::string go_line(const std::vector<std::string>& args);

}  // namespace evaluate
