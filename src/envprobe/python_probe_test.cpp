// The probe against real interpreters, and parsing of recorded probe outputs.
#include "envprobe/python_probe.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <thread>
#include <unistd.h>

#include "core/atomic_file.h"
#include "core/fs.h"
#include "envprobe/accelerator.h"
#include "envprobe/checks.h"
#include "envprobe/system_probe.h"
#include "runner/capture.h"
#include "support/temp_dir.h"

namespace envprobe {
namespace {

PythonFacts load(const std::string& fixture) {
  auto text = core::read_file(test_support::source_path(fixture));
  EXPECT_TRUE(text.has_value()) << fixture;
  auto facts = parse_python_probe(text ? *text : "", fixture);
  EXPECT_TRUE(facts.has_value()) << fixture;
  return facts ? *facts : PythonFacts{};
}

TEST(PythonProbe, ScriptIsEmbedded) { EXPECT_NE(probe_script().find("quark-ptq-env"), std::string_view::npos); }

TEST(PythonProbe, RealVenvWithoutPackages) {
  auto python3 = runner::find_program("python3");
  if (!python3) GTEST_SKIP() << "python3 is not on PATH";
  test_support::TempDir tmp;
  auto venv = (tmp.path() / "venv").string();
  auto made = runner::capture({{*python3, "-m", "venv", "--without-pip", venv}, {}, {}, {}}, 60);
  ASSERT_TRUE(made.has_value() && made->ok()) << (made ? made->err : "");
  PythonFacts f = run_python_probe(venv + "/bin/python", 60).value();
  ASSERT_TRUE(f.ran) << f.failure;
  EXPECT_FALSE(f.version.empty());
  ASSERT_TRUE(f.packages.count("torch"));
  EXPECT_FALSE(f.packages.at("torch").has_value());
  EXPECT_FALSE(f.packages.at("amd-quark").has_value());
  EXPECT_FALSE(f.torch_importable);
  EXPECT_EQ(f.scripts_dir, venv + "/bin");
  EXPECT_FALSE(f.torch_available.has_value());  // unknown, not "no GPU"
}

TEST(PythonProbe, RealVenvWithQuark) {
  // scripts/setup-quark-env.sh builds <repo>/.venv-quark (a worktree links its checkout's);
  // CI always has it, so there its absence is a failure, not a skip.
  std::string python = test_support::source_path(".venv-quark/bin/python").string();
  if (!core::is_regular_file(python)) {
    if (std::getenv("CI") != nullptr) FAIL() << "CI without " << python << " (scripts/setup-quark-env.sh)";
    GTEST_SKIP() << "no .venv-quark (scripts/setup-quark-env.sh builds it)";
  }
  PythonFacts f = run_python_probe(python, 120).value();
  ASSERT_TRUE(f.ran) << f.failure;
  ASSERT_TRUE(f.packages.at("amd-quark").has_value());
  ASSERT_TRUE(f.packages.at("torch").has_value());
  EXPECT_TRUE(f.torch_importable);
  EXPECT_FALSE(f.torch_build.empty());
  EXPECT_TRUE(f.torch_available.has_value());
}

TEST(PythonProbe, AnInterpreterThatIsNotPythonIsAFailureNotACrash) {
  PythonFacts f = run_python_probe("/bin/false", 10).value();
  EXPECT_FALSE(f.ran);
  EXPECT_FALSE(f.failure.empty());
  PythonFacts none = run_python_probe("/nonexistent/python", 10).value();
  EXPECT_FALSE(none.ran);
  // One that exits 0 without answering is said to be that, not "could not start".
  PythonFacts silent = run_python_probe("/bin/true", 10).value();
  EXPECT_FALSE(silent.ran);
  EXPECT_NE(silent.failure.find("exited 0 without the probe's answer (printed nothing)"), std::string::npos) << silent.failure;
}

// SIGTERM while the probe runs stops quark-ptq (exit 130) with the probe's group; it is not
// a PythonFacts saying "could not start", which the verdict would turn into "not ready".
TEST(PythonProbe, AStopWhileProbingIsAStopNotAVerdict) {
  test_support::TempDir tmp;
  auto started = tmp.path() / "started";
  auto python = tmp.path() / "python";
  ASSERT_TRUE(core::write_file_atomic(python, "#!/bin/sh\necho $$ > '" + started.string() + "'\nexec sleep 30\n").has_value());
  std::filesystem::permissions(python, std::filesystem::perms::owner_all);
  std::thread stopper([started] {
    for (int i = 0; i < 500 && !core::exists(started); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ::kill(::getpid(), SIGTERM);
  });
  auto r = run_python_probe(python.string(), 20);
  stopper.join();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::interrupted);
  EXPECT_EQ(r.error().id, "runner.probe_interrupted");
}

TEST(PythonProbe, GarbageIsRejected) {
  EXPECT_FALSE(parse_python_probe("{}", "x").has_value());
  EXPECT_FALSE(parse_python_probe("not json", "x").has_value());
}

TEST(RecordedProbe, AmdMi300xHandWritten) {
  PythonFacts py = load("tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json");
  EXPECT_EQ(py.torch_build, "hip");
  EXPECT_EQ(py.torch_hip.rfind("6.4", 0), 0u);
  ASSERT_EQ(py.torch_devices.size(), 8u);
  EXPECT_EQ(py.torch_devices[0].gcn_arch_name, "gfx942:sramecc+:xnack-");
  SystemFacts sys = gather_system_facts({test_support::source_path("tests/fixtures/envprobe/systems/mi300x.handwritten"), false}).value();
  Accelerator acc = merge_accelerator(py, sys);
  EXPECT_EQ(acc.kind, "amd-rocm");
  EXPECT_EQ(gfx_base(acc.devices[0].gcn_arch_name), "gfx942");
  EXPECT_EQ(acc.rocm_version, "6.4.1-120");
  EXPECT_EQ(arch_id(acc), "gfx942");
  EXPECT_EQ(scheme_native_support("fp8", acc, "0.13").native, true);
  EXPECT_EQ(scheme_native_support("mxfp4", acc, "0.13").native, false);  // MI350 and later
}

// An H200: parse the probe JSON and the nvidia-smi output recorded beside it (system_raw).
void check_h200(const std::string& fixture) {
  auto text = core::read_file(test_support::source_path(fixture));
  ASSERT_TRUE(text.has_value());
  auto py = parse_python_probe(*text, fixture);
  ASSERT_TRUE(py.has_value());
  auto raw = core::parse_json(*text, fixture);
  ASSERT_TRUE(raw.has_value());
  std::string key;
  for (const auto& a : nvidia_smi_argv()) key += (key.empty() ? "" : " ") + a;
  const core::Json* smi = core::json_at(*raw, "system_raw/commands");
  ASSERT_NE(smi, nullptr);
  ASSERT_TRUE(smi->contains(key));
  SystemFacts sys;
  sys.nvidia_smi_ran = true;
  sys.nvidia_gpus = parse_nvidia_smi(core::json_string((*smi)[key], "stdout").value_or(""), &sys.nvidia_driver_version);
  ASSERT_FALSE(sys.nvidia_gpus.empty());
  EXPECT_NE(sys.nvidia_gpus[0].name.find("H200"), std::string::npos);
  EXPECT_EQ(sys.nvidia_gpus[0].compute_capability, "9.0");
  EXPECT_GT(sys.nvidia_gpus[0].total_memory_bytes, 140LL << 30);
  EXPECT_FALSE(sys.nvidia_driver_version.empty());
  Accelerator acc = merge_accelerator(*py, sys);
  EXPECT_EQ(acc.kind, "nvidia-cuda");
  EXPECT_EQ(arch_id(acc), "sm_90");
  EXPECT_EQ(scheme_native_support("fp8", acc, "0.13").native, true);
  EXPECT_EQ(scheme_native_support("mxfp4", acc, "0.13").native, false);
  ASSERT_TRUE(py->torch_importable) << "record it with the interpreter that has torch";
  EXPECT_EQ(py->torch_build, "cuda");
  EXPECT_EQ(py->torch_available, true);
  CheckInputs in;
  in.env.python = py->executable;
  in.env.quark_cli_found = true;
  in.py = *py;
  in.acc = acc;
  in.schemes = {"fp8"};
  Verdict v = check_environment(in);
  EXPECT_TRUE(v.ready);
  for (const auto& p : v.problems) ADD_FAILURE() << p.code << ": " << p.installed << " vs " << p.required;
}

// Assembled from the real H200 recordings of tests/fixtures/quark/0.13/h200/env/.
TEST(RecordedProbe, NvidiaH200Assembled) { check_h200("tests/fixtures/envprobe/probe/nvidia-h200.assembled.json"); }

// The probe itself run on the H200 (python knowledge/probes/env_probe.py --system).
TEST(RecordedProbe, NvidiaH200) {
  const std::string fixture = "tests/fixtures/envprobe/probe/nvidia-h200.json";
  if (!core::is_regular_file(test_support::source_path(fixture))) {
    GTEST_SKIP() << fixture << " not recorded yet: on an H200 run `<venv>/bin/python knowledge/probes/env_probe.py --system > " << fixture
                 << "`";
  }
  check_h200(fixture);
}

}  // namespace
}  // namespace envprobe
