// The compute node's system facts as prepare's Slurm preflight reads them: from the probe's
// --system output, here the one the real probe printed on an H200
// (tests/fixtures/envprobe/probe/nvidia-h200.json), and what the run_elsewhere path of
// probe_environment makes of a step's answer.
#include "envprobe/probed_system.h"

#include <gtest/gtest.h>

#include "core/fs.h"
#include "envprobe/accelerator.h"
#include "envprobe/report.h"
#include "support/temp_dir.h"

namespace envprobe {
namespace {

std::string h200_probe() {
  auto text = core::read_file(test_support::source_path("tests/fixtures/envprobe/probe/nvidia-h200.json"));
  EXPECT_TRUE(text);
  return text ? *text : "";
}

TEST(ProbedSystem, TheNodesFactsFromItsRecordedProbe) {
  SystemFacts f = system_facts_from_probe(h200_probe());
  EXPECT_EQ(f.os_pretty_name, "Ubuntu 24.04.3 LTS");
  EXPECT_EQ(f.os_id, "ubuntu");
  EXPECT_FALSE(f.kernel.empty());
  EXPECT_EQ(f.machine, "x86_64");
  EXPECT_EQ(f.host_memory_total_bytes, 131981020LL * 1024);
  EXPECT_GT(f.host_memory_available_bytes, 0);
  EXPECT_TRUE(f.nvidia_driver_loaded);
  EXPECT_TRUE(f.nvidia_smi_ran);
  ASSERT_EQ(f.nvidia_gpus.size(), 1u);
  EXPECT_EQ(f.nvidia_gpus[0].name, "NVIDIA H200");
  EXPECT_EQ(f.nvidia_driver_version, "580.159.04");
  EXPECT_TRUE(f.dockerenv);
  EXPECT_EQ(f.container_runtime, "docker");
  EXPECT_EQ(f.rocm_version, "");
  EXPECT_EQ(f.cpu_count, -1);  // recorded before the probe reported its CPUs
  // With the node's torch facts the accelerator is the node's, from its nvidia-smi.
  PythonFacts py;
  py.torch_build = "cuda";
  Accelerator acc = merge_accelerator(py, f);
  EXPECT_EQ(acc.kind, "nvidia-cuda");
  EXPECT_EQ(acc.evidence, "nvidia_smi");
  EXPECT_EQ(acc.driver_version, "580.159.04");
}

TEST(ProbedSystem, NoSystemPartIsUnknownNeverThisHost) {
  for (const char* answer : {"", "not json", R"({"probe": "quark-ptq-env"})", R"({"system_raw": 3})"}) {
    SystemFacts f = system_facts_from_probe(answer);
    EXPECT_EQ(f.os_pretty_name, "") << answer;
    EXPECT_EQ(f.host_memory_total_bytes, -1) << answer;
    EXPECT_EQ(f.cpu_count, -1) << answer;
    EXPECT_FALSE(f.nvidia_driver_loaded) << answer;
    ASSERT_EQ(f.notes.size(), 1u) << answer;
  }
  // A tool that failed there, or fields of another type, are not read.
  SystemFacts odd = system_facts_from_probe(
      R"({"system_raw": {"cpu_count": 12, "files": {"/etc/os-release": 5}, "commands": {"uname -srm": {"exit_code": 1, "stdout": "Linux 6 x"}}}})");
  EXPECT_EQ(odd.cpu_count, 12);
  EXPECT_EQ(odd.os_pretty_name, "");
  EXPECT_EQ(odd.kernel, "");
}

TEST(ProbedSystem, ProbeEnvironmentRunsTheProbeElsewhere) {
  test_support::TempDir tmp;
  // Any executable stands for the interpreter: run_elsewhere answers in its place.
  const std::string python = tmp.write("venv/bin/python", "#!/bin/sh\nexit 0\n").string();
  std::filesystem::permissions(python, std::filesystem::perms::owner_all);
  ProbeOptions opt;
  opt.python_flag = python;
  opt.getenv = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  std::vector<std::string> seen;
  opt.run_elsewhere = [&](const runner::CommandSpec& spec) -> core::Result<runner::CaptureResult> {
    seen = spec.argv;
    runner::CaptureResult r;
    r.exit_code = 0;
    r.out = h200_probe();
    return r;
  };
  auto report = probe_environment(opt);
  ASSERT_TRUE(report) << report.error().id;
  ASSERT_GE(seen.size(), 3u);
  EXPECT_EQ(seen.front(), python);
  EXPECT_EQ(seen.back(), "--system");
  EXPECT_TRUE(report->py.ran);
  EXPECT_EQ(report->sys.nvidia_driver_version, "580.159.04");
  EXPECT_EQ(report->acc.kind, "nvidia-cuda");

  // Its error is prepare's: returned as it is, nothing judged.
  opt.run_elsewhere = [](const runner::CommandSpec&) -> core::Result<runner::CaptureResult> {
    return core::make_error(core::ExitCode::env_not_ready, "prepare.preflight_not_started");
  };
  auto refused = probe_environment(opt);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().id, "prepare.preflight_not_started");
}

}  // namespace
}  // namespace envprobe
