// Checkpoint 4 of a comparison: which candidate to ship. The smallest output whose run verified
// and whose evaluation passed, since every such candidate kept the model within the threshold
// and a smaller one is what quantization is for; between outputs of the same size (within
// 1 %), the scheme the target computes natively (an emulated one is dequantized at inference,
// so it serves slower for the same memory), then the one quark-cli made faster, then the
// earlier in the comparison. Nothing is
// recommended when no candidate passed: a failed or unmeasured model is never the pick.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/messages.h"
#include "report/candidate.h"

namespace report {

struct Recommendation {
  std::size_t index = 0;  // into the candidates given
  // Why, in words: a catalog id and its arguments (report.recommend_reason...).
  std::string reason_id;
  std::vector<core::MessageArg> args;
  // Why it beat a passing candidate of the same size ("" when none was): the catalog id
  // (report.recommend_tie_native / _faster / _order) and its arguments.
  std::string tie_id;
  std::vector<core::MessageArg> tie_args;
};

std::optional<Recommendation> recommend(const std::vector<Candidate>& candidates);

// The reason in words, the tie's sentence after it.
std::string reason_text(const Recommendation& r, core::Lang lang);

}  // namespace report
