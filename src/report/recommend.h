// Checkpoint 4 of a comparison: which candidate to ship. The smallest output whose run verified
// and whose evaluation passed, since every such candidate kept the model within the threshold
// and a smaller one is what quantization is for; between outputs of the same size (within
// 1 %), the one quark-cli made faster, then the earlier in the comparison. Nothing is
// recommended when no candidate passed: a failed or unmeasured model is never the pick.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "report/candidate.h"

namespace report {

struct Recommendation {
  std::size_t index = 0;  // into the candidates given
  // Why, in words: a catalog id and its arguments (report.recommend_reason...).
  std::string reason_id;
  std::vector<core::MessageArg> args;
};

std::optional<Recommendation> recommend(const std::vector<Candidate>& candidates);

}  // namespace report
