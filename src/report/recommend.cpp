#include "report/recommend.h"

#include <algorithm>
#include <cmath>

#include "report/numbers.h"

namespace report {

namespace {

bool passed(const Candidate& c) {
  return c.run == RunState::succeeded && c.verification == "success" && c.evaluation && c.evaluation->verdict == evaluate::Status::pass;
}

bool same_size(const Candidate& a, const Candidate& b) {
  if (!a.size_bytes || !b.size_bytes) return a.size_bytes.has_value() == b.size_bytes.has_value();
  const double larger = static_cast<double>(std::max(*a.size_bytes, *b.size_bytes));
  return std::abs(static_cast<double>(*a.size_bytes - *b.size_bytes)) <= 0.01 * larger;
}

// What makes one of two candidates the better pick (both passed); `order` keeps the earlier.
enum class Decider { size, native, faster, order };

Decider decider(const Candidate& a, const Candidate& b) {
  if (!same_size(a, b)) return Decider::size;
  if (a.native_on_target && b.native_on_target && *a.native_on_target != *b.native_on_target) return Decider::native;
  if (a.quark_cli_seconds && b.quark_cli_seconds && *a.quark_cli_seconds != *b.quark_cli_seconds) return Decider::faster;
  return Decider::order;
}

// a is the better pick than b (both passed).
bool better(const Candidate& a, const Candidate& b) {
  switch (decider(a, b)) {
    case Decider::size:
      // a size that was measured beats one that was not
      return a.size_bytes && b.size_bytes ? *a.size_bytes < *b.size_bytes : a.size_bytes.has_value();
    case Decider::native:
      return *a.native_on_target;
    case Decider::faster:
      return *a.quark_cli_seconds < *b.quark_cli_seconds;
    case Decider::order:
      return false;
  }
  return false;
}

std::string seconds_text(double s) { return std::to_string(static_cast<long long>(std::llround(s))); }

// Why the pick beat a candidate of the same size, when one passed beside it.
void explain_tie(const std::vector<Candidate>& candidates, std::size_t best, Recommendation& r) {
  const Candidate& c = candidates[best];
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (i == best || !passed(candidates[i])) continue;
    const Candidate& o = candidates[i];
    switch (decider(c, o)) {
      case Decider::size:
        continue;
      case Decider::native:
        r.tie_id = "report.recommend_tie_native";
        r.tie_args = {{"other", o.name}, {"target", c.target.empty() ? "?" : c.target}};
        return;
      case Decider::faster:
        r.tie_id = "report.recommend_tie_faster";
        r.tie_args = {
            {"other", o.name}, {"seconds", seconds_text(*c.quark_cli_seconds)}, {"other_seconds", seconds_text(*o.quark_cli_seconds)}};
        return;
      case Decider::order:
        r.tie_id = "report.recommend_tie_order";
        r.tie_args = {{"other", o.name}};
        return;
    }
  }
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
  explain_tie(candidates, *best, r);
  return r;
}

std::string reason_text(const Recommendation& r, core::Lang lang) {
  std::string text = core::msg(lang, r.reason_id, r.args);
  if (!r.tie_id.empty())
    text = core::msg(lang, "report.recommend_then", {{"reason", text}, {"tie", core::msg(lang, r.tie_id, r.tie_args)}});
  return text;
}

}  // namespace report
