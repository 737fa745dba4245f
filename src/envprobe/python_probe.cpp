#include "envprobe/python_probe.h"

#include "core/embedded.h"
#include "core/text.h"
#include "runner/capture.h"
#include "runner/python_script.h"

namespace envprobe {

namespace {

std::string str_or_empty(const core::Json& j, std::string_view key) { return core::json_string(j, key).value_or(""); }

std::vector<GpuDevice> parse_devices(const core::Json& torch) {
  std::vector<GpuDevice> out;
  const core::Json* list = core::json_array(torch, "devices");
  if (list == nullptr) return out;
  for (const auto& d : *list) {
    if (!d.is_object()) continue;
    GpuDevice g;
    g.index = static_cast<int>(core::json_int(d, "index").value_or(static_cast<std::int64_t>(out.size())));
    g.name = str_or_empty(d, "name");
    g.total_memory_bytes = core::json_int(d, "total_memory_bytes").value_or(-1);
    g.free_memory_bytes = core::json_int(d, "free_memory_bytes").value_or(-1);
    g.gcn_arch_name = str_or_empty(d, "gcn_arch_name");
    g.compute_capability = str_or_empty(d, "compute_capability");
    out.push_back(std::move(g));
  }
  return out;
}

void read_optional_map(const core::Json& j, std::string_view key, std::map<std::string, std::optional<std::string>>& out) {
  const core::Json* m = core::json_object(j, key);
  if (m == nullptr) return;
  for (const auto& [name, v] : m->items()) {
    out[name] = v.is_string() ? std::optional<std::string>(v.get<std::string>()) : std::nullopt;
  }
}

}  // namespace

std::string_view probe_script() { return core::embedded_file(kProbeScriptPath).value_or(""); }

core::Result<PythonFacts> parse_python_probe(std::string_view json_text, std::string_view source) {
  QPTQ_TRY_ASSIGN(core::Json j, core::parse_json(json_text, source));
  if (core::json_string(j, "probe").value_or("") != "quark-ptq-env") {
    return core::make_error(core::ExitCode::bad_input, "envprobe.probe_output_invalid").with("source", std::string(source));
  }
  PythonFacts f;
  f.ran = true;
  if (const core::Json* py = core::json_object(j, "python")) {
    f.version = str_or_empty(*py, "version");
    f.executable = str_or_empty(*py, "executable");
    f.scripts_dir = str_or_empty(*py, "scripts_dir");
  }
  read_optional_map(j, "packages", f.packages);
  read_optional_map(j, "variables", f.variables);
  if (const core::Json* t = core::json_object(j, "torch")) {
    f.torch_importable = core::json_bool(*t, "importable").value_or(false);
    f.torch_version = str_or_empty(*t, "version");
    f.torch_cuda = str_or_empty(*t, "cuda");
    f.torch_hip = str_or_empty(*t, "hip");
    f.torch_build = str_or_empty(*t, "build");
    f.torch_available = core::json_bool(*t, "available");
    f.torch_arch_list = core::json_string_list(*t, "arch_list");
    f.torch_devices = parse_devices(*t);
  }
  f.errors = core::json_string_list(j, "errors");
  return f;
}

PythonFacts facts_from_capture(const runner::CaptureResult& res, const std::string& python, double timeout_seconds) {
  PythonFacts failed;
  if (res.timed_out) {
    failed.failure = "timed out after " + std::to_string(static_cast<int>(timeout_seconds)) + " s";
    return failed;
  }
  auto facts = parse_python_probe(res.out, python + " probe output");
  if (res.ok() && !facts) {
    // It started and ended well but did not answer: not a Python that runs our script as
    // given (a wrapper, another program), or one whose start-up writes over stdout.
    std::string seen(core::trim(res.out.substr(0, 120)));
    failed.failure = "it exited 0 without the probe's answer (" + (seen.empty() ? std::string("printed nothing") : "printed: " + seen) +
                     "); it is not a Python interpreter that runs a script given with -c, or its start-up writes to stdout";
    return failed;
  }
  if (!res.ok() || !facts) {
    std::string err = res.err.size() > 400 ? res.err.substr(res.err.size() - 400) : res.err;
    failed.failure = "exit " + (res.exit_code ? std::to_string(*res.exit_code) : std::string("by signal")) + ": " + err;
    return failed;
  }
  facts->seconds = res.seconds;
  return std::move(facts).value();
}

core::Result<PythonFacts> run_python_probe(const std::string& python, double timeout_seconds) {
  PythonFacts failed;
  std::string_view script = probe_script();
  if (script.empty()) {
    failed.failure = "the probe script is not embedded in this build";
    return failed;
  }
  runner::CommandSpec spec = runner::python_script(python, script);
  auto res = runner::capture(spec, timeout_seconds, 4u << 20);
  if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
  if (!res) {
    failed.failure = "could not start " + python;
    return failed;
  }
  return facts_from_capture(*res, python, timeout_seconds);
}

}  // namespace envprobe
