// The probe runner with a fake capture: discovery order, the --versions / full / --help
// sequence, the cache (hit, and miss after a version change), and no-Quark environments.
// Real captured probe outputs are parsed in probe_result_test.cpp.
#include "plan/probe.h"

#include <gtest/gtest.h>

#include <map>

#include "core/fs.h"
#include "support/temp_dir.h"

namespace {

std::string versions_json(const std::string& quark, const std::string& mtime = "1") {
  std::string q = quark.empty() ? "null" : "\"" + quark + "\"";
  return R"({"dist_info_mtime_ns": {"amd-quark": )" + mtime + R"(}, "errors": [], "executable": "/venv/bin/python", "quark_cli": "/venv/bin/quark-cli", "versions": {"amd-quark": )" + q +
         R"(, "python": "3.12.3", "torch": "2.11.0"}})";
}

std::string full_json(const std::string& quark) {
  return "[QUARK-INFO]: some log line\n" + std::string(R"({"errors": [], "executable": "/venv/bin/python", "quark_cli": "/venv/bin/quark-cli", "versions": {"amd-quark": ")") +
         quark + R"(", "python": "3.12.3"}, "templates": ["llama", "qwen3"], "schemes": ["fp8", "int4_wo_128"], "algorithms": ["awq", "gptq"], "kv_cache_schemes": ["fp8"], "per_template": {"llama": {"kv_layers_name": ["*k_proj", "*v_proj"], "q_layer_name": "*q_proj", "exclude_layers_name": ["lm_head"], "algorithms_with_config": ["awq", "gptq"]}, "qwen3": {"kv_layers_name": ["*k_proj", "*v_proj"], "q_layer_name": ["*q_proj"], "exclude_layers_name": ["lm_head"], "algorithms_with_config": []}}})";
}

struct FakeEnv {
  std::string quark = "0.13";
  std::string mtime = "1";
  std::map<std::string, int> calls;  // "versions", "full", "help"
  plan::CaptureFn fn() {
    return [this](const runner::CommandSpec& spec, double) -> core::Result<runner::CaptureResult> {
      runner::CaptureResult r;
      r.exit_code = 0;
      if (spec.argv.back() == "--versions") {
        ++calls["versions"];
        r.out = versions_json(quark, mtime);
      } else if (spec.argv.back() == "--help") {
        ++calls["help"];
        bool wide = !spec.env_set.empty() && spec.env_set[0].name == "COLUMNS" && spec.env_set[0].value == "2000";
        r.out = wide ? "usage: quark-cli torch-llm-ptq [-h] --model_dir MODEL_DIR [--dataset {pileval,ScienceQA}]\n" : "";
      } else {
        ++calls["full"];
        r.out = full_json(quark);
      }
      return r;
    };
  }
};

TEST(Probe, FullProbeThenCacheHit) {
  test_support::TempDir tmp;
  FakeEnv fake;
  plan::ProbeSettings s{"/venv/bin/python", (tmp.path() / "cache").string(), fake.fn(), 10};
  auto first = plan::probe_installed(s);
  ASSERT_TRUE(first.has_value());
  ASSERT_TRUE(first->has_value());
  EXPECT_FALSE((*first)->from_cache);
  EXPECT_TRUE((*first)->help_ok);
  EXPECT_EQ((*first)->probe.quark_version(), "0.13");
  EXPECT_EQ((*first)->probe.per_template.at("llama").q_layer_name, (std::vector<std::string>{"*q_proj"}));
  EXPECT_EQ(fake.calls["full"], 1);
  EXPECT_EQ(fake.calls["help"], 1);

  auto second = plan::probe_installed(s);
  ASSERT_TRUE(second.has_value() && second->has_value());
  EXPECT_TRUE((*second)->from_cache);
  EXPECT_EQ((*second)->help.choices_for("--dataset")->size(), 2u);
  EXPECT_EQ(fake.calls["full"], 1);  // no second full probe
  EXPECT_EQ(fake.calls["versions"], 2);

  // Another amd-quark version is a cache miss.
  fake.quark = "0.12.post1";
  auto third = plan::probe_installed(s);
  ASSERT_TRUE(third.has_value() && third->has_value());
  EXPECT_FALSE((*third)->from_cache);
  EXPECT_EQ(fake.calls["full"], 2);
}

