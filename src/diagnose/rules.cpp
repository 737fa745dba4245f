#include "diagnose/rules.h"

#include <algorithm>
#include <cstdlib>

#include "core/messages.h"
#include "core/text.h"
#include "diagnose/traceback.h"

namespace diagnose {

namespace {

// The error region: enough lines before the end to hold a long traceback and its context.
constexpr std::size_t kRegionLines = 400;
constexpr std::size_t kMaxEvidence = 8;
constexpr std::size_t kMaxMatchedLine = 4096;

bool search(const std::string& line, const std::regex& re) { return line.size() <= kMaxMatchedLine && std::regex_search(line, re); }

// "132.07 GiB" / "512.00 MiB" / "4.00 KiB" in GiB; nullopt for anything else.
std::optional<double> memory_gib(const std::string& text) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str()) return std::nullopt;
  std::string_view unit = core::trim(std::string_view(end));
  if (unit == "GiB") return v;
  if (unit == "MiB") return v / 1024;
  if (unit == "KiB") return v / (1024 * 1024);
  return std::nullopt;
}

bool first_fact_larger(const Rule& r, const std::vector<core::MessageArg>& facts) {
  if (!r.first_fact_larger) return true;
  auto value = [&](const std::string& name) -> std::optional<double> {
    for (const auto& f : facts) {
      if (f.name == name) return memory_gib(f.value);
    }
    return std::nullopt;
  };
  auto a = value(r.first_fact_larger->first);
  auto b = value(r.first_fact_larger->second);
  return a && b && *a > *b;
}

std::string fact(const std::vector<core::MessageArg>& facts, const std::string& name) {
  for (const auto& f : facts) {
    if (f.name == name) return f.value;
  }
  return "";
}

void set_fact(std::vector<core::MessageArg>& facts, const std::string& name, const std::string& value) {
  for (auto& f : facts) {
    if (f.name == name) {
      f.value = value;
      return;
    }
  }
  facts.push_back({name, value});
}

// The layers whose in_features the failing group does not divide, and the smallest change
// that fits: an override of those layers to a same-format scheme whose group divides them
// when they are few, that scheme for everything when they are many, else excluding them.
void refine_group_misfit(const FailureContext& ctx, Diagnosis& d) {
  std::uint64_t group = 0;
  std::string g = fact(d.facts, "group_size");
  if (!g.empty() && g != "?") group = std::stoull(g);
  std::string inf = fact(d.facts, "in_features");
  std::uint64_t in_features = !inf.empty() && inf != "?" ? std::stoull(inf) : 0;
  std::vector<const LayerShape*> misfits;
  std::size_t grouped = 0;
  for (const auto& l : ctx.layers) {
    if (l.group == 0 || (group != 0 && l.group != group)) continue;
    ++grouped;
    if (l.in_features % l.group == 0 || (in_features != 0 && l.in_features != in_features)) continue;
    misfits.push_back(&l);
  }
  if (misfits.empty()) {
    set_fact(d.facts, "layers",
             group ? "the layers whose in_features is not a multiple of " + std::to_string(group)
                   : "the layers whose in_features is not a multiple of the group");
    set_fact(d.facts, "fix", "pick a scheme of the same format with a smaller group, or exclude those layers (quark-ptq plan names them)");
    return;
  }
  if (group == 0) {
    group = misfits.front()->group;
    set_fact(d.facts, "group_size", std::to_string(group));
  }
  std::string shown;
  for (std::size_t i = 0; i < misfits.size() && i < 3; ++i) {
    shown += (i ? ", " : "") + misfits[i]->name + " (in_features " + std::to_string(misfits[i]->in_features) + ")";
  }
  if (misfits.size() > 3) shown += ", ... (+" + std::to_string(misfits.size() - 3) + ")";
  set_fact(d.facts, "layers", shown);
  std::string fit;
  for (const auto& [scheme, gs] : ctx.regroupings) {
    if (gs != 0 && gs >= group) continue;
    bool all = std::all_of(misfits.begin(), misfits.end(), [gs = gs](const LayerShape* l) { return gs == 0 || l->in_features % gs == 0; });
    if (all) {
      fit = scheme;
      break;
    }
  }
  // The advice names what the plan options would change (one of three) and the flags that do it.
  std::string flags;
  std::string changed;
  core::Json to = core::Json::object();
  if (!fit.empty() && misfits.size() * 8 <= grouped) {
    changed = "layer_quant_config";
    for (const auto* l : misfits) {
      flags += (flags.empty() ? "" : " ") + std::string("--override '") + l->name + "=" + fit + "'";
      to.emplace(l->name, fit);
    }
  } else if (!fit.empty()) {
    flags = "--scheme " + fit;
    changed = "scheme";
    to = fit;
  } else {
    changed = "exclude_layers_added";
    to = core::Json::array();
    for (const auto* l : misfits) {
      flags += (flags.empty() ? "" : " ") + std::string("--exclude '") + l->name + "'";
      to.push_back(l->name);
    }
  }
  d.plan_change = {{changed, std::move(to)}, {"flags", flags}};
  set_fact(d.facts, "fix", "quark-ptq plan ... " + flags);
}

