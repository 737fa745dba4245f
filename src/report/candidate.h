// What report.html shows, as typed values: one Candidate per quantized output that was planned
// and run (a single run is a list of one; a comparison adds candidates, not a new design). The
// renderer reads these and nothing else; read_workdir.h is the one place they are made from
// the workdir's files.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "diagnose/rules.h"
#include "evaluate/evaluation.h"

namespace report {

// How the run of a candidate ended, as the manifest recorded it (a run still recorded as
// running whose quark-ptq is gone is interrupted, with the reason).
enum class RunState { not_started, running, succeeded, failed, interrupted };

// One sample of the run monitor, in MiB; a GPU figure only where the GPU was sampled (it is
// sampled less often than the host).
struct MemorySample {
  double t = 0;  // seconds since quark-cli started
  std::optional<double> gpu_mib;
  std::optional<double> host_mib;
};

// A canary prompt and what each model generated from it.
struct CanaryText {
  std::string prompt;
  std::string source;
  std::string quantized;
};

// The perplexity delta of the quantized model against its source, in percent, with its
// standard error: only where both models were measured.
struct PerplexityDelta {
  double delta_pct = 0;
  double se_pct = 0;
};

struct Evaluation {
  evaluate::Status verdict = evaluate::Status::not_run;
  evaluate::Reason reason;  // why the verdict is not a pass
  std::optional<PerplexityDelta> perplexity;
  std::optional<double> threshold_pct;
  std::optional<double> canary_agreement;  // 0..1, mean over the prompts
  std::vector<CanaryText> canaries;
};

struct Candidate {
  std::string name;                  // the scheme, e.g. "fp8", "int4_wo_128"
  std::vector<std::string> details;  // what else the plan set: algorithms, KV cache scheme
  std::string target;                // the plan's target ("mi300x", "h100", "cpu"); "" when unknown
  // Whether the target computes the scheme natively (the plan's scheme_facts); unset when the
  // target's architecture or the scheme's hardware is unknown.
  std::optional<bool> native_on_target;
  RunState run = RunState::not_started;
  evaluate::Reason run_reason;                 // why a run recorded as running counts as interrupted
  std::string interrupted_by;                  // "SIGINT", "timeout", ...
  std::optional<diagnose::Diagnosis> failure;  // a failed quark-cli's diagnosis
  std::string verification;                    // "success", "partial", "failed"; "" when not verified
  std::optional<std::int64_t> size_bytes;      // the output's weights
  std::optional<std::int64_t> source_bytes;    // the source's weights
  std::optional<Evaluation> evaluation;        // absent when the plan did not ask for one
  std::optional<double> quark_cli_seconds;
  std::optional<std::int64_t> peak_gpu_mib;  // quark-cli's own share where known, else the device's
  std::optional<std::int64_t> peak_host_mib;
  std::vector<MemorySample> timeline;
  std::string command_display;
  std::string command_digest;
  bool recommended = false;
  bool accepted = false;

  // size / source, both weights; nothing when either is unknown.
  std::optional<double> size_ratio() const;
  // The delta and its SE when the perplexity was measured.
  const PerplexityDelta* perplexity() const { return evaluation && evaluation->perplexity ? &*evaluation->perplexity : nullptr; }
};

struct Report {
  std::string model;  // as the person named it (a Hub id or a path)
  std::vector<Candidate> candidates;
};

std::string_view run_state_name(RunState s);

}  // namespace report
