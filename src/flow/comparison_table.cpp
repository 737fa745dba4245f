#include "flow/comparison_table.h"

namespace flow {

namespace {

template <typename T>
core::Json or_null(const std::optional<T>& v) {
  return v ? core::Json(*v) : core::Json(nullptr);
}

}  // namespace

std::string row_verdict(const report::Candidate& c) {
  if (c.run == report::RunState::succeeded && !c.verification.empty() && c.verification != "success") return "not_verified";
  if (c.run != report::RunState::succeeded) return std::string(report::run_state_name(c.run));
  if (c.evaluation) return std::string(evaluate::status_name(c.evaluation->verdict));
  return "succeeded";
}

ComparisonTable comparison_table(report::Report report) {
  ComparisonTable t{std::move(report), std::nullopt};
  t.recommendation = report::recommend(t.report.candidates);
  return t;
}

core::Json comparison_document(const ComparisonTable& t, core::Lang lang) {
  core::Json doc = {{"model", t.report.model}, {"candidates", core::Json::array()}};
  for (const auto& c : t.report.candidates) {
    const report::PerplexityDelta* p = c.perplexity();
    doc["candidates"].push_back({{"name", c.name},
                                 {"verdict", row_verdict(c)},
                                 {"size_bytes", or_null(c.size_bytes)},
                                 {"size_ratio", or_null(c.size_ratio())},
                                 {"delta_pct", p != nullptr ? core::Json(p->delta_pct) : core::Json(nullptr)},
                                 {"se_pct", p != nullptr ? core::Json(p->se_pct) : core::Json(nullptr)},
                                 {"threshold_pct", c.evaluation ? or_null(c.evaluation->threshold_pct) : core::Json(nullptr)},
                                 {"canary_agreement", c.evaluation ? or_null(c.evaluation->canary_agreement) : core::Json(nullptr)},
                                 {"quark_cli_seconds", or_null(c.quark_cli_seconds)},
                                 {"peak_gpu_mib", or_null(c.peak_gpu_mib)},
                                 {"peak_host_mib", or_null(c.peak_host_mib)},
                                 {"command_digest", c.command_digest},
                                 {"recommended", t.recommendation && &t.report.candidates[t.recommendation->index] == &c},
                                 {"accepted", c.accepted}});
  }
  if (t.recommendation) {
    doc["recommendation"] = {{"name", t.report.candidates[t.recommendation->index].name},
                             {"reason", report::reason_text(*t.recommendation, lang)}};
  } else {
    doc["recommendation"] = nullptr;
  }
  return doc;
}

}  // namespace flow
