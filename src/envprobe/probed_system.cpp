#include "envprobe/probed_system.h"

#include "core/json_io.h"
#include "core/text.h"
#include "envprobe/system_probe.h"

namespace envprobe {

namespace {

// A file's text as the probe read it; nullopt when it could not (absent).
std::optional<std::string> file_text(const core::Json& raw, const char* path) {
  const core::Json* files = core::json_object(raw, "files");
  if (files == nullptr || !files->contains(path) || !(*files)[path].is_string()) return std::nullopt;
  return (*files)[path].get<std::string>();
}

// A tool's stdout when it ran and exited 0.
std::optional<std::string> tool_out(const core::Json& raw, const std::string& argv_key) {
  const core::Json* commands = core::json_object(raw, "commands");
  if (commands == nullptr || !commands->contains(argv_key)) return std::nullopt;
  const core::Json& c = (*commands)[argv_key];
  if (core::json_int(c, "exit_code").value_or(-1) != 0) return std::nullopt;
  return core::json_string(c, "stdout");
}

std::string joined(const std::vector<std::string>& argv) { return core::join(argv, " "); }

}  // namespace

SystemFacts system_facts_from_probe(std::string_view probe_json) {
  SystemFacts f;
  auto doc = core::parse_json(probe_json, "probe output");
  const core::Json* raw = doc ? core::json_object(*doc, "system_raw") : nullptr;
  if (raw == nullptr) {
    f.notes.push_back("the node's probe reported no system facts");
    return f;
  }
  if (auto text = file_text(*raw, "/etc/os-release")) {
    auto kv = parse_os_release(*text);
    f.os_pretty_name = kv["PRETTY_NAME"];
    f.os_id = kv["ID"];
    f.os_version_id = kv["VERSION_ID"];
  }
  if (auto uname = tool_out(*raw, "uname -srm")) {
    // "Linux 6.1.0-18-amd64 x86_64"
    auto words = core::split(std::string(core::trim(*uname)), ' ');
    if (words.size() == 3) {
      f.kernel = words[1];
      f.machine = words[2];
    }
  }
  if (auto text = file_text(*raw, "/proc/meminfo")) {
    auto [total, avail] = parse_meminfo(*text);
    f.host_memory_total_bytes = total;
    f.host_memory_available_bytes = avail;
  }
  f.cpu_count = core::json_int(*raw, "cpu_count").value_or(-1);
  f.dockerenv = file_text(*raw, "/.dockerenv").has_value();
  f.containerenv = file_text(*raw, "/run/.containerenv").has_value();
  for (const char* path : {"/proc/1/cgroup", "/proc/self/cgroup"}) {
    if (auto text = file_text(*raw, path); text && f.container_runtime.empty()) f.container_runtime = container_runtime_from_cgroup(*text);
  }
  if (f.containerenv) {
    if (f.container_runtime.empty()) f.container_runtime = "podman";
    if (auto text = file_text(*raw, "/run/.containerenv")) f.container_image = image_from_containerenv(*text);
  }
  if (f.dockerenv && f.container_runtime.empty()) f.container_runtime = "docker";
  f.nvidia_driver_loaded = file_text(*raw, "/proc/driver/nvidia/version").has_value();
  if (auto csv = tool_out(*raw, joined(nvidia_smi_argv()))) {
    f.nvidia_smi_ran = true;
    f.nvidia_gpus = parse_nvidia_smi(*csv, &f.nvidia_driver_version);
  }
  if (auto text = file_text(*raw, "/opt/rocm/.info/version")) f.rocm_version = std::string(core::trim(*text));
  if (auto names = tool_out(*raw, joined(rocm_smi_argv()))) f.amd_product_names = parse_rocm_smi_product_names(*names);
  f.notes.push_back("system facts from the node's probe (the AMD KFD topology is not read there: torch's devices stand for it)");
  return f;
}

}  // namespace envprobe
