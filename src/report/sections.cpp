#include "report/sections.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/html_text.h"
#include "report/memory_chart.h"

namespace report {

namespace {

std::string t(core::Lang lang, std::string_view id, const std::vector<core::MessageArg>& args = {}) {
  return html_text(core::msg(lang, id, args));
}

std::string mib(core::Lang lang, const std::optional<std::int64_t>& v) {
  return v ? std::to_string(*v) + " MiB" : t(lang, "report.not_measured");
}

// A cell the page reads back in its tests: data-field names the figure.
std::string cell(std::string_view field, const std::string& text, const std::string& attrs = "") {
  return fmt::format(R"(<td data-field="{}"{}>{}</td>)", field, attrs, text);
}

// The name with what else the plan set, and the badges.
std::string name_cell(const Candidate& c, core::Lang lang) {
  std::string s = fmt::format(R"(<th scope="row" data-field="name">{})", html_text(c.name));
  if (!c.details.empty()) {
    std::string d;
    for (const auto& x : c.details) d += (d.empty() ? "" : ", ") + x;
    s += fmt::format(R"(<span class="details">{}</span>)", html_text(d));
  }
  if (c.recommended) s += fmt::format(R"(<span class="badge recommended">{}</span>)", t(lang, "report.recommended"));
  if (c.accepted) s += fmt::format(R"(<span class="badge accepted">{}</span>)", t(lang, "report.accepted"));
  return s + "</th>";
}

std::string row(const Candidate& c, const SizeUnit& unit, core::Lang lang) {
  const std::string unknown = t(lang, "report.unknown");
  std::string s = fmt::format(R"(<tr data-candidate="{}">)", html_text(c.name));
  s += name_cell(c, lang);
  s +=
      cell("run", t(lang, "report.state_" + std::string(run_state_name(c.run))), fmt::format(R"( data-state="{}")", run_state_name(c.run)));
  s += c.size_bytes
           ? cell("size", size_in(*c.size_bytes, unit) + " " + std::string(unit.name), fmt::format(R"( data-bytes="{}")", *c.size_bytes))
           : cell("size", unknown);
  s += c.size_ratio() ? cell("ratio", share_pct(*c.size_ratio()) + " %") : cell("ratio", unknown);
  if (const PerplexityDelta* p = c.perplexity()) {
    s += cell("delta", signed_pct(p->delta_pct) + " ± " + plain_pct(p->se_pct) + " %");
  } else {
    s += cell("delta", unknown);
  }
  const Evaluation* e = c.evaluation ? &*c.evaluation : nullptr;
  s += e && e->threshold_pct ? cell("threshold", signed_pct(*e->threshold_pct) + " %") : cell("threshold", unknown);
  s += e && e->canary_agreement ? cell("canary", share_pct(*e->canary_agreement) + " %") : cell("canary", unknown);
  if (e) {
    s += cell("verdict", verdict_text(e->verdict, lang),
              fmt::format(R"( class="{}" data-verdict="{}")", verdict_class(e->verdict), evaluate::status_name(e->verdict)));
  } else {
    s += cell("verdict", unknown);
  }
  s += c.quark_cli_seconds ? cell("time", whole(*c.quark_cli_seconds) + " s") : cell("time", unknown);
  s += cell("peak_gpu", mib(lang, c.peak_gpu_mib));
  s += cell("peak_host", mib(lang, c.peak_host_mib));
  return s + "</tr>";
}

}  // namespace

SizeUnit report_size_unit(const std::vector<Candidate>& candidates) {
  std::int64_t largest = 0;
  for (const auto& c : candidates) largest = std::max({largest, c.size_bytes.value_or(0), c.source_bytes.value_or(0)});
  return size_unit(largest);
}

std::string verdict_text(evaluate::Status s, core::Lang lang) {
  return html_text(core::msg(lang, "evaluate.status_" + std::string(evaluate::status_name(s))));
}

std::string verdict_class(evaluate::Status s) { return "v-" + std::string(evaluate::status_name(s)); }

std::string candidate_table(const std::vector<Candidate>& candidates, core::Lang lang) {
  std::string s = R"(<table class="candidates"><thead><tr>)";
  for (const char* id :
       {"report.col_candidate", "report.col_run", "report.col_size", "report.col_ratio", "report.col_delta", "report.col_threshold",
        "report.col_canary", "report.col_verdict", "report.col_time", "report.col_peak_gpu", "report.col_peak_host"}) {
    s += "<th scope=\"col\">" + t(lang, id) + "</th>";
  }
  s += "</tr></thead><tbody>";
  const SizeUnit unit = report_size_unit(candidates);
  for (const auto& c : candidates) s += row(c, unit, lang);
  return s + "</tbody></table>";
}

std::string canary_section(const std::vector<Candidate>& candidates, core::Lang lang) {
  // The prompts and the source's generations are the same for every candidate (one evaluator,
  // one source): taken from the first that has them.
  const std::vector<CanaryText>* base = nullptr;
  for (const auto& c : candidates) {
    if (c.evaluation && !c.evaluation->canaries.empty()) {
      base = &c.evaluation->canaries;
      break;
    }
  }
  if (base == nullptr) return "<p>" + t(lang, "report.canary_none") + "</p>";
  std::string s = "<p>" + t(lang, "report.canary_note") + R"(</p><table class="canary"><thead><tr><th scope="col">)" +
                  t(lang, "report.col_prompt") + R"(</th><th scope="col">)" + t(lang, "report.col_source") + "</th>";
  for (const auto& c : candidates) s += R"(<th scope="col">)" + html_text(c.name) + "</th>";
  s += "</tr></thead><tbody>";
  for (std::size_t i = 0; i < base->size(); ++i) {
    const CanaryText& b = (*base)[i];
    s +=
        "<tr><td class=\"prompt\">" + html_text(b.prompt) + "</td><td class=\"gen\" data-model=\"source\">" + html_text(b.source) + "</td>";
    for (const auto& c : candidates) {
      const bool has = c.evaluation && i < c.evaluation->canaries.size();
      const std::string text = has ? html_text(c.evaluation->canaries[i].quantized) : t(lang, "report.unknown");
      const bool same = has && c.evaluation->canaries[i].quantized == b.source;
      s += fmt::format(R"(<td class="gen{}" data-model="{}">{}</td>)", same ? " same" : "", html_text(c.name), text);
    }
    s += "</tr>";
  }
  return s + "</tbody></table>";
}

std::string memory_section(const std::vector<Candidate>& candidates, core::Lang lang) {
  std::string s = fmt::format(R"(<p class="legend"><span class="key gpu"></span>{} <span class="key host"></span>{}</p>)",
                              t(lang, "report.legend_gpu"), t(lang, "report.legend_host"));
  for (const auto& c : candidates) {
    if (c.timeline.empty()) {
      s += "<p>" + t(lang, "report.memory_none", {{"name", c.name}}) + "</p>";
      continue;
    }
    const std::string caption =
        core::msg(lang, "report.memory_caption",
                  {{"name", c.name},
                   {"gpu", c.peak_gpu_mib ? std::to_string(*c.peak_gpu_mib) + " MiB" : core::msg(lang, "report.not_measured")},
                   {"host", c.peak_host_mib ? std::to_string(*c.peak_host_mib) + " MiB" : core::msg(lang, "report.not_measured")}});
    s += fmt::format(R"(<figure data-candidate="{}">{}<figcaption>{}</figcaption></figure>)", html_text(c.name),
                     memory_chart(c.timeline, caption, lang), html_text(caption));
  }
  return s;
}

std::string commands_section(const std::vector<Candidate>& candidates, core::Lang lang) {
  std::string s;
  for (const auto& c : candidates) {
    s += fmt::format(
        R"(<div class="command" data-candidate="{}"><h3>{}</h3><pre><code>{}</code></pre><p>{}: <code class="digest">{}</code></p></div>)",
        html_text(c.name), html_text(c.name), html_text(c.command_display), t(lang, "report.digest"), html_text(c.command_digest));
  }
  return s;
}

}  // namespace report
