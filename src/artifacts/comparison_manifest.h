// comparison_manifest.yaml as a typed document: what step 3 of a comparison wrote (one entry
// per candidate workdir, with its command digest) and the one digest checkpoint 3 approves for
// all of them. The one reader (from_json, strict beyond the schema: names are never paths) and
// the one writer (to_json) of that document.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

// A candidate's name becomes a directory (candidates/NAME) and part of an output path: a
// scheme name of lower-case letters, digits and '_', starting with a letter or digit, at most
// 64 characters. Anything else ('..', '/', a dot file) is refused wherever a name is read.
bool is_candidate_name(std::string_view name);

struct CandidateFigures {
  double minutes = 0;
  double gpu_memory_gib = 0;
  double host_memory_gib = 0;
  double disk_gib = 0;
};

struct ComparisonEntry {
  std::string name;
  std::string command_digest;  // the candidate's run_manifest.yaml command.digest
  std::string command;         // its display, as its manifest derives it
  std::string output_dir;
  bool ready = false;
  CandidateFigures estimate;
  // The one GPU its command is pinned to (workflow/gpu_pin.h), read from its bound manifest
  // like `command` and `estimate`; never written to comparison_manifest.yaml.
  std::optional<int> gpu;
  // Its command runs as a Slurm job (the bound manifest's executor), read like `gpu`.
  bool job = false;
  // "candidates/NAME": where its workdir is, relative to the comparison's.
  std::string workdir() const { return "candidates/" + name; }
};

struct ComparisonManifest {
  std::string tool_version;
  std::string created_at;
  std::string analysis_digest;  // built_from: what checkpoints 1 and 2 confirmed
  std::string plan_digest;
  std::string output_dir;
  std::vector<ComparisonEntry> candidates;
  std::string digest;  // as recorded; digest() recomputes it

  bool ready() const;
  // The candidates (indices, in order) that run one after another, each list beside the
  // others: one list per candidate when every candidate is a Slurm job (the scheduler places
  // them), one list per GPU when every candidate is pinned to one GPU and they use more than
  // one; otherwise a single list of all.
  std::vector<std::vector<std::size_t>> lanes() const;
  bool all_jobs() const;
  // Disk adds up; one after another minutes add up and memory is the largest peak; side by
  // side the minutes are the longest lane's, host memory every lane's largest peak together
  // (each GPU has its own: its peak is the largest); as Slurm jobs each has a node's memory,
  // so the host figure is the largest job's.
  CandidateFigures total() const;
  // sha256 of the canonical {built_from, candidates: [{name, workdir, command_digest}]}: the
  // approval binds every candidate's command (each of which binds its whole run).
  std::string recomputed_digest() const;

  core::Json to_json() const;  // with `digest` recomputed
  // bad_input "comparison.manifest_invalid" {problem} when a name is not a candidate name, two
  // candidates share one, a workdir is not candidates/NAME, or the recorded digest is not the
  // one the entries give (the file was edited).
  static core::Result<ComparisonManifest> from_json(const core::Json& doc);
};

// The parent output directory and the candidates' output directories as recorded, read from a
// document that may no longer hold as a whole (an edited digest, a stale entry): prepare is
// offered again into the same place. Empty where the document does not say.
struct ComparisonOutputs {
  std::string output_dir;
  std::vector<std::string> candidate_dirs;
};
ComparisonOutputs recorded_outputs(const core::Json& doc);

}  // namespace artifacts
