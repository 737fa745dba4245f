#include "envprobe/checks.h"

#include <algorithm>

#include "core/fs.h"
#include "core/messages.h"
#include "envprobe/accelerator.h"
#include "envprobe/device_checks.h"
#include "envprobe/version_spec.h"
#include "knowledge/environment.h"
#include "knowledge/schemes.h"

namespace envprobe {

namespace {

std::string major_minor(const std::string& version) {
  auto v = core::parse_version(version);
  if (!v || v->release.size() < 2) return version;
  return std::to_string(v->release[0]) + "." + std::to_string(v->release[1]);
}

// Marks a catalog id so the catalog test (core Messages.*) checks it exists in both languages.
std::string message_id(const char* id) { return id; }

Problem make(std::string code, bool blocking, std::string id, std::vector<core::MessageArg> args, std::string installed = "",
             std::string required = "") {
  return Problem{std::move(code), blocking, std::move(id), std::move(args), std::move(installed), std::move(required)};
}

void check_python_and_packages(const CheckInputs& in, const Requirements& req, Verdict& v) {
  const std::string& py = in.env.python;
  if (!in.py.version.empty() && !req.python.empty() && satisfies(in.py.version, req.python) == false) {
    v.add(make("python_version", true, message_id("envprobe.problem_python_version"),
               {{"python", py}, {"installed", in.py.version}, {"required", req.python}, {"quark", req.quark_version}}, in.py.version,
               req.python));
  }
  for (const auto& pkg : req.packages) {
    auto it = in.py.packages.find(pkg.name);
    std::optional<std::string> installed = it == in.py.packages.end() ? std::nullopt : it->second;
    std::string required = pkg.spec.empty() ? "any version" : pkg.spec;
    if (!installed) {
      v.add(make("missing_package", true, message_id("envprobe.problem_missing_package"),
                 {{"package", pkg.name}, {"python", py}, {"required", required}, {"quark", req.quark_version}, {"fix", pkg.fix}},
                 "not installed", required));
    } else if (!pkg.spec.empty() && satisfies(*installed, pkg.spec) == false) {
      v.add(make("package_version", true, message_id("envprobe.problem_package_version"),
                 {{"package", pkg.name},
                  {"installed", *installed},
                  {"python", py},
                  {"required", pkg.spec},
                  {"quark", req.quark_version},
                  {"fix", pkg.fix}},
                 *installed, pkg.spec));
    }
  }
  if (!in.env.quark_cli_found) {
    v.add(make("quark_cli_missing", true, message_id("envprobe.problem_quark_cli_missing"),
               {{"python", py}, {"quark_cli", in.env.quark_cli}}, "not found", in.env.quark_cli));
  }
}

std::string visible_devices_hint(const PythonFacts& py) {
  for (const char* name : {"HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"}) {
    auto it = py.variables.find(name);
    if (it != py.variables.end() && it->second) return std::string(name) + "=" + *it->second;
  }
  return "none";
}

bool arch_compiled(const std::vector<std::string>& list, const std::string& kind, const std::string& arch) {
  if (list.empty() || arch.empty()) return true;  // no evidence: say nothing
  if (kind == "amd-rocm") return std::find(list.begin(), list.end(), arch) != list.end();
  // NVIDIA: sm_XY exact, or PTX compute_XY at or below the device (JIT-compiled).
  std::string digits;
  for (char c : arch) {
    if (c != '.') digits += c;
  }
  auto dev = core::parse_version(arch);
  for (const auto& a : list) {
    if (a == "sm_" + digits) return true;
    if (a.rfind("compute_", 0) == 0 && dev) {
      std::string n = a.substr(8);
      if (n.size() >= 2) {
        auto ptx = core::parse_version(n.substr(0, n.size() - 1) + "." + n.substr(n.size() - 1));
        if (ptx && core::compare_versions(*ptx, *dev) <= 0) return true;
      }
    }
  }
  return false;
}

void check_torch_and_gpu(const CheckInputs& in, Verdict& v) {
  const PythonFacts& py = in.py;
  const Accelerator& acc = in.acc;
  auto torch_pkg = py.packages.find("torch");
  bool torch_installed = torch_pkg != py.packages.end() && torch_pkg->second.has_value();
  if (torch_installed && !py.torch_importable) {
    std::string reason = py.errors.empty() ? "unknown error" : py.errors.back();
    v.add(make("torch_not_importable", true, message_id("envprobe.problem_torch_not_importable"),
               {{"python", in.env.python}, {"reason", reason}}, *torch_pkg->second, "importable"));
    return;
  }
  if (!py.torch_importable) return;  // reported as a missing package
  std::string torch = py.torch_version;
  if (acc.gpu_present()) {
    std::string vendor_build = acc.kind == "amd-rocm" ? "hip" : "cuda";
    if (!py.torch_build.empty() && py.torch_build != "cpu" && py.torch_build != vendor_build) {
      v.add(make("torch_build_mismatch", true, message_id("envprobe.problem_torch_build_mismatch"),
                 {{"torch", torch}, {"build", py.torch_build}, {"kind", acc.kind}}, py.torch_build, vendor_build));
    } else if (py.torch_available == false) {
      v.add(make("torch_gpu_unavailable", true, message_id("envprobe.problem_torch_gpu_unavailable"),
                 {{"count", std::to_string(acc.devices.size())},
                  {"kind", acc.kind},
                  {"torch", torch},
                  {"build", py.torch_build.empty() ? "unknown" : py.torch_build},
                  {"visible", visible_devices_hint(py)}},
                 "torch.cuda.is_available() = False", "True"));
    }
    if (py.torch_available == true && !acc.devices.empty()) {
      const GpuDevice& d = acc.devices.front();
      std::string arch = acc.kind == "amd-rocm" ? gfx_base(d.gcn_arch_name) : d.compute_capability;
      if (!arch_compiled(py.torch_arch_list, acc.kind, arch)) {
        std::string list;
        for (const auto& a : py.torch_arch_list) list += (list.empty() ? "" : " ") + a;
        bool overridden = py.variables.count("HSA_OVERRIDE_GFX_VERSION") && py.variables.at("HSA_OVERRIDE_GFX_VERSION");
        v.add(make("arch_not_compiled", !overridden, message_id("envprobe.problem_arch_not_compiled"),
                   {{"torch", torch}, {"arch", arch}, {"arch_list", list}}, list, arch));
      }
    }
    return;
  }
  if (in.device == "cuda") {
    if (acc.kind == "cpu") {
      v.add(make("no_gpu", true, message_id("envprobe.problem_no_gpu"),
                 {{"evidence", acc.evidence},
                  {"setup", core::checkout_path("scripts/setup-quark-cpu-env.sh")},
                  {"cpu_python", core::checkout_path(".venv-quark-cpu/bin/python")}},
                 "no GPU", "a GPU for --device cuda"));
    } else if (acc.kind == "unknown") {
      v.add(make("accelerator_unknown", false, message_id("envprobe.problem_accelerator_unknown"), {{"evidence", acc.evidence}}, "unknown",
                 "a GPU"));
    }
  }
}

// What decides which GPU the run gets and whether torch can use it (envprobe/device_checks.h),
// before torch's own view: a too-old driver is the cause of torch seeing no GPU.
void check_devices(const CheckInputs& in, Verdict& v) {
  auto var = [&in](const char* name) {
    auto it = in.py.variables.find(name);
    return it == in.py.variables.end() ? std::nullopt : it->second;
  };
  if (auto p = gfx_override_problem(var("HSA_OVERRIDE_GFX_VERSION"), in.hardware_gfx)) v.add(std::move(*p));
  if (auto p = visible_devices_problem(in.py.variables)) v.add(std::move(*p));
  if (in.acc.kind != "nvidia-cuda" || in.py.torch_build != "cuda") return;
  auto facts = knowledge::environment_facts();
  if (!facts) return;  // reported by requirements_for
  if (auto p = driver_problem(in.acc.driver_version, in.py.torch_version, in.py.torch_cuda, (*facts)->nvidia_driver_minimum))
    v.add(std::move(*p));
}

// A plan that runs on the CPU of a host without a GPU, with a Quark release that cannot.
void check_cpu_only_release(const CheckInputs& in, const Requirements& req, Verdict& v) {
  if (in.device != "cpu" || in.acc.kind != "cpu" || req.cpu_only_works) return;
  v.add(make("quark_needs_gpu", true, message_id("envprobe.problem_quark_needs_gpu"),
             {{"version", req.quark_version},
              {"setup", core::checkout_path("scripts/setup-quark-cpu-env.sh")},
              {"cpu_python", core::checkout_path(".venv-quark-cpu/bin/python")}},
             "amd-quark " + req.quark_version + " without a GPU", "a GPU, or a Quark release that runs on CPU"));
}

void check_schemes(const CheckInputs& in, const std::string& release, Verdict& v) {
  for (const auto& scheme : in.schemes) {
    NativeSupport s = scheme_native_support(scheme, in.acc, release);
    if (s.native == false) {
      v.add(make("scheme_not_native", false, message_id("envprobe.problem_scheme_not_native"), {{"scheme", scheme}, {"target", s.target}},
                 s.target, "native " + scheme));
    }
  }
}

}  // namespace

core::Result<Requirements> requirements_for(const std::optional<std::string>& installed_quark, const std::optional<std::string>& hint) {
  QPTQ_TRY_ASSIGN(const knowledge::EnvironmentFacts* k, knowledge::environment_facts());
  std::vector<std::string> candidates;
  if (installed_quark) candidates.push_back(major_minor(*installed_quark));
  if (hint) candidates.push_back(major_minor(*hint));
  candidates.push_back(k->default_quark_version);  // always listed
  Requirements r;
  for (const auto& c : candidates) {
    auto chosen = k->requirements.find(c);
    if (chosen == k->requirements.end()) continue;
    r.quark_version = c;
    r.python = chosen->second.python;
    for (const auto& p : chosen->second.packages) r.packages.push_back({p.name, p.spec, p.fix});
    r.cpu_only_works = chosen->second.cpu_only_works;
    break;
  }
  return r;
}

std::string arch_id(const Accelerator& acc) {
  if (!acc.gpu_present() || acc.devices.empty()) return "";
  const GpuDevice& d = acc.devices.front();
  if (acc.kind == "amd-rocm") return gfx_base(d.gcn_arch_name);
  std::string digits;
  for (char c : d.compute_capability) {
    if (c != '.') digits += c;
  }
  return digits.empty() ? "" : "sm_" + digits;
}

NativeSupport scheme_native_support(const std::string& scheme, const Accelerator& acc, const std::string& release) {
  NativeSupport s;
  s.target = arch_id(acc);
  if (s.target.empty()) return s;
  auto catalog = knowledge::schemes(release);
  const knowledge::Scheme* e = catalog ? (*catalog)->find(scheme) : nullptr;
  if (e == nullptr) return s;
  s.basis = "knowledge/quark/" + release + "/schemes.json";
  // Weight-only formats no accelerator computes in: serving dequantizes them, so "native"
  // does not apply (the plan records that as its own risk).
  if (e->native_on.empty() && e->weight_only()) return s;
  s.native = e->native(s.target);
  return s;
}

Verdict check_environment(const CheckInputs& in) {
  Verdict v;
  if (!in.py.ran) {
    v.add(make("probe_failed", true, message_id("envprobe.problem_probe_failed"), {{"python", in.env.python}, {"reason", in.py.failure}},
               "probe failed", "a working Python"));
    return v;
  }
  auto q = in.py.packages.find("amd-quark");
  std::optional<std::string> installed_quark = q != in.py.packages.end() ? q->second : std::nullopt;
  auto requirements = requirements_for(installed_quark, in.quark_version_hint);
  if (!requirements) {
    const core::Error& e = requirements.error();
    v.add(make("knowledge_invalid", true, e.id, e.args, "", ""));
    return v;
  }
  const Requirements& req = *requirements;
  check_python_and_packages(in, req, v);
  check_devices(in, v);
  check_torch_and_gpu(in, v);
  check_cpu_only_release(in, req, v);
  check_schemes(in, req.quark_version, v);
  return v;
}

core::Json problem_to_json(const Problem& p) {
  core::Json j = {
      {"code", p.code}, {"severity", p.blocking ? "blocking" : "warning"}, {"message", core::msg(core::Lang::en, p.message_id, p.args)}};
  // The id and arguments beside the English, so that status shows it in the user's language.
  core::Json args = core::Json::object();
  for (const auto& a : p.args) args[a.name] = a.value;
  j["message_id"] = p.message_id;
  j["args"] = std::move(args);
  if (!p.installed.empty()) j["installed"] = p.installed;
  if (!p.required.empty()) j["required"] = p.required;
  return j;
}

}  // namespace envprobe
