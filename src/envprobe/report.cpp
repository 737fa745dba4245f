#include "envprobe/report.h"

#include "core/messages.h"
#include "envprobe/accelerator.h"
#include "envprobe/probed_system.h"
#include "envprobe/python_probe.h"
#include "runner/python_script.h"

namespace envprobe {

namespace {

std::string message_id(const char* id) { return id; }

core::Json opt_string(const std::string& s) { return s.empty() ? core::Json(nullptr) : core::Json(s); }
core::Json opt_bytes_gib(std::int64_t bytes) {
  return bytes < 0 ? core::Json(nullptr) : core::Json(static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
}

core::Json device_json(const GpuDevice& d) {
  core::Json j = {{"index", d.index},
                  {"name", opt_string(d.name)},
                  {"memory_total_gib", opt_bytes_gib(d.total_memory_bytes)},
                  {"memory_free_gib", opt_bytes_gib(d.free_memory_bytes)}};
  if (!d.gcn_arch_name.empty()) j["gcn_arch_name"] = d.gcn_arch_name;
  if (!d.compute_capability.empty()) j["compute_capability"] = d.compute_capability;
  if (!d.pci_bus_id.empty()) j["pci_bus_id"] = d.pci_bus_id;
  return j;
}

void add_data_problems(const std::vector<DataStatus>& data, Verdict& v) {
  for (const auto& d : data) {
    if (d.status != "missing" && d.status != "network") continue;
    // The fix is a message of its own ({fix:msg}), filled from the same arguments.
    std::vector<core::MessageArg> args = {{"role", d.role}, {"id", d.id}, {"fix", d.fix_id}};
    args.insert(args.end(), d.fix_args.begin(), d.fix_args.end());
    if (d.status == "missing") {
      v.add(Problem{"data_missing", true, message_id("envprobe.problem_data_missing"), std::move(args), "not reachable",
                    "cached or reachable"});
    } else {
      v.add(Problem{"data_download", false, message_id("envprobe.problem_data_download"), std::move(args), "not cached", "cached"});
    }
  }
}

}  // namespace

const std::vector<std::string>& recorded_variables() {
  static const std::vector<std::string> names = {
      "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES",   "ROCR_VISIBLE_DEVICES",    "HSA_OVERRIDE_GFX_VERSION",
      "PYTORCH_ROCM_ARCH",   "PYTORCH_HIP_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "HF_HOME",
      "HF_HUB_CACHE",        "HF_DATASETS_CACHE",      "HF_HUB_OFFLINE",          "HF_DATASETS_OFFLINE"};
  return names;
}

Verdict judge(const EnvReport& r, const ProbeOptions& opt) {
  Verdict v;
  if (r.env.python.empty()) {
    v.add(Problem{"python_not_found", true, message_id("envprobe.problem_python_not_found"), {}, "none", "a Python with amd-quark"});
  } else {
    CheckInputs in{r.env, r.py, r.acc, opt.schemes, opt.device, opt.quark_version_hint, {}};
    for (const auto& g : r.sys.amd_gpus) in.hardware_gfx.push_back(gfx_base(g.gcn_arch_name));
    v = check_environment(in);
  }
  add_data_problems(r.data, v);
  return v;
}

core::Result<EnvReport> probe_environment(const ProbeOptions& opt) {
  EnvReport r;
  auto env = resolve_python_env(opt.python_flag, opt.getenv);
  if (!env && env.error().code == core::ExitCode::bad_input) return core::fail(std::move(env).error());
  bool system_probed = false;
  if (env && opt.run_elsewhere) {
    r.env = *env;
    runner::CommandSpec spec = runner::python_script(r.env.python, probe_script(), {"--system"});
    QPTQ_TRY_ASSIGN(runner::CaptureResult res, opt.run_elsewhere(spec));
    r.py = facts_from_capture(res, r.env.python, opt.elsewhere_timeout_seconds);
    r.sys = system_facts_from_probe(res.out);
    system_probed = true;
  } else if (env) {
    r.env = *env;
    QPTQ_TRY_ASSIGN(r.py, run_python_probe(r.env.python));
  }
  if (env) {
    // pip may have put quark-cli in the interpreter's scripts dir rather than beside it.
    if (!r.env.quark_cli_found && !r.py.scripts_dir.empty()) {
      std::string cand = r.py.scripts_dir + "/quark-cli";
      if (core::is_regular_file(cand)) {
        r.env.quark_cli = cand;
        r.env.quark_cli_found = true;
      }
    }
  }
  if (!system_probed && opt.run_elsewhere) {
    // No Python to run there: nothing is known of that machine, and this host's facts are not it.
    r.sys.notes.push_back("no Python was found to run the probe on the other machine");
  } else if (!system_probed) {
    QPTQ_TRY_ASSIGN(r.sys, gather_system_facts(opt.system));
  }
  r.acc = merge_accelerator(r.py, r.sys);
  r.hf = hf_paths(opt.getenv);
  r.data = check_data(opt.data, r.hf, opt.dataset_reachable);
  r.verdict = judge(r, opt);
  return r;
}

core::Json report_to_json(const EnvReport& r) {
  core::Json packages = core::Json::object();
  for (const auto& [name, v] : r.py.packages) packages[name] = v ? core::Json(*v) : core::Json(nullptr);
  core::Json variables = core::Json::object();
  for (const auto& name : recorded_variables()) {
    auto it = r.py.variables.find(name);
    std::optional<std::string> v = it != r.py.variables.end() ? it->second : r.env.python.empty() ? process_env(name) : std::nullopt;
    variables[name] = v ? core::Json(*v) : core::Json(nullptr);
  }
  core::Json devices = core::Json::array();
  for (const auto& d : r.acc.devices) devices.push_back(device_json(d));
  core::Json torch = {{"version", opt_string(r.py.torch_version)},
                      {"build", opt_string(r.py.torch_build)},
                      {"cuda", opt_string(r.py.torch_cuda)},
                      {"hip", opt_string(r.py.torch_hip)},
                      {"available", r.py.torch_available ? core::Json(*r.py.torch_available) : core::Json(nullptr)},
                      {"device_count", r.py.torch_importable ? core::Json(r.py.torch_devices.size()) : core::Json(nullptr)},
                      {"arch_list", r.py.torch_arch_list}};
  core::Json problems = core::Json::array();
  for (const auto& p : r.verdict.problems) problems.push_back(problem_to_json(p));
  core::Json data = core::Json::array();
  for (const auto& d : r.data) data.push_back(data_status_to_json(d));
  return {
      {"python",
       {{"path", opt_string(r.env.python)},
        {"source", opt_string(r.env.source)},
        {"version", opt_string(r.py.version)},
        {"quark_cli", opt_string(r.env.quark_cli)},
        {"quark_cli_found", r.env.quark_cli_found},
        {"probe_ran", r.py.ran},
        {"probe_failure", opt_string(r.py.failure)},
        {"probe_seconds", r.py.seconds}}},
      {"packages", packages},
      {"torch", torch},
      {"accelerator",
       {{"kind", r.acc.kind},
        {"count", r.acc.devices.size()},
        {"devices", devices},
        {"nvidia_driver", opt_string(r.acc.driver_version)},
        {"rocm_version", opt_string(r.acc.rocm_version)},
        {"evidence", core::msg(core::Lang::en, "enum.accelerator_evidence." + r.acc.evidence)},
        {"evidence_code", r.acc.evidence}}},
      {"system",
       {{"os", opt_string(r.sys.os_pretty_name)},
        {"kernel", opt_string(r.sys.kernel)},
        {"machine", opt_string(r.sys.machine)},
        {"cpu_count", r.sys.cpu_count < 0 ? core::Json(nullptr) : core::Json(r.sys.cpu_count)},
        {"host_memory_total_gib", opt_bytes_gib(r.sys.host_memory_total_bytes)},
        {"host_memory_available_gib", opt_bytes_gib(r.sys.host_memory_available_bytes)}}},
      {"container",
       {{"in_container", r.sys.dockerenv || r.sys.containerenv || !r.sys.container_runtime.empty()},
        {"runtime", opt_string(r.sys.container_runtime)},
        {"image", opt_string(r.sys.container_image)},
        {"dockerenv", r.sys.dockerenv}}},
      {"variables", variables},
      {"hf_cache",
       {{"hub", r.hf.hub_cache.string()},
        {"datasets", r.hf.datasets_cache.string()},
        {"hub_offline", r.hf.hub_offline},
        {"datasets_offline", r.hf.datasets_offline}}},
      {"data", data},
      {"verdict", {{"ready", r.verdict.ready}, {"problems", problems}}},
  };
}

}  // namespace envprobe
