// Checkpoint 4 of a comparison as data: one row per candidate with what the person weighs -
// size and its ratio to the source, the perplexity delta with its standard error, canary
// agreement, the verdict, quark-cli's time, peak GPU and host memory - and the recommendation
// with its reason (report::recommend). The terminal table, --json and the MCP tool all show
// this one document.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"
#include "report/candidate.h"
#include "report/recommend.h"

namespace flow {

// The verdict a row shows: the evaluation's when there is one, else how the run ended
// ("failed", "interrupted", "not_started", "not_verified").
std::string row_verdict(const report::Candidate& c);

struct ComparisonTable {
  report::Report report;
  std::optional<report::Recommendation> recommendation;
};

ComparisonTable comparison_table(report::Report report);

// {"candidates": [{name, verdict, size_bytes, size_ratio, delta_pct, se_pct, threshold_pct,
//   canary_agreement, quark_cli_seconds, peak_gpu_mib, peak_host_mib, recommended, accepted}],
//  "recommendation": {name, reason} | null}: numbers as measured (null when not), the reason
// in `lang`.
core::Json comparison_document(const ComparisonTable& t, core::Lang lang);

}  // namespace flow
