#include "envprobe/system_probe.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "core/fs.h"
#include "core/json_io.h"
#include "core/text.h"
#include "runner/capture.h"

namespace envprobe {

namespace {

constexpr double kToolTimeoutSeconds = 20;

std::string trim(std::string_view s) { return std::string(core::trim(s)); }

std::vector<std::string> split_csv(std::string_view line) {
  std::vector<std::string> out = core::split(line, ',');
  for (auto& field : out) field = trim(field);
  return out;
}

std::optional<std::int64_t> to_int(const std::string& s) {
  if (s.empty()) return std::nullopt;
  std::int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::optional<std::string> read_text(const std::filesystem::path& root, const std::string& abs) {
  auto text = core::read_range(root / abs.substr(1), 0, 1u << 20);
  if (!text) return std::nullopt;
  return std::move(text).value();
}

std::string hex_digit(long v) { return std::string(1, "0123456789abcdef"[v & 15]); }

}  // namespace

std::vector<std::string> nvidia_smi_argv() {
  return {"nvidia-smi", "--query-gpu=index,name,driver_version,memory.total,memory.used,memory.free,compute_cap,pci.bus_id",
          "--format=csv,noheader,nounits"};
}

std::vector<std::string> rocm_smi_argv() { return {"rocm-smi", "--showproductname", "--json"}; }

std::map<std::string, std::string> parse_os_release(std::string_view text) {
  std::map<std::string, std::string> out;
  for (auto line : core::split_lines(text)) {
    auto eq = line.find('=');
    if (eq == std::string_view::npos || line.empty() || line.front() == '#') continue;
    std::string value = trim(line.substr(eq + 1));
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    out[trim(line.substr(0, eq))] = value;
  }
  return out;
}

std::pair<std::int64_t, std::int64_t> parse_meminfo(std::string_view text) {
  std::int64_t total = -1;
  std::int64_t avail = -1;
  for (auto line : core::split_lines(text)) {
    auto colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string key = trim(line.substr(0, colon));
    std::string rest = trim(line.substr(colon + 1));
    auto kb = to_int(rest.substr(0, rest.find(' ')));
    if (!kb) continue;
    if (key == "MemTotal") total = *kb * 1024;
    if (key == "MemAvailable") avail = *kb * 1024;
  }
  return {total, avail};
}

std::string container_runtime_from_cgroup(std::string_view text) {
  if (text.find("kubepods") != std::string_view::npos) return "kubernetes";
  if (text.find("libpod") != std::string_view::npos) return "podman";
  if (text.find("docker") != std::string_view::npos) return "docker";
  if (text.find("/lxc") != std::string_view::npos) return "lxc";
  return "";
}

std::string image_from_containerenv(std::string_view text) {
  for (auto line : core::split_lines(text)) {
    if (line.rfind("image=", 0) == 0) {
      std::string v = trim(line.substr(6));
      if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
      return v;
    }
  }
  return "";
}

std::vector<GpuDevice> parse_nvidia_smi(std::string_view csv, std::string* driver_version) {
  std::vector<GpuDevice> out;
  for (auto line : core::split_lines(csv)) {
    auto cols = split_csv(line);
    if (cols.size() < 8) continue;
    auto index = to_int(cols[0]);
    if (!index) continue;
    GpuDevice g;
    g.index = static_cast<int>(*index);
    g.name = cols[1];
    if (driver_version != nullptr && driver_version->empty()) *driver_version = cols[2];
    constexpr std::int64_t kMiB = 1024 * 1024;
    if (auto t = to_int(cols[3])) g.total_memory_bytes = *t * kMiB;
    if (auto f = to_int(cols[5])) g.free_memory_bytes = *f * kMiB;
    if (cols[6] != "[N/A]" && cols[6] != "[Not Supported]") g.compute_capability = cols[6];
    g.pci_bus_id = cols[7];
    out.push_back(std::move(g));
  }
  return out;
}

std::optional<std::string> kfd_node_gfx(std::string_view properties) {
  std::int64_t simd = 0;
  std::int64_t target = 0;
  for (auto line : core::split_lines(properties)) {
    auto sp = line.find(' ');
    if (sp == std::string_view::npos) continue;
    std::string key(line.substr(0, sp));
    auto v = to_int(trim(line.substr(sp + 1)));
    if (!v) continue;
    if (key == "simd_count") simd = *v;
    if (key == "gfx_target_version") target = *v;
  }
  if (simd <= 0 || target <= 0) return std::nullopt;
  // 90402 -> gfx942, 90010 -> gfx90a, 110000 -> gfx1100
  long major = static_cast<long>(target / 10000);
  long minor = static_cast<long>((target / 100) % 100);
  long step = static_cast<long>(target % 100);
  return "gfx" + std::to_string(major) + hex_digit(minor) + hex_digit(step);
}

std::vector<std::string> parse_rocm_smi_product_names(std::string_view json_text) {
  std::vector<std::string> out;
  auto j = core::parse_json(json_text, "rocm-smi");
  if (!j || !j->is_object()) return out;
  for (const auto& [card, facts] : j->items()) {
    if (card.rfind("card", 0) != 0 || !facts.is_object()) continue;
    for (const char* key : {"Card Series", "Card series", "Card Model", "Card model"}) {
      if (auto v = core::json_string(facts, key)) {
        out.push_back(*v);
        break;
      }
    }
  }
  return out;
}

namespace {

void gather_os(const SystemSources& src, SystemFacts& f) {
  if (auto text = read_text(src.root, "/etc/os-release")) {
    auto kv = parse_os_release(*text);
    f.os_pretty_name = kv["PRETTY_NAME"];
    f.os_id = kv["ID"];
    f.os_version_id = kv["VERSION_ID"];
  }
  if (auto text = read_text(src.root, "/proc/sys/kernel/osrelease")) f.kernel = trim(*text);
  if (src.root == "/") {
    struct utsname u {};
    if (::uname(&u) == 0) f.machine = u.machine;
    long n = ::sysconf(_SC_NPROCESSORS_ONLN);
    if (n > 0) f.cpu_count = n;
  }
  if (auto text = read_text(src.root, "/proc/meminfo")) {
    auto [total, avail] = parse_meminfo(*text);
    f.host_memory_total_bytes = total;
    f.host_memory_available_bytes = avail;
  }
}

void gather_container(const SystemSources& src, SystemFacts& f) {
  f.dockerenv = core::exists(src.root / ".dockerenv");
  f.containerenv = core::exists(src.root / "run/.containerenv");
  for (const char* path : {"/proc/1/cgroup", "/proc/self/cgroup"}) {
    if (auto text = read_text(src.root, path); text && f.container_runtime.empty()) {
      f.container_runtime = container_runtime_from_cgroup(*text);
    }
  }
  if (f.containerenv) {
    if (f.container_runtime.empty()) f.container_runtime = "podman";
    if (auto text = read_text(src.root, "/run/.containerenv")) f.container_image = image_from_containerenv(*text);
  }
  if (f.dockerenv && f.container_runtime.empty()) f.container_runtime = "docker";
}

core::Result<void> gather_nvidia(const SystemSources& src, SystemFacts& f) {
  f.nvidia_driver_loaded = core::exists(src.root / "proc/driver/nvidia/version");
  if (!src.run_tools) return core::ok();
  auto res = runner::capture({nvidia_smi_argv(), {}, {}, {}}, kToolTimeoutSeconds, 1u << 20);
  if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
  if (!res) return core::ok();  // not installed: no evidence either way
  if (!res->ok()) {
    f.notes.push_back("nvidia-smi failed: " + trim(res->err.substr(0, 200)));
    return core::ok();
  }
  f.nvidia_smi_ran = true;
  f.nvidia_gpus = parse_nvidia_smi(res->out, &f.nvidia_driver_version);
  return core::ok();
}

core::Result<void> gather_amd(const SystemSources& src, SystemFacts& f) {
  auto topo = src.root / "sys/class/kfd/kfd/topology/nodes";
  f.amd_kfd_present = core::is_directory(topo);
  if (f.amd_kfd_present) {
    std::vector<std::pair<int, std::string>> nodes;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(topo, ec)) {
      auto props = core::read_range(entry.path() / "properties", 0, 1u << 16);
      if (!props) continue;
      if (auto gfx = kfd_node_gfx(*props)) {
        int node = static_cast<int>(to_int(entry.path().filename().string()).value_or(0));
        nodes.emplace_back(node, *gfx);
      }
    }
    std::sort(nodes.begin(), nodes.end());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      GpuDevice g;
      g.index = static_cast<int>(i);
      g.gcn_arch_name = nodes[i].second;
      f.amd_gpus.push_back(std::move(g));
    }
  }
  if (auto text = read_text(src.root, "/opt/rocm/.info/version")) f.rocm_version = trim(*text);
  if (!src.run_tools || !f.amd_kfd_present) return core::ok();
  auto res = runner::capture({rocm_smi_argv(), {}, {}, {}}, kToolTimeoutSeconds, 1u << 20);
  if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
  if (res && res->ok()) f.amd_product_names = parse_rocm_smi_product_names(res->out);
  return core::ok();
}

}  // namespace

core::Result<SystemFacts> gather_system_facts(const SystemSources& src) {
  SystemFacts f;
  gather_os(src, f);
  gather_container(src, f);
  QPTQ_TRY(gather_nvidia(src, f));
  QPTQ_TRY(gather_amd(src, f));
  return f;
}

}  // namespace envprobe
