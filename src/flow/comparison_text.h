// Checkpoint 2 of a comparison (plan --compare) in words: the candidate plans, one line each
// (scheme, algorithm, KV cache, exclusions, evaluation), the regrouping a candidate had, every
// risk a candidate adds to the first one's (the plan's own risks, shown beside), and the schemes
// left out with their reasons. The terminal and the MCP question show the same lines, so what
// confirming accepts is what the person saw, whichever way they were asked.
#pragma once

#include <string>
#include <vector>

#include "artifacts/quant_plan.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "artifacts/comparison_manifest.h"

namespace flow {

// Nothing when the plan has no `comparison`.
std::vector<std::string> comparison_lines(core::Lang lang, const artifacts::QuantPlan& plan);

// How step 4 runs the candidates, in words: "one after another", or "side by side, one lane
// per GPU (GPU 0: fp8, ptpc_fp8; GPU 1: int4_wo_64)", or as Slurm jobs side by side
// (artifacts::ComparisonManifest::lanes).
std::string run_order(core::Lang lang, const artifacts::ComparisonManifest& record);

}  // namespace flow
