#include "envprobe/checks.h"

#include <gtest/gtest.h>

#include "envprobe/accelerator.h"

namespace envprobe {
namespace {

PythonFacts good_nvidia() {
  PythonFacts py;
  py.ran = true;
  py.version = "3.12.3";
  py.packages = {{"amd-quark", "0.13"}, {"torch", "2.11.0+cu130"}, {"transformers", "5.16.1"},
                 {"datasets", "5.2.0"}, {"accelerate", "1.15.0"},  {"safetensors", "0.8.0"}};
  py.torch_importable = true;
  py.torch_version = "2.11.0+cu130";
  py.torch_cuda = "13.0";
  py.torch_build = "cuda";
  py.torch_available = true;
  py.torch_arch_list = {"sm_75", "sm_80", "sm_86", "sm_90", "sm_100", "sm_120", "compute_120"};
  GpuDevice d;
  d.name = "NVIDIA H200";
  d.compute_capability = "9.0";
  d.total_memory_bytes = 150754820096;
  py.torch_devices = {d};
  return py;
}

SystemFacts nvidia_host() {
  SystemFacts s;
  s.nvidia_driver_loaded = true;
  s.nvidia_smi_ran = true;
  GpuDevice d;
  d.name = "NVIDIA H200";
  d.compute_capability = "9.0";
  s.nvidia_gpus = {d};
  return s;
}

CheckInputs inputs(PythonFacts py, SystemFacts sys) {
  CheckInputs in;
  in.env.python = "/v/bin/python";
  in.env.quark_cli = "/v/bin/quark-cli";
  in.env.quark_cli_found = true;
  in.acc = merge_accelerator(py, sys);
  in.py = std::move(py);
  in.schemes = {"fp8"};
  return in;
}

const Problem* find(const Verdict& v, const std::string& code) {
  for (const auto& p : v.problems) {
    if (p.code == code) return &p;
  }
  return nullptr;
}

TEST(Checks, AGoodH200EnvironmentIsReady) {
  Verdict v = check_environment(inputs(good_nvidia(), nvidia_host()));
  EXPECT_TRUE(v.ready);
  EXPECT_TRUE(v.problems.empty()) << v.problems.front().code;
}

TEST(Checks, TransformersOutsideQuarksPinShowsBothVersions) {
  PythonFacts py = good_nvidia();
  py.packages["transformers"] = "5.17.0";
  Verdict v = check_environment(inputs(py, nvidia_host()));
  EXPECT_FALSE(v.ready);
  const Problem* p = find(v, "package_version");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->installed, "5.17.0");
  EXPECT_EQ(p->required, ">5,<5.17");
  core::Json j = problem_to_json(*p);
  EXPECT_NE(j["message"].get<std::string>().find("transformers 5.17.0"), std::string::npos);
  EXPECT_NE(j["message"].get<std::string>().find("transformers >5,<5.17"), std::string::npos);
}

TEST(Checks, RequirementsFollowTheInstalledQuarkRelease) {
  PythonFacts py = good_nvidia();
  py.packages["amd-quark"] = "0.12";
  py.packages["transformers"] = "5.5.0";  // fine for 0.13, too new for 0.12
  Verdict v = check_environment(inputs(py, nvidia_host()));
  const Problem* p = find(v, "package_version");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->required, ">5,<5.3");
}

TEST(Checks, CpuTorchOnAGpuHostIsAMismatchNotACpuRun) {
  PythonFacts py = good_nvidia();
  py.torch_version = "2.11.0+cpu";
  py.torch_build = "cpu";
  py.torch_cuda.clear();
  py.torch_available = false;
  py.torch_devices.clear();
  Verdict v = check_environment(inputs(py, nvidia_host()));
  EXPECT_FALSE(v.ready);
  const Problem* p = find(v, "torch_gpu_unavailable");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->installed, "torch.cuda.is_available() = False");
}

TEST(Checks, RocmTorchOnNvidiaIsABuildMismatch) {
  PythonFacts py = good_nvidia();
  py.torch_build = "hip";
  py.torch_hip = "6.4";
  py.torch_available = false;
  py.torch_devices.clear();
  Verdict v = check_environment(inputs(py, nvidia_host()));
  const Problem* p = find(v, "torch_build_mismatch");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->installed, "hip");
  EXPECT_EQ(p->required, "cuda");
}

TEST(Checks, TorchWithoutKernelsForTheGpu) {
  PythonFacts py = good_nvidia();
  py.torch_arch_list = {"sm_80", "sm_86"};
  Verdict v = check_environment(inputs(py, nvidia_host()));
  EXPECT_NE(find(v, "arch_not_compiled"), nullptr);
  py.torch_arch_list = {"sm_80", "compute_80"};  // PTX JIT covers sm_90
  EXPECT_EQ(find(check_environment(inputs(py, nvidia_host())), "arch_not_compiled"), nullptr);
}

