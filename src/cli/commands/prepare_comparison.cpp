// prepare for a comparison: each candidate's command, destination, estimate and verdict as
// its own prepare found them, the totals, the one digest, and checkpoint 3's question for all
// of the commands.
#include "cli/comparison_views.h"
#include "flow/comparison_text.h"
#include "cli/evaluate_render.h"
#include "cli/next_step.h"
#include "envprobe/report_text.h"
#include "flow/documents.h"
#include "manifest/estimate.h"

namespace cli {

namespace {

std::string gib(double v) { return manifest::gib_text(v); }

}  // namespace

void render_comparison_prepared(const Console& c, const manifest::ComparisonPrepared& p, bool ask_question) {
  if (c.json_mode()) c.json(flow::comparison_prepared_document(p));
  c.say("comparison.prepare_heading", {{"count", std::to_string(p.candidates.size())}, {"order", flow::run_order(c.lang(), p.record)}});
  for (std::size_t i = 0; i < p.candidates.size(); ++i) {
    const manifest::PrepareResult& r = p.candidates[i];
    const artifacts::ComparisonEntry& e = p.record.candidates[i];
    c.say("comparison.prepare_candidate", {{"index", std::to_string(i + 1)}, {"name", e.name}});
    c.line("    " + r.display);
    std::string changes;
    for (const auto& [name, value] : r.command.env_changes) changes += (changes.empty() ? "" : " ") + name + "=" + value;
    if (!changes.empty()) c.line("  " + c.t("prepare.env_changes", {{"changes", changes}}));
    c.say("comparison.prepare_destination", {{"path", e.output_dir}});
    c.say(r.estimate.runs_on_cpu ? "comparison.prepare_estimate_cpu" : "comparison.prepare_estimate",
          {{"minutes", manifest::minutes_text(e.estimate.minutes)},
           {"gpu_index", std::to_string(e.gpu.value_or(0))},
           {"gpu", gib(e.estimate.gpu_memory_gib)},
           {"host", gib(e.estimate.host_memory_gib)},
           {"disk", gib(e.estimate.disk_gib)}});
    for (const auto& line : envprobe::verdict_lines(r.env.verdict, c.lang())) c.line("  " + line);
    c.say("comparison.prepare_candidate_digest", {{"digest", e.command_digest}});
  }
  const artifacts::CandidateFigures total = p.record.total();
  const bool cpu = !p.candidates.empty() && p.candidates.front().estimate.runs_on_cpu;
  const bool side_by_side = p.record.lanes().size() > 1;
  const char* total_id = p.record.all_jobs() ? "comparison.prepare_total_jobs"
                         : cpu               ? "comparison.prepare_total_cpu"
                         : side_by_side      ? "comparison.prepare_total_side_by_side"
                                             : "comparison.prepare_total";
  c.say(total_id, {{"minutes", manifest::minutes_text(total.minutes)},
                   {"gpu", gib(total.gpu_memory_gib)},
                   {"host", gib(total.host_memory_gib)},
                   {"disk", gib(total.disk_gib)}});
  if (const auto& host = p.one_after_another_for_host_memory) {
    c.say("comparison.one_after_another_for_host", {{"needed", gib(host->first)}, {"free", gib(host->second)}});
  }
  if (!p.candidates.empty()) say_evaluator(c, p.candidates.front().evaluator);
  c.say("comparison.prepare_digest", {{"digest", p.record.digest}});
  c.say("prepare.manifest_written", {{"path", p.path.string()}});
  const auto wd = p.path.parent_path();
  if (p.ready() && ask_question) {
    c.say("comparison.question", {{"count", std::to_string(p.candidates.size())}});
    c.say("prepare.how_to_answer",
          {{"run", user_command(wd, "quark-ptq run")}, {"approve", user_command(wd, "quark-ptq run --approve " + p.record.digest)}});
  } else if (!p.ready()) {
    c.say("comparison.prepare_not_ready");
  }
}

}  // namespace cli