// Issue 16 item 6: the first probe of an environment says what it does and where, and where
// its answer is kept; a reinstall of the same versions (new dist-info mtime) probes again.
TEST(Probe, TheFirstProbeIsAnnouncedAndAReinstallIsAMiss) {
  test_support::TempDir tmp;
  FakeEnv fake;
  std::vector<std::string> said;
  plan::ProbeSettings s{"/venv/bin/python", (tmp.path() / "cache").string(), fake.fn(), 10};
  s.extensions_dir = "/home/u/.cache/torch_extensions";
  s.on_probing = [&](const plan::ProbeNotice& n) { said.push_back("probing " + n.python + " " + n.extensions_dir); };
  s.on_cached = [&](const plan::ProbeNotice& n) { said.push_back("kept " + n.cache_file); };
  ASSERT_TRUE(plan::probe_installed(s));
  ASSERT_EQ(said.size(), 2u);
  EXPECT_EQ(said[0], "probing /venv/bin/python /home/u/.cache/torch_extensions");
  EXPECT_TRUE(said[1].starts_with("kept " + (tmp.path() / "cache").string() + "/probe-")) << said[1];
  EXPECT_TRUE(core::is_regular_file(said[1].substr(5)));
  said.clear();
  auto hit = plan::probe_installed(s);
  ASSERT_TRUE(hit && hit->has_value());
  EXPECT_TRUE((*hit)->from_cache);
  EXPECT_TRUE(said.empty());  // a cached answer is silent
  fake.mtime = "2";           // same versions, reinstalled
  auto miss = plan::probe_installed(s);
  ASSERT_TRUE(miss && miss->has_value());
  EXPECT_FALSE((*miss)->from_cache);
  EXPECT_EQ(fake.calls["full"], 2);
  EXPECT_EQ(said.size(), 2u);
}

TEST(Probe, TorchExtensionsDirFollowsTorchsOwnDefault) {
  std::map<std::string, std::string> env = {{"HOME", "/home/u"}};
  auto get = [&](const std::string& k) -> std::optional<std::string> {
    auto it = env.find(k);
    return it == env.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  EXPECT_EQ(plan::torch_extensions_dir(get), "/home/u/.cache/torch_extensions");
  env["XDG_CACHE_HOME"] = "/c";
  EXPECT_EQ(plan::torch_extensions_dir(get), "/c/torch_extensions");
  env["TORCH_EXTENSIONS_DIR"] = "/t";
  EXPECT_EQ(plan::torch_extensions_dir(get), "/t");
}

TEST(Probe, NoQuarkInThatPython) {
  FakeEnv fake;
  fake.quark = "";
  plan::ProbeSettings s{"/usr/bin/python3", "", fake.fn(), 10};
  auto r = plan::probe_installed(s);
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(r->has_value());
  EXPECT_EQ(fake.calls["full"], 0);
}

TEST(Probe, UnstartableInterpreterIsEnvNotReady) {
  plan::ProbeSettings s{"/nonexistent/python", "", [](const runner::CommandSpec&, double) -> core::Result<runner::CaptureResult> {
                          return core::make_error(core::ExitCode::internal, "runner.spawn_failed");
                        }, 10};
  auto r = plan::probe_installed(s);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::env_not_ready);
  EXPECT_EQ(r.error().id, "plan.python_unusable");
}

// Ctrl-C or SIGTERM while the probe runs (runner::capture's "runner.probe_interrupted") is a
// stop, exit 130: never "this Python is unusable", which would send the user to fix it.
TEST(Probe, AStopWhileProbingIsAStopNotAnUnusablePython) {
  plan::ProbeSettings s{"/usr/bin/python3", "", [](const runner::CommandSpec&, double) -> core::Result<runner::CaptureResult> {
                          return core::make_error(core::ExitCode::interrupted, "runner.probe_interrupted").with("signal", "15");
                        }, 10};
  auto r = plan::probe_installed(s);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::interrupted);
  EXPECT_EQ(r.error().id, "runner.probe_interrupted");
}

TEST(Probe, TheEmbeddedScriptRunsUnderARealPython) {
  // This machine's python3 has no amd-quark: the probe must still print its versions JSON.
  auto py = runner::find_program("python3");
  if (!py) {
    GTEST_SKIP() << "no python3";
  }
  plan::ProbeSettings s{*py, "", [](const runner::CommandSpec& spec, double t) { return runner::capture(spec, t); }, 60};
  auto r = plan::probe_installed(s);
  ASSERT_TRUE(r.has_value()) << r.error().id << " " << r.error().detail;
}

}  // namespace