TEST(Checks, SchemeWithoutNativeSupportIsAWarning) {
  CheckInputs in = inputs(good_nvidia(), nvidia_host());
  in.schemes = {"mxfp4"};
  Verdict v = check_environment(in);
  EXPECT_TRUE(v.ready);
  const Problem* p = find(v, "scheme_not_native");
  ASSERT_NE(p, nullptr);
  EXPECT_FALSE(p->blocking);
  EXPECT_EQ(p->installed, "sm_90");
}

// No GPU computes in int4 weight-only: "native" does not apply, so nothing to warn about here
// (the plan records the serving question as its own risk).
TEST(Checks, WeightOnlyIntIsNotCalledEmulated) {
  CheckInputs in = inputs(good_nvidia(), nvidia_host());
  in.schemes = {"int4_wo_128"};
  EXPECT_EQ(find(check_environment(in), "scheme_not_native"), nullptr);
}

TEST(Checks, MissingEvidenceIsUnknownNeverCpu) {
  PythonFacts py;  // the probe ran but torch is not installed
  py.ran = true;
  SystemFacts sys;  // no tool answered
  Accelerator acc = merge_accelerator(py, sys);
  EXPECT_EQ(acc.kind, "unknown");
  PythonFacts cpu = good_nvidia();
  cpu.torch_available = false;
  cpu.torch_devices.clear();
  EXPECT_EQ(merge_accelerator(cpu, SystemFacts{}).kind, "cpu");
}

TEST(Checks, CpuRunWithAReleaseThatNeedsAGpuIsBlocking) {
  // Real runs: amd-quark 0.13 stops with MemoryError on a host without a GPU, 0.12.post1
  // quantizes there (docs/quark-facts.md, knowledge/environment.json cpu_only).
  PythonFacts py = good_nvidia();
  py.torch_available = false;
  py.torch_devices.clear();
  CheckInputs in = inputs(py, SystemFacts{});
  in.device = "cpu";
  in.schemes = {"int8"};
  ASSERT_EQ(in.acc.kind, "cpu");
  Verdict v = check_environment(in);
  const Problem* p = find(v, "quark_needs_gpu");
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->blocking);
  EXPECT_FALSE(v.ready);

  in.py.packages["amd-quark"] = "0.12.post1";
  in.py.packages["transformers"] = "5.2.0";
  EXPECT_EQ(find(check_environment(in), "quark_needs_gpu"), nullptr);

  CheckInputs gpu = inputs(good_nvidia(), nvidia_host());
  gpu.device = "cpu";  // an explicit CPU plan on a GPU host is Quark's business, not blocked here
  EXPECT_EQ(find(check_environment(gpu), "quark_needs_gpu"), nullptr);
}

TEST(Checks, QuarkCliMustComeFromTheSameEnvironment) {
  CheckInputs in = inputs(good_nvidia(), nvidia_host());
  in.env.quark_cli_found = false;
  Verdict v = check_environment(in);
  EXPECT_FALSE(v.ready);
  EXPECT_NE(find(v, "quark_cli_missing"), nullptr);
}

TEST(Checks, FailedProbeIsBlocking) {
  CheckInputs in = inputs(good_nvidia(), nvidia_host());
  in.py.ran = false;
  in.py.failure = "timed out after 120 s";
  Verdict v = check_environment(in);
  EXPECT_FALSE(v.ready);
  EXPECT_NE(find(v, "probe_failed"), nullptr);
}

// The shipped driver table blocks a driver older
// than torch's CUDA major needs; the variables' contradictions are warnings.
TEST(Checks, ADriverTooOldForTorchBlocks) {
  SystemFacts sys = nvidia_host();
  sys.nvidia_driver_version = "570.86.15";  // CUDA 13 needs >= 580
  Verdict v = check_environment(inputs(good_nvidia(), sys));
  EXPECT_FALSE(v.ready);
  ASSERT_NE(find(v, "driver_too_old"), nullptr);
  EXPECT_EQ(find(v, "driver_too_old")->required, ">= 580");
  sys.nvidia_driver_version = "580.159.04";
  EXPECT_TRUE(check_environment(inputs(good_nvidia(), sys)).ready);
}

TEST(Checks, VariablesThatContradictTheDevicesAreWarnings) {
  CheckInputs in = inputs(good_nvidia(), nvidia_host());
  in.py.variables = {{"HIP_VISIBLE_DEVICES", "1"}, {"CUDA_VISIBLE_DEVICES", "0"}, {"HSA_OVERRIDE_GFX_VERSION", "11.0.0"}};
  in.hardware_gfx = {"gfx942"};
  Verdict v = check_environment(in);
  EXPECT_TRUE(v.ready);
  EXPECT_NE(find(v, "visible_devices_disagree"), nullptr);
  EXPECT_NE(find(v, "gfx_override_contradicts"), nullptr);
}

}  // namespace
}  // namespace envprobe
