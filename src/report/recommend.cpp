#include "report/recommend.h"

#include <cmath>

#include "report/numbers.h"

namespace report {

namespace {

bool passed(const Candidate& c) {
  return c.run == RunState::succeeded && c.verification == "success" && c.evaluation && c.evaluation->verdict == evaluate::Status::pass;
}

// a is the better pick than b (both passed).
bool better(const Candidate& a, const Candidate& b) {
  if (a.size_bytes && b.size_bytes) {
    const double larger = static_cast<double>(std::max(*a.size_bytes, *b.size_bytes));
    if (std::abs(static_cast<double>(*a.size_bytes - *b.size_bytes)) > 0.01 * larger) return *a.size_bytes < *b.size_bytes;
  } else if (a.size_bytes.has_value() != b.size_bytes.has_value()) {
    return a.size_bytes.has_value();  // a size that was measured beats one that was not
  }
  if (a.quark_cli_seconds && b.quark_cli_seconds && *a.quark_cli_seconds != *b.quark_cli_seconds) {
    return *a.quark_cli_seconds < *b.quark_cli_seconds;
  }
  return false;  // the earlier stays
}

}  // namespace

std::optional<Recommendation> recommend(const std::vector<Candidate>& candidates) {
  std::optional<std::size_t> best;
  int passing = 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!passed(candidates[i])) continue;
    ++passing;
    if (!best || better(candidates[i], candidates[*best])) best = i;
  }
  if (!best) return std::nullopt;
  const Candidate& c = candidates[*best];
  Recommendation r;
  r.index = *best;
  r.reason_id = "report.recommend_reason";
  r.args = {
      {"name", c.name},
      {"passed", std::to_string(passing)},
      {"count", std::to_string(candidates.size())},
      {"size", c.size_bytes ? size_in(*c.size_bytes, size_unit(*c.size_bytes)) + " " + std::string(size_unit(*c.size_bytes).name) : "?"},
      {"ratio", c.size_ratio() ? share_pct(*c.size_ratio()) : "?"}};
  if (const PerplexityDelta* p = c.perplexity()) {
    r.args.push_back({"delta", signed_pct(p->delta_pct)});
    r.args.push_back({"se", plain_pct(p->se_pct)});
  } else {
    r.args.push_back({"delta", "?"});
    r.args.push_back({"se", "?"});
  }
  r.args.push_back({"threshold", c.evaluation && c.evaluation->threshold_pct ? signed_pct(*c.evaluation->threshold_pct) : "?"});
  return r;
}

}  // namespace report
