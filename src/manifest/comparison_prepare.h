// Step 3 of a comparison (plan --compare), without the printing: every candidate of the
// confirmed plan gets a workdir of its own (candidates/NAME: the comparison's analysis, its
// candidate plan, checkpoints 1 and 2 carried over) and is prepared there by prepare() as a
// single plan would be, writing into OUTPUT_DIR/NAME; then comparison_manifest.yaml records
// each candidate's command digest and the one digest checkpoint 3 approves for them all.
// The candidates' manifests are written also when an environment is not ready (each verdict
// says why); the comparison's manifest exactly when every candidate was prepared.
#pragma once

#include <filesystem>
#include <vector>

#include "core/result.h"
#include "manifest/prepare_flow.h"
#include "artifacts/comparison_manifest.h"

namespace manifest {

struct ComparisonPrepared {
  artifacts::ComparisonManifest record;   // as written (its digest recomputed)
  std::vector<PrepareResult> candidates;  // in the record's order
  std::filesystem::path path;             // comparison_manifest.yaml
  // The candidates could have run side by side on GPUs of their own, but all of them at their
  // host memory peak would not fit in the host's free memory: they share GPU 0, one after
  // another. The GiB side by side and the GiB free; unset otherwise.
  std::optional<std::pair<double, double>> one_after_another_for_host_memory;
  bool ready() const { return record.ready(); }
};

// Whether the workdir's plan is a comparison (quant_plan.json has `comparison`); false when
// the plan cannot be read (prepare says why).
bool plan_is_comparison(const workflow::Workdir& wd);

// Errors: those of prepare() for any candidate (the first one stops it; the candidates
// prepared before keep their manifests, the comparison's manifest is not written), plus
// bad_input "comparison.candidate_dir_invalid" for a candidates/ entry that is a link or not
// a directory. --output-dir is required and is the parent of every candidate's output.
core::Result<ComparisonPrepared> prepare_comparison(const PrepareOptions& opt);

}  // namespace manifest
