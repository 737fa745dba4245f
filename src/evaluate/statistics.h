// The paired perplexity comparison: per-window mean negative log-likelihoods of the source
// and the quantized model on the same windows, and the verdict rule.
#pragma once

#include <optional>
#include <vector>

namespace evaluate {

struct PairedDelta {
  int n = 0;
  double source_ppl = 0;  // exp(mean source NLL)
  double quantized_ppl = 0;
  double delta_pct = 0;          // (exp(mean d) - 1) * 100, d = quantized NLL - source NLL per window
  std::optional<double> se_pct;  // delta method: exp(mean d) * sd(d) / sqrt(n) * 100; none for n < 2
};

// Uses the first min(|source|, |quantized|) windows of each. n == 0 when either is empty.
PairedDelta paired_delta(const std::vector<double>& source_nll, const std::vector<double>& quantized_nll);

enum class Judgement { pass, fail, indeterminate };

// pass: the whole interval delta +- z*SE lies at or under the threshold; fail: all of it lies
// above; indeterminate otherwise, and whenever the interval is as wide as the threshold
// itself (z*SE >= threshold) or there is no SE: too few windows to tell.
Judgement judge_delta(const PairedDelta& d, double threshold_pct, double z);

}  // namespace evaluate
