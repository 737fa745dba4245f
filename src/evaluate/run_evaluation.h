// Runs the embedded evaluator (knowledge/probes/evaluate.py) in the chosen Python through the
// runner's monitored run (progress on the terminal as it comes, a log file, Ctrl-C forwarded,
// a hard deadline) and judges what it measured. Never fails: an evaluator that cannot start,
// times out, crashes or writes garbage gives a result whose checks are not_run.
#pragma once

#include <filesystem>
#include <functional>
#include <utility>
#include <vector>
#include <string>
#include <vector>

#include "core/messages.h"
#include "core/result.h"
#include "evaluate/baseline_cache.h"
#include "evaluate/evaluation.h"
#include "runner/clean_echo.h"
#include "runner/command.h"
#include "runner/stop_switch.h"
#include "runner/waiting_child.h"

namespace evaluate {

inline constexpr std::string_view kScriptPath = "knowledge/probes/evaluate.py";

struct Request {
  std::string python;            // interpreter with torch, transformers (and amd-quark)
  std::filesystem::path source;  // the unquantized model directory
  std::filesystem::path output;  // the quantized output directory
  std::filesystem::path text;    // held-out text (.jsonl with "text", or .txt)
  Settings settings;
  std::filesystem::path work_dir;  // each evaluation's log and raw figures (evaluation-<unique>.log / .json) go here
  int echo_fd = 2;                 // where the evaluator's progress lines are shown; -1: nowhere
  runner::EchoStyle echo_style = runner::EchoStyle::lines;  // how: colour only for a terminal that wants it
  core::Lang lang = core::Lang::en;                         // and in which language
  const runner::StopSwitch* stop = nullptr;                 // a request on it interrupts the evaluation (as Ctrl-C)
  double stop_grace_seconds = 10;                           // between the stop signal and killing the evaluator's group
  // Called with the evaluator's pid once it started (the run step records it in the manifest).
  std::function<void(int pid)> on_started;
  // Where the source's figures are kept between evaluations (baseline_cache.h); empty: the
  // source is measured every time and nothing is kept.
  BaselineCache baseline;
  // Set in the evaluator's environment: the GPU pin of the run it evaluates, so that a
  // candidate run beside others is evaluated on its own GPU.
  std::vector<std::pair<std::string, std::string>> env;
  // A program the evaluator's argv runs behind: a Slurm job step's srun and its options, so
  // that a GPU job's output is measured on a GPU of its partition. Empty: run here.
  std::vector<std::string> launch_prefix;
  // Added to the hard deadline for the time the prefix may wait before the evaluator starts
  // (an allocation in a queue); the step's own time limit bounds the evaluator itself.
  double start_wait_seconds = 0;
};

// The evaluator's arguments after the script: the request's (absolute paths: it starts in "/");
// with the source's figures from `baseline_in` when given, and where to write them when the
// source is measured (`baseline_out`, "" none).
std::vector<std::string> evaluator_arguments(const Request& req, const std::filesystem::path& result_file,
                                             const std::filesystem::path& baseline_in = {}, const std::filesystem::path& baseline_out = {});
// The evaluator's command: runner::python_script on the embedded script with `args`, offline,
// unbuffered.
runner::CommandSpec evaluator_command(const std::string& python, std::string_view script, std::vector<std::string> args);

// The hard deadline: the budget for the windows plus time to import, load and generate.
double hard_timeout_seconds(const Settings& s);

// `waiting`, when it holds one, is the evaluator started earlier with the request's interpreter
// (evaluate/waiting_evaluator.h): it is told to go instead of a new one being started, and the
// log, the deadline and process_seconds count from the go. Released if the evaluation ends
// before it gets there (no script, a directory that is not ours).
EvaluationResult run_evaluation(const Request& req, runner::WaitingChild waiting = {});

}  // namespace evaluate