bool conditions_hold(const Rule& r, const FailureContext& ctx) {
  if (r.stages) {
    bool in = false;
    for (const auto& s : *r.stages) in = in || s == ctx.stage;
    if (!in) return false;
  }
  if (r.export_done && *r.export_done != ctx.export_done) return false;
  if (r.signal && ctx.signal != r.signal) return false;
  if (r.job_states) {
    bool in = false;
    for (const auto& s : *r.job_states) in = in || s == ctx.job_state;
    if (!in) return false;
  }
  return true;
}

}  // namespace

core::Result<RuleSet> RuleSet::from_knowledge() {
  QPTQ_TRY_ASSIGN(const knowledge::DiagnosisRules* rules, knowledge::diagnosis_rules());
  return RuleSet(*rules);
}

Diagnosis RuleSet::classify(const FailureContext& ctx) const {
  auto all_lines = core::split_lines(ctx.log);
  std::size_t from = all_lines.size() > kRegionLines ? all_lines.size() - kRegionLines : 0;
  std::string error_text = extract_error_text(ctx.log);
  // The region: the last lines plus the whole final traceback (which may start earlier).
  std::vector<std::string> region;
  for (auto l : core::split_lines(error_text)) region.emplace_back(l);
  for (std::size_t i = from; i < all_lines.size(); ++i) region.emplace_back(all_lines[i]);

  for (const auto& r : *m_rules) {
    if (!conditions_hold(r, ctx)) continue;
    std::vector<std::string> evidence;
    bool any_hit = r.any.empty();
    for (const auto& line : region) {
      for (const auto& re : r.any) {
        if (search(line, re)) {
          any_hit = true;
          if (evidence.size() < kMaxEvidence && std::find(evidence.begin(), evidence.end(), line) == evidence.end()) {
            evidence.push_back(line);
          }
          break;
        }
      }
    }
    if (!any_hit) continue;
    bool all_hit = true;
    for (const auto& re : r.all) {
      bool hit = false;
      for (const auto& line : region) hit = hit || search(line, re);
      all_hit = all_hit && hit;
    }
    if (!all_hit) continue;

    Diagnosis d;
    d.rule = r.id;
    d.category = r.category;
    d.return_to_checkpoint = r.return_to_checkpoint;
    d.evidence = std::move(evidence);
    d.error_text = error_text;
    d.plan_change = r.plan_change;
    d.package_change_needs_confirmation = r.package_change_needs_confirmation;
    d.facts = ctx.known_facts;
    // Facts: the last occurrence wins (the final exception sits at the end of the log).
    for (const auto& f : r.facts) {
      std::string value;
      for (const auto& line : region) {
        std::smatch m;
        if (line.size() <= kMaxMatchedLine && std::regex_search(line, m, f.pattern) && m.size() > 1) value = m[1].str();
      }
      d.facts.push_back({f.name, value.empty() ? "?" : value});
    }
    if (!first_fact_larger(r, d.facts)) continue;
    if (r.refine == "group_misfit") refine_group_misfit(ctx, d);
    if (d.evidence.empty() && !error_text.empty()) {
      auto lines = core::split_lines(error_text);
      d.evidence.emplace_back(lines.back());
    }
    return d;
  }
  Diagnosis d;
  d.rule = "unclassified";
  d.category = "unclassified";
  d.error_text = error_text;
  return d;
}

