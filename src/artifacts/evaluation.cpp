#include "artifacts/evaluation.h"

#include "artifacts/fields.h"
#include "artifacts/json_write.h"
#include "artifacts/message_args.h"

namespace artifacts {

namespace {

constexpr std::string_view kFile = "run_manifest.yaml";

// The English text first (null when none); the id and its arguments go at the section's end.
void put_reason_id(core::Json& section, const Reason& r) {
  if (r.id.empty()) return;
  section["reason_id"] = r.id;
  section["reason_args"] = message_args_json(r.args);
}

Reason reason_of(Fields& f, std::string* error) {
  Reason r;
  r.id = f.text("reason_id").value_or("");
  r.text = f.text("reason");
  if (const core::Json* args = f.object("reason_args")) r.args = message_args_of(*args, f.path("reason_args"), error);
  return r;
}

core::Json canary_json(const Canary& c) {
  core::Json prompts = core::Json::array();
  for (const auto& p : c.prompts) {
    prompts.push_back({{"prompt", p.prompt},
                       {"source", p.source},
                       {"quantized", p.quantized},
                       {"agreement", p.agreement},
                       {"first_divergence", p.first_divergence},
                       {"degenerate", or_null(p.degenerate)},
                       {"source_degenerate", or_null(p.source_degenerate)}});
  }
  core::Json j = {{"status", c.status},
                  {"reason", or_null(c.reason.text)},
                  {"token_agreement", or_null(c.token_agreement)},
                  {"new_tokens", c.new_tokens},
                  {"prompts", std::move(prompts)}};
  put_reason_id(j, c.reason);
  return j;
}

core::Json perplexity_json(const Perplexity& p) {
  core::Json j = {{"status", p.status},
                  {"reason", or_null(p.reason.text)},
                  {"windows", p.windows},
                  {"windows_planned", p.windows_planned},
                  {"seq_len", p.seq_len},
                  {"source", p.source},
                  {"quantized", p.quantized},
                  {"delta_pct", or_null(p.delta_pct)},
                  {"se_pct", or_null(p.se_pct)},
                  {"threshold_pct", or_null(p.threshold_pct)},
                  {"z", p.z}};
  put_reason_id(j, p.reason);
  return j;
}

Canary canary_of(Fields& f, std::string* error) {
  Canary c;
  c.status = f.text("status").value_or("not-run");
  c.reason = reason_of(f, error);
  c.token_agreement = f.number("token_agreement");
  c.new_tokens = f.integer("new_tokens").value_or(0);
  if (const core::Json* prompts = f.array("prompts")) {
    for (std::size_t i = 0; i < prompts->size(); ++i) {
      Fields one((*prompts)[i], f.path("prompts") + "/" + std::to_string(i), error);
      c.prompts.push_back({one.text("prompt").value_or(""), one.text("source").value_or(""), one.text("quantized").value_or(""),
                           one.number("agreement").value_or(0), one.integer("first_divergence").value_or(-1), one.text("degenerate"),
                           one.text("source_degenerate")});
    }
  }
  return c;
}

Perplexity perplexity_of(Fields& f, std::string* error) {
  Perplexity p;
  p.status = f.text("status").value_or("not-run");
  p.reason = reason_of(f, error);
  p.windows = f.integer("windows").value_or(0);
  p.windows_planned = f.integer("windows_planned").value_or(0);
  p.seq_len = f.integer("seq_len").value_or(0);
  p.source = f.number("source").value_or(0);
  p.quantized = f.number("quantized").value_or(0);
  p.delta_pct = f.number("delta_pct");
  p.se_pct = f.number("se_pct");
  p.threshold_pct = f.number("threshold_pct");
  p.z = f.number("z").value_or(0);
  return p;
}

}  // namespace

core::Json Evaluation::to_json() const {
  core::Json j = core::Json::object();
  j["verdict"] = verdict;
  j["reason"] = or_null(reason.text);
  j["intent"] = intent;
  if (canary) j["canary"] = canary_json(*canary);
  if (perplexity) j["perplexity"] = perplexity_json(*perplexity);
  j["seconds"] = seconds;
  put_if(j, "process_seconds", process_seconds);
  j["budget_seconds"] = budget_seconds;
  j["environment"] = environment;
  j["models"] = models;
  put_if(j, "log", log);
  if (quark_releases) {
    j["quark_releases"] = {{"export", or_null(quark_releases->exported)},
                           {"loader", or_null(quark_releases->loader)},
                           {"cross_release_load", quark_releases->cross_release_load}};
  }
  put_reason_id(j, reason);
  if (process) j["process"] = {{"pid", process->pid}, {"start_ticks", process->start_ticks}, {"boot_id", or_null(process->boot_id)}};
  return j;
}

Evaluation evaluation_of(const core::Json& j, const std::string& at, std::string* error) {
  Fields f(j, at, error);
  Evaluation e;
  e.verdict = f.text("verdict").value_or("not-run");
  e.reason = reason_of(f, error);
  e.intent = f.text("intent").value_or("");
  if (const core::Json* c = f.object("canary")) {
    Fields cf(*c, f.path("canary"), error);
    e.canary = canary_of(cf, error);
  }
  if (const core::Json* p = f.object("perplexity")) {
    Fields pf(*p, f.path("perplexity"), error);
    e.perplexity = perplexity_of(pf, error);
  }
  e.seconds = f.number("seconds").value_or(0);
  e.process_seconds = f.number("process_seconds");
  e.budget_seconds = f.number("budget_seconds").value_or(0);
  if (const core::Json* env = f.object("environment")) e.environment = *env;
  if (const core::Json* models = f.object("models")) e.models = *models;
  e.log = f.text("log");
  if (const core::Json* rel = f.object("quark_releases")) {
    Fields rf(*rel, f.path("quark_releases"), error);
    e.quark_releases = QuarkReleases{rf.text("export"), rf.text("loader"), rf.flag("cross_release_load").value_or(false)};
  }
  if (const core::Json* p = f.object("process")) {
    Fields pf(*p, f.path("process"), error);
    auto pid = pf.integer("pid");
    auto ticks = pf.integer("start_ticks");
    auto boot = pf.text("boot_id");
    if (pid && ticks) e.process = EvaluatorProcess{*pid, *ticks, boot};
  }
  return e;
}

core::Result<Evaluation> read_evaluation(const core::Json& section) {
  std::string error;
  Evaluation e = evaluation_of(section, "evaluation", &error);
  if (!error.empty()) return core::fail(field_invalid(kFile, error));
  return e;
}

core::Result<std::optional<Evaluation>> manifest_evaluation(const core::Json& manifest) {
  const core::Json* evaluation = manifest.is_object() && manifest.contains("evaluation") ? &manifest["evaluation"] : nullptr;
  if (evaluation == nullptr || evaluation->is_null()) return std::optional<Evaluation>();
  std::string error;
  Fields top(manifest, "", &error);
  if (top.object("evaluation") == nullptr) return core::fail(field_invalid(kFile, error));
  QPTQ_TRY_ASSIGN(Evaluation e, read_evaluation(*evaluation));
  return std::optional<Evaluation>(std::move(e));
}

void put_evaluation(core::Json& manifest, const Evaluation& evaluation) { manifest["evaluation"] = evaluation.to_json(); }

}  // namespace artifacts
