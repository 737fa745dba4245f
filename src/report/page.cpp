#include "report/page.h"

#include <fmt/format.h>

#include "core/version.h"
#include "report/html_text.h"
#include "report/numbers.h"
#include "report/pareto_chart.h"
#include "report/sections.h"

namespace report {

namespace {

// Inline, so the page needs nothing else; system fonts only.
constexpr std::string_view kStyle = R"(
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK JP","Hiragino Sans",sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1f2328;background:#fff;line-height:1.45}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:.2rem}h3{font-size:1rem;margin-bottom:.3rem}
.model{color:#57606a;margin-top:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:.92rem}th,td{border:1px solid #d0d7de;padding:.35rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f6f8fa}table.candidates td{white-space:nowrap}
.details{display:block;font-weight:normal;color:#57606a;font-size:.85rem}
.badge{display:inline-block;margin-left:.4rem;padding:0 .4rem;border-radius:.6rem;font-size:.75rem;font-weight:600;border:1px solid currentColor}
.badge.recommended{color:#0969da}.badge.accepted{color:#1a7f37}
.v-pass{color:#1a7f37;font-weight:600}.v-fail{color:#cf222e;font-weight:600}.v-indeterminate{color:#9a6700;font-weight:600}.v-not-run{color:#57606a}
td.gen,td.prompt{white-space:pre-wrap;overflow-wrap:anywhere}td.prompt{color:#57606a}td.gen.same{background:#f0fff4}
pre{background:#f6f8fa;padding:.6rem;white-space:pre-wrap;overflow-wrap:anywhere;border-radius:4px}code.digest{overflow-wrap:anywhere}
svg{max-width:100%;height:auto;font-size:12px;font-family:inherit}svg .grid line{stroke:#eaeef2}svg .plot{fill:none;stroke:#8c959f}
svg .zero{stroke:#8c959f}svg .threshold{stroke:#cf222e;stroke-dasharray:6 4;stroke-width:1.5}svg .threshold-label{fill:#cf222e}
svg .axis-title{fill:#57606a}svg .ticks text{fill:#57606a}svg .empty{fill:#57606a;font-size:14px}
svg .source rect{fill:#fff;stroke:#1f2328;stroke-width:1.5}svg .point .se{stroke:#1f2328;stroke-width:1.5;fill:none}
svg .point circle{stroke:#1f2328;stroke-width:1}svg .point.v-pass circle{fill:#2da44e}svg .point.v-fail circle{fill:#cf222e}
svg .point.v-indeterminate circle{fill:#d4a72c}svg .point.v-not-run circle{fill:#8c959f}
svg circle.recommended{fill:none!important;stroke:#0969da!important;stroke-width:2.5!important}svg .point-label{fill:#1f2328;font-weight:600}
svg polyline{fill:none;stroke-width:2}svg .gpu{stroke:#0969da;fill:#0969da}svg polyline.gpu{fill:none}svg .host{stroke:#bc4c00;fill:#bc4c00}svg polyline.host{fill:none}
.legend{color:#57606a;font-size:.9rem}.key{display:inline-block;width:.9rem;height:.9rem;border-radius:50%;vertical-align:middle;margin:0 .3rem 0 .8rem;border:1px solid #1f2328}
.key.pass{background:#2da44e}.key.fail{background:#cf222e}.key.other{background:#d4a72c}.key.gpu{background:#0969da;border-radius:0;height:.25rem}.key.host{background:#bc4c00;border-radius:0;height:.25rem}
figure{margin:1rem 0}figcaption{color:#57606a;font-size:.9rem}footer{margin-top:2rem;color:#57606a;font-size:.85rem}
)";

std::string t(core::Lang lang, std::string_view id, const std::vector<core::MessageArg>& args = {}) {
  return html_text(core::msg(lang, id, args));
}

// What happened to the run, in one clause.
std::string run_clause(const Candidate& c, core::Lang lang) {
  switch (c.run) {
    case RunState::not_started:
      return core::msg(lang, "report.run_not_started");
    case RunState::running:
      return core::msg(lang, "report.run_running");
    case RunState::succeeded:
      return core::msg(lang, "report.run_succeeded", {{"seconds", whole(c.quark_cli_seconds.value_or(0))}});
    case RunState::failed:
      return c.failure ? core::msg(lang, "report.run_failed", {{"cause", c.failure->cause(lang)}})
                       : core::msg(lang, "report.run_failed_unknown");
    case RunState::interrupted:
      if (!c.run_reason.empty()) return core::msg(lang, "report.run_interrupted_because", {{"reason", c.run_reason.text(lang)}});
      return core::msg(lang, "report.run_interrupted", {{"by", c.interrupted_by.empty() ? "?" : c.interrupted_by}});
  }
  return "";
}

std::string outcome_item(const Candidate& c, core::Lang lang) {
  std::string s = fmt::format(R"(<li data-candidate="{}"><strong>{}</strong>: )", html_text(c.name), html_text(c.name));
  s += html_text(run_clause(c, lang));
  if (!c.verification.empty()) s += "; " + t(lang, "report.verify_" + c.verification);
  if (c.evaluation) {
    const Evaluation& e = *c.evaluation;
    const std::string verdict = core::msg(lang, "evaluate.status_" + std::string(evaluate::status_name(e.verdict)));
    s += fmt::format(R"(; <span class="{}">)", verdict_class(e.verdict));
    s += e.reason.empty() ? t(lang, "report.evaluation_line", {{"verdict", verdict}})
                          : t(lang, "report.evaluation_line_reason", {{"verdict", verdict}, {"reason", e.reason.text(lang)}});
    s += "</span>";
  } else if (c.run == RunState::succeeded) {
    s += "; " + t(lang, "report.not_evaluated");
  }
  return s + "</li>";
}

std::string outcome_section(const Report& r, core::Lang lang) {
  std::string s = "<ul class=\"outcome\">";
  const Candidate* recommended = nullptr;
  for (const auto& c : r.candidates) {
    s += outcome_item(c, lang);
    if (c.recommended) recommended = &c;
  }
  s += "</ul>";
  s += recommended != nullptr ? "<p class=\"recommendation\">" + t(lang, "report.recommendation", {{"name", recommended->name}}) + "</p>"
                              : "<p class=\"recommendation\">" + t(lang, "report.no_recommendation") + "</p>";
  return s;
}

std::string chart_section(const Report& r, core::Lang lang) {
  std::string s = pareto_chart(r.candidates, lang);
  s += fmt::format(
      R"(<p class="legend"><span class="key pass"></span>{} <span class="key fail"></span>{} <span class="key other"></span>{}</p><p class="legend">{}</p>)",
      t(lang, "report.legend_pass"), t(lang, "report.legend_fail"), t(lang, "report.legend_other"), t(lang, "report.pareto_note"));
  for (const auto& c : r.candidates) {
    if (on_pareto_chart(c)) continue;
    const std::string why = !c.size_bytes ? core::msg(lang, "report.why_no_size")
                            : c.evaluation && !c.evaluation->reason.empty()
                                ? c.evaluation->reason.text(lang)
                                : core::msg(lang, c.evaluation ? "report.why_no_perplexity" : "report.not_evaluated");
    s += "<p class=\"not-plotted\">" + t(lang, "report.not_plotted", {{"name", c.name}, {"why", why}}) + "</p>";
  }
  return s;
}

std::string section(std::string_view id, const std::string& heading, const std::string& body) {
  return fmt::format(R"(<section id="{}"><h2>{}</h2>{}</section>)", id, heading, body) + "\n";
}

}  // namespace

std::string render_html(const Report& r, core::Lang lang, const std::string& manifest_name) {
  const std::string lang_code = lang == core::Lang::ja ? "ja" : "en";
  std::string s = "<!DOCTYPE html>\n<html lang=\"" + lang_code + "\">\n<head>\n<meta charset=\"utf-8\">\n";
  s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  // Nothing is fetched and nothing runs, whatever a file the page quotes contains.
  s += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n";
  s +=
      "<title>" + t(lang, "report.title", {{"model", r.model}}) + "</title>\n<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
  s += "<header><h1>" + t(lang, "report.heading") + "</h1><p class=\"model\">" + t(lang, "report.model_line", {{"model", r.model}}) +
       "</p></header>\n";
  s += section("outcome", t(lang, "report.outcome_heading"), outcome_section(r, lang));
  s += section("chart", t(lang, "report.pareto_heading"), chart_section(r, lang));
  s += section("candidates", t(lang, "report.table_heading"), candidate_table(r.candidates, lang));
  s += section("canaries", t(lang, "report.canary_heading"), canary_section(r.candidates, lang));
  s += section("memory", t(lang, "report.memory_heading"), memory_section(r.candidates, lang));
  s += section("commands", t(lang, "report.commands_heading"), commands_section(r.candidates, lang));
  s += "<footer>" + t(lang, "report.footer", {{"version", std::string(core::tool_version())}, {"manifest", manifest_name}}) +
       "</footer>\n</body>\n</html>\n";
  return s;
}

}  // namespace report