namespace {

// The facts are recorded in English (the manifest's diagnosis); shown in another language,
// the words they share with the artifacts are translated too: a stage name, "not measured"
// (messages/enum.*.json), so a Japanese cause has no English inside it.
std::vector<core::MessageArg> facts_in(core::Lang lang, std::vector<core::MessageArg> facts) {
  if (lang == core::Lang::en) return facts;
  const std::string not_measured = "not measured";
  for (auto& f : facts) {
    if (f.name == "stage" && core::catalog_has(lang, "enum.stage." + f.value)) f.value = core::msg(lang, "enum.stage." + f.value);
    for (auto at = f.value.find(not_measured); at != std::string::npos; at = f.value.find(not_measured, at)) {
      std::string shown = core::msg(lang, "enum.measurement.not_measured");
      f.value.replace(at, not_measured.size(), shown);
      at += shown.size();
    }
  }
  return facts;
}

}  // namespace

std::string Diagnosis::cause(core::Lang lang) const {
  const std::string id = "diagnose." + rule + ".cause";
  if (!core::catalog_has(lang, id) && !recorded_cause.empty()) return recorded_cause;
  return core::msg(lang, id, facts_in(lang, facts));
}

const std::vector<core::MessageArg>& Diagnosis::suggestion_commands() {
  static const std::vector<core::MessageArg> kCommands = {{"prepare", "quark-ptq prepare"},
                                                          {"stage", "quark-ptq data stage CORPUS --as pileval"}};
  return kCommands;
}

std::string Diagnosis::suggestion(core::Lang lang, const std::vector<core::MessageArg>& commands) const {
  const std::string id = "diagnose." + rule + ".suggestion";
  if (!core::catalog_has(lang, id) && !recorded_suggestion.empty()) return recorded_suggestion;
  std::vector<core::MessageArg> args = facts_in(lang, facts);
  // The commands last: core::msg takes the last argument of a name.
  for (const auto& c : suggestion_commands()) args.push_back(c);
  for (const auto& c : commands) args.push_back(c);
  return core::msg(lang, id, args);
}

std::string Diagnosis::category_text(core::Lang lang) const {
  const std::string id = "enum.diagnosis_category." + category;
  return core::catalog_has(lang, id) ? core::msg(lang, id) : category;
}

artifacts::Diagnosis Diagnosis::record() const {
  artifacts::Diagnosis r;
  r.rule = rule;
  r.category = category;
  r.cause = cause(core::Lang::en);
  r.suggestion = suggestion(core::Lang::en);
  r.return_to_checkpoint = return_to_checkpoint;
  r.plan_change = plan_change;
  r.package_change_needs_confirmation = package_change_needs_confirmation;
  r.facts = facts;
  r.evidence = evidence;
  r.error_text = error_text;
  return r;
}

std::optional<Diagnosis> Diagnosis::from_record(const artifacts::Diagnosis& recorded) {
  if (recorded.rule.empty()) return std::nullopt;
  Diagnosis d;
  d.rule = recorded.rule;
  d.category = recorded.category;
  d.return_to_checkpoint = recorded.return_to_checkpoint.value_or(3);
  d.facts = recorded.facts;
  d.evidence = recorded.evidence;
  d.error_text = recorded.error_text;
  d.recorded_cause = recorded.cause;
  d.recorded_suggestion = recorded.suggestion;
  d.plan_change = recorded.plan_change;
  d.package_change_needs_confirmation = recorded.package_change_needs_confirmation;
  return d;
}

}  // namespace diagnose
