#include "envprobe/system_probe.h"

#include <gtest/gtest.h>

#include "core/fs.h"
#include "support/temp_dir.h"

namespace envprobe {
namespace {

TEST(SystemProbe, NvidiaSmiCsv) {
  auto text = core::read_file(test_support::source_path("tests/fixtures/envprobe/nvidia-smi/h200.handwritten.csv"));
  ASSERT_TRUE(text.has_value());
  std::string driver;
  auto gpus = parse_nvidia_smi(*text, &driver);
  ASSERT_EQ(gpus.size(), 1u);
  EXPECT_EQ(gpus[0].name, "NVIDIA H200");
  EXPECT_EQ(gpus[0].compute_capability, "9.0");
  EXPECT_EQ(gpus[0].total_memory_bytes, 143771LL * 1024 * 1024);
  EXPECT_EQ(gpus[0].free_memory_bytes, 143222LL * 1024 * 1024);
  EXPECT_EQ(driver, "570.133.20");
  // older drivers without compute_cap
  auto old = parse_nvidia_smi("0, Tesla V100, 470.1, 16160, 0, 16000, [N/A], 0000:00:04.0\n", nullptr);
  ASSERT_EQ(old.size(), 1u);
  EXPECT_TRUE(old[0].compute_capability.empty());
  EXPECT_TRUE(parse_nvidia_smi("No devices were found\n", nullptr).empty());
}

TEST(SystemProbe, KfdTopologyGfxNames) {
  EXPECT_EQ(kfd_node_gfx("simd_count 1216\ngfx_target_version 90402\n"), "gfx942");
  EXPECT_EQ(kfd_node_gfx("simd_count 440\ngfx_target_version 90010\n"), "gfx90a");
  EXPECT_EQ(kfd_node_gfx("simd_count 96\ngfx_target_version 110000\n"), "gfx1100");
  EXPECT_EQ(kfd_node_gfx("simd_count 1024\ngfx_target_version 90500\n"), "gfx950");
  EXPECT_EQ(kfd_node_gfx("simd_count 0\ngfx_target_version 0\n"), std::nullopt);  // a CPU node
}

TEST(SystemProbe, OsMemoryAndContainers) {
  auto os = parse_os_release("PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\nVERSION_ID=\"12\"\n");
  EXPECT_EQ(os["PRETTY_NAME"], "Debian GNU/Linux 12 (bookworm)");
  EXPECT_EQ(os["VERSION_ID"], "12");
  auto [total, avail] = parse_meminfo("MemTotal:  1000 kB\nMemFree: 10 kB\nMemAvailable:  500 kB\n");
  EXPECT_EQ(total, 1024000);
  EXPECT_EQ(avail, 512000);
  EXPECT_EQ(container_runtime_from_cgroup("0::/kubepods/burstable/pod1/abc\n"), "kubernetes");
  EXPECT_EQ(container_runtime_from_cgroup("12:cpu:/docker/3f1e\n"), "docker");
  EXPECT_EQ(container_runtime_from_cgroup("0::/\n"), "");
  EXPECT_EQ(image_from_containerenv("engine=\"podman-4.9\"\nname=\"q\"\nimage=\"docker.io/rocm/pytorch:latest\"\n"),
            "docker.io/rocm/pytorch:latest");
  auto names = parse_rocm_smi_product_names(R"({"card0": {"Card Series": "AMD Instinct MI300X", "GFX Version": "gfx942"}, "system": {}})");
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names[0], "AMD Instinct MI300X");
}

TEST(SystemProbe, RecordedMi300xTree) {
  SystemFacts f = gather_system_facts({test_support::source_path("tests/fixtures/envprobe/systems/mi300x.handwritten"), false}).value();
  EXPECT_EQ(f.os_pretty_name, "Ubuntu 24.04.2 LTS");
  EXPECT_EQ(f.kernel, "6.8.0-60-generic");
  EXPECT_TRUE(f.dockerenv);
  EXPECT_EQ(f.container_runtime, "docker");
  EXPECT_TRUE(f.amd_kfd_present);
  ASSERT_EQ(f.amd_gpus.size(), 2u);
  EXPECT_EQ(f.amd_gpus[1].gcn_arch_name, "gfx942");
  EXPECT_EQ(f.rocm_version, "6.4.1-120");
  EXPECT_GT(f.host_memory_total_bytes, 2000LL << 30);
  EXPECT_FALSE(f.nvidia_driver_loaded);
}

TEST(SystemProbe, EmptyTreeIsAllUnknown) {
  test_support::TempDir tmp;
  SystemFacts f = gather_system_facts({tmp.path(), false}).value();
  EXPECT_TRUE(f.os_pretty_name.empty());
  EXPECT_EQ(f.host_memory_total_bytes, -1);
  EXPECT_FALSE(f.amd_kfd_present);
  EXPECT_TRUE(f.container_runtime.empty());
}

TEST(SystemProbe, ThisHostAnswersQuickly) {
  SystemFacts f = gather_system_facts().value();
  EXPECT_FALSE(f.kernel.empty());
  EXPECT_GT(f.host_memory_total_bytes, 0);
}

}  // namespace
}  // namespace envprobe
