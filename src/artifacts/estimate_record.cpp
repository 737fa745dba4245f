#include "artifacts/estimate_record.h"

#include "artifacts/fields.h"
#include "artifacts/json_write.h"

namespace artifacts {

namespace {

void put_if(core::Json& out, const char* key, const std::optional<Number>& v) {
  if (v) out[key] = v->to_json();
}

core::Json parameters_json(const EstimateParameters& p) { return {{"total", p.total}, {"quantized", p.quantized}, {"source", p.source}}; }

core::Json time_json(const EstimateTime& t) {
  return {{"quark_cli_seconds", t.quark_cli_seconds.to_json()},
          {"verify_seconds", t.verify_seconds.to_json()},
          {"evaluation_seconds", t.evaluation_seconds.to_json()}};
}

}  // namespace

core::Json EstimateRecord::to_json() const {
  core::Json out = core::Json::object();
  put_if(out, "gpu_memory_gib", gpu_memory_gib);
  artifacts::put_if(out, "runs_on_cpu", runs_on_cpu);
  put_if(out, "host_memory_gib", host_memory_gib);
  put_if(out, "disk_gib", disk_gib);
  put_if(out, "minutes", minutes);
  if (time) out["time"] = time_json(*time);
  if (parameters) out["parameters"] = parameters_json(*parameters);
  core::Json g = {{"weights_gib", gpu.weights_gib.to_json()},
                  {"gpu0_weights_gib", gpu.gpu0_weights_gib.to_json()},
                  {"other_gpus_weights_gib", gpu.other_gpus_weights_gib.to_json()},
                  {"cpu_offload_gib", gpu.cpu_offload_gib.to_json()},
                  {"activations_gib", gpu.activations_gib.to_json()},
                  {"algorithm_state_gib", gpu.algorithm_state_gib.to_json()},
                  {"moe_unfuse_gib", gpu.moe_unfuse_gib.to_json()}};
  put_if(g, "quantizer_state_gib", gpu.quantizer_state_gib);
  put_if(g, "layerwise_phase_gib", gpu.layerwise_phase_gib);
  g["gpu0_available_gib"] = or_null(gpu.gpu0_available_gib);
  g["fits"] = or_null(gpu.fits);
  out["gpu"] = std::move(g);
  core::Json h = core::Json::object();
  put_if(h, "load_gib", host.load_gib);
  put_if(h, "export_gib", host.export_gib);
  put_if(h, "awq_gib", host.awq_gib);
  put_if(h, "evaluator_waiting_gib", host.evaluator_waiting_gib);
  h["available_gib"] = or_null(host.available_gib);
  h["fits"] = or_null(host.fits);
  out["host"] = std::move(h);
  out["disk"] = {{"free_gib", or_null(disk.free_gib)}, {"fits", or_null(disk.fits)}};
  out["recommendations"] = recommendations;
  out["notes"] = notes;
  out["method"] = method;
  return out;
}

core::Json EstimateRecord::bound_predictions() const {
  // workflow::kBoundEstimateKeys' order: minutes, time, gpu_memory_gib, host_memory_gib,
  // disk_gib, runs_on_cpu, parameters - each where recorded.
  core::Json out = core::Json::object();
  put_if(out, "minutes", minutes);
  if (time) out["time"] = time_json(*time);
  put_if(out, "gpu_memory_gib", gpu_memory_gib);
  put_if(out, "host_memory_gib", host_memory_gib);
  put_if(out, "disk_gib", disk_gib);
  artifacts::put_if(out, "runs_on_cpu", runs_on_cpu);
  if (parameters) out["parameters"] = parameters_json(*parameters);
  return out;
}

EstimateRecord EstimateRecord::read(const core::Json& j, std::string* error) {
  Fields f(j, "estimate", error);
  EstimateRecord e;
  auto num = [&](Fields& in, const core::Json& obj, const char* key) { return number_as_recorded(in, obj, key).value_or(Number()); };
  e.gpu_memory_gib = number_as_recorded(f, j, "gpu_memory_gib");
  e.runs_on_cpu = f.flag("runs_on_cpu");
  e.host_memory_gib = number_as_recorded(f, j, "host_memory_gib");
  e.disk_gib = number_as_recorded(f, j, "disk_gib");
  e.minutes = number_as_recorded(f, j, "minutes");
  if (const core::Json* t = f.object("time")) {
    Fields tf(*t, f.path("time"), error);
    e.time = EstimateTime{num(tf, *t, "quark_cli_seconds"), num(tf, *t, "verify_seconds"), num(tf, *t, "evaluation_seconds")};
  }
  if (const core::Json* p = f.object("parameters")) {
    Fields pf(*p, f.path("parameters"), error);
    e.parameters = EstimateParameters{pf.integer("total").value_or(0), pf.integer("quantized").value_or(0), pf.text("source").value_or("")};
  }
  if (const core::Json* g = f.object("gpu")) {
    Fields gf(*g, f.path("gpu"), error);
    e.gpu.weights_gib = num(gf, *g, "weights_gib");
    e.gpu.gpu0_weights_gib = num(gf, *g, "gpu0_weights_gib");
    e.gpu.other_gpus_weights_gib = num(gf, *g, "other_gpus_weights_gib");
    e.gpu.cpu_offload_gib = num(gf, *g, "cpu_offload_gib");
    e.gpu.activations_gib = num(gf, *g, "activations_gib");
    e.gpu.algorithm_state_gib = num(gf, *g, "algorithm_state_gib");
    e.gpu.moe_unfuse_gib = num(gf, *g, "moe_unfuse_gib");
    e.gpu.quantizer_state_gib = number_as_recorded(gf, *g, "quantizer_state_gib");
    e.gpu.layerwise_phase_gib = number_as_recorded(gf, *g, "layerwise_phase_gib");
    e.gpu.gpu0_available_gib = number_as_recorded(gf, *g, "gpu0_available_gib");
    e.gpu.fits = gf.flag("fits");
  }
  if (const core::Json* h = f.object("host")) {
    Fields hf(*h, f.path("host"), error);
    e.host.load_gib = number_as_recorded(hf, *h, "load_gib");
    e.host.export_gib = number_as_recorded(hf, *h, "export_gib");
    e.host.awq_gib = number_as_recorded(hf, *h, "awq_gib");
    e.host.evaluator_waiting_gib = number_as_recorded(hf, *h, "evaluator_waiting_gib");
    e.host.available_gib = number_as_recorded(hf, *h, "available_gib");
    e.host.fits = hf.flag("fits");
  }
  if (const core::Json* d = f.object("disk")) {
    Fields df(*d, f.path("disk"), error);
    e.disk.free_gib = number_as_recorded(df, *d, "free_gib");
    e.disk.fits = df.flag("fits");
  }
  e.recommendations = f.texts("recommendations");
  e.notes = f.texts("notes");
  e.method = f.text("method").value_or("");
  return e;
}

}  // namespace artifacts
