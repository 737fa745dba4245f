// System facts read directly (/etc/os-release, /proc, /sys, /.dockerenv, /opt/rocm) plus
// nvidia-smi and rocm-smi through the runner. The parsers are pure and tested on recorded
// outputs (tests/fixtures/envprobe/).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "envprobe/facts.h"

namespace envprobe {

// The nvidia-smi query we run and record (also in knowledge/probes/env_probe.py --system).
std::vector<std::string> nvidia_smi_argv();
std::vector<std::string> rocm_smi_argv();

std::map<std::string, std::string> parse_os_release(std::string_view text);
// MemTotal / MemAvailable in bytes (-1 when absent).
std::pair<std::int64_t, std::int64_t> parse_meminfo(std::string_view text);
// "docker", "kubernetes", "podman", "lxc" or "" from /proc/1/cgroup or /proc/self/cgroup.
std::string container_runtime_from_cgroup(std::string_view text);
// image="..." from /run/.containerenv (podman).
std::string image_from_containerenv(std::string_view text);
// Rows of `nvidia-smi --query-gpu=... --format=csv,noheader,nounits`; the driver version too.
std::vector<GpuDevice> parse_nvidia_smi(std::string_view csv, std::string* driver_version);
// One KFD topology node's properties: a GPU (simd_count > 0) as "gfxNNN", else nullopt.
std::optional<std::string> kfd_node_gfx(std::string_view properties);
// Product names from `rocm-smi --showproductname --json`.
std::vector<std::string> parse_rocm_smi_product_names(std::string_view json_text);

struct SystemSources {
  std::filesystem::path root = "/";  // tests point this at a recorded tree
  bool run_tools = true;             // nvidia-smi / rocm-smi
};

// Fails only when quark-ptq is asked to stop while nvidia-smi or rocm-smi runs
// (ExitCode::interrupted "runner.probe_interrupted"); a tool that fails is a note.
core::Result<SystemFacts> gather_system_facts(const SystemSources& src = {});

}  // namespace envprobe
