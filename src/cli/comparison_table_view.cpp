#include "cli/comparison_views.h"
#include "cli/table.h"
#include "report/numbers.h"

namespace cli {

namespace {

std::string size_cell(const report::Candidate& c) {
  if (!c.size_bytes) return "-";
  const report::SizeUnit unit = report::size_unit(*c.size_bytes);
  std::string s = report::size_in(*c.size_bytes, unit) + " " + std::string(unit.name);
  if (auto ratio = c.size_ratio()) s += " (" + report::share_pct(*ratio) + " %)";
  return s;
}

std::string delta_cell(const report::Candidate& c) {
  const report::PerplexityDelta* p = c.perplexity();
  return p != nullptr ? report::signed_pct(p->delta_pct) + " ± " + report::plain_pct(p->se_pct) + " %" : "-";
}

std::string mib_cell(std::optional<std::int64_t> mib) { return mib ? std::to_string(*mib) + " MiB" : "-"; }

}  // namespace

void print_comparison_table(const Console& console, const flow::ComparisonTable& t, bool final) {
  console.say(final ? "comparison.table_heading" : "comparison.table_heading_so_far", {{"model", t.report.model}});
  Table table =
      Table::from_ids(console, {"comparison.col_candidate", "comparison.col_size", "comparison.col_delta", "comparison.col_canary",
                                "comparison.col_verdict", "comparison.col_time", "comparison.col_gpu", "comparison.col_host"});
  for (std::size_t i = 0; i < t.report.candidates.size(); ++i) {
    const report::Candidate& c = t.report.candidates[i];
    std::string name = c.name;
    if (final && t.recommendation && t.recommendation->index == i) name += " *";
    if (c.accepted) name += " " + console.t("comparison.accepted_mark");
    const auto agreement = c.evaluation ? c.evaluation->canary_agreement : std::nullopt;
    table.add_row({name, size_cell(c), delta_cell(c), agreement ? report::share_pct(*agreement) + " %" : "-",
                   console.enum_text("comparison_verdict", flow::row_verdict(c)),
                   c.quark_cli_seconds ? report::whole(*c.quark_cli_seconds) + " s" : "-", mib_cell(c.peak_gpu_mib),
                   mib_cell(c.peak_host_mib)});
  }
  console.line(table.render());
  if (!final) return;
  if (t.recommendation) {
    console.say("comparison.recommended", {{"reason", report::reason_text(*t.recommendation, console.lang())}});
  } else {
    console.say("comparison.none_recommended");
  }
}

}  // namespace cli
