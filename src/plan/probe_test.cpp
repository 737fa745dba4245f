// The probe runner with a fake capture: discovery order, the --versions / full / --help
// sequence, the cache (hit, and miss after a version change), and no-Quark environments.
// Real captured probe outputs are parsed in probe_result_test.cpp.
#include "plan/probe.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>

#include "core/atomic_file.h"
#include "core/fs.h"
#include "core/json_io.h"
#include "support/temp_dir.h"

namespace {

std::string versions_json(const std::string& quark, const std::string& mtime = "1") {
  std::string q = quark.empty() ? "null" : "\"" + quark + "\"";
  return R"({"dist_info_mtime_ns": {"amd-quark": )" + mtime +
         R"(}, "errors": [], "executable": "/venv/bin/python", "quark_cli": "/venv/bin/quark-cli", "versions": {"amd-quark": )" + q +
         R"(, "python": "3.12.3", "torch": "2.11.0"}})";
}

std::string full_json(const std::string& quark) {
  return "[QUARK-INFO]: some log line\n" +
         std::string(
             R"({"errors": [], "executable": "/venv/bin/python", "quark_cli": "/venv/bin/quark-cli", "versions": {"amd-quark": ")") +
         quark +
         R"(", "python": "3.12.3"}, "templates": ["llama", "qwen3"], "schemes": ["fp8", "int4_wo_128"], "algorithms": ["awq", "gptq"], "kv_cache_schemes": ["fp8"], "per_template": {"llama": {"kv_layers_name": ["*k_proj", "*v_proj"], "q_layer_name": "*q_proj", "exclude_layers_name": ["lm_head"], "algorithms_with_config": ["awq", "gptq"]}, "qwen3": {"kv_layers_name": ["*k_proj", "*v_proj"], "q_layer_name": ["*q_proj"], "exclude_layers_name": ["lm_head"], "algorithms_with_config": []}}})";
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
  s.cache_secret = "this user's secret";
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

// A cache entry someone else wrote (planted, or an answer of ours edited to claim a scheme the
// installed Quark lacks) carries no valid code under this user's secret: it is ignored, the
// environment is probed again and the entry is replaced. Without a secret nothing is cached.
TEST(Probe, APlantedOrEditedCacheEntryIsNeverTrusted) {
  test_support::TempDir tmp;
  FakeEnv fake;
  plan::ProbeSettings s{"/venv/bin/python", (tmp.path() / "cache").string(), fake.fn(), 10};
  s.cache_secret = "this user's secret";
  std::string kept;
  s.on_cached = [&](const plan::ProbeNotice& n) { kept = n.cache_file; };
  ASSERT_TRUE(plan::probe_installed(s));
  ASSERT_FALSE(kept.empty());
  auto entry = core::read_json_file(kept);
  ASSERT_TRUE(entry.has_value());
  // The edit: one more scheme in the probe's answer, the old code left in place.
  std::string probe = (*entry)["probe"].get<std::string>();
  auto at = probe.find("\"schemes\": [");
  ASSERT_NE(at, std::string::npos) << probe;
  probe.insert(at + 12, "\"made_up_scheme\", ");
  (*entry)["probe"] = probe;
  ASSERT_TRUE(core::write_file_atomic(kept, core::dump_pretty(*entry)));
  auto again = plan::probe_installed(s);
  ASSERT_TRUE(again && again->has_value());
  EXPECT_FALSE((*again)->from_cache);
  EXPECT_EQ(fake.calls["full"], 2);
  const auto& schemes = (*again)->probe.schemes;
  EXPECT_EQ(std::count(schemes.begin(), schemes.end(), "made_up_scheme"), 0);
  // Another user's secret (a planted entry with a code of its own) is no better.
  plan::ProbeSettings other = s;
  other.cache_secret = "someone else's secret";
  auto theirs = plan::probe_installed(other);
  ASSERT_TRUE(theirs && theirs->has_value());
  EXPECT_FALSE((*theirs)->from_cache);
  // No secret, no cache.
  plan::ProbeSettings none = s;
  none.cache_secret.clear();
  auto uncached = plan::probe_installed(none);
  ASSERT_TRUE(uncached && uncached->has_value());
  EXPECT_FALSE((*uncached)->from_cache);
}

// The first probe of an environment says what it does and where, and where
// its answer is kept; a reinstall of the same versions (new dist-info mtime) probes again.
TEST(Probe, TheFirstProbeIsAnnouncedAndAReinstallIsAMiss) {
  test_support::TempDir tmp;
  FakeEnv fake;
  std::vector<std::string> said;
  plan::ProbeSettings s{"/venv/bin/python", (tmp.path() / "cache").string(), fake.fn(), 10};
  s.cache_secret = "this user's secret";
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
  plan::ProbeSettings s{"/nonexistent/python", "",
                        [](const runner::CommandSpec&, double) -> core::Result<runner::CaptureResult> {
                          return core::make_error(core::ExitCode::internal, "runner.spawn_failed");
                        },
                        10};
  auto r = plan::probe_installed(s);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::env_not_ready);
  EXPECT_EQ(r.error().id, "plan.python_unusable");
}

// Ctrl-C or SIGTERM while the probe runs (runner::capture's "runner.probe_interrupted") is a
// stop, exit 130: never "this Python is unusable", which would send the user to fix it.
TEST(Probe, AStopWhileProbingIsAStopNotAnUnusablePython) {
  plan::ProbeSettings s{"/usr/bin/python3", "",
                        [](const runner::CommandSpec&, double) -> core::Result<runner::CaptureResult> {
                          return core::make_error(core::ExitCode::interrupted, "runner.probe_interrupted").with("signal", "15");
                        },
                        10};
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

namespace {

// The probe's own torch-llm-ptq help (Quark's argparse parser, formatted in the probe): no
// quark-cli run at all, and the flags it gives are the ones the cache keeps.
TEST(Probe, HelpFromTheProbeItselfRunsNoQuarkCli) {
  test_support::TempDir tmp;
  FakeEnv fake;
  plan::CaptureFn base = fake.fn();
  plan::CaptureFn fn = [&](const runner::CommandSpec& spec, double t) -> core::Result<runner::CaptureResult> {
    auto r = base(spec, t);
    if (r && spec.argv.back() != "--versions" && spec.argv.back() != "--help") {
      r->out.pop_back();  // the closing brace
      r->out += R"(, "torch_llm_ptq_help": "usage: quark-cli torch-llm-ptq [-h] --model_dir MODEL_DIR [--dataset {pileval,ScienceQA}]\n"})";
    }
    return r;
  };
  plan::ProbeSettings s{"/venv/bin/python", (tmp.path() / "cache").string(), fn, 10};
  s.cache_secret = "this user's secret";
  auto q = plan::probe_installed(s);
  ASSERT_TRUE(q && q->has_value());
  EXPECT_TRUE((*q)->help_ok);
  EXPECT_EQ(fake.calls["help"], 0);
  EXPECT_EQ((*q)->help.choices_for("--dataset")->size(), 2u);
  auto again = plan::probe_installed(s);
  ASSERT_TRUE(again && again->has_value());
  EXPECT_TRUE((*again)->from_cache);
  EXPECT_TRUE((*again)->help.has_flag("--model_dir"));
}

// torch holds a `lock` file in an extension's build directory while it compiles it.
TEST(Probe, ExtensionsBeingBuiltAreTheDirectoriesHoldingTorchsLock) {
  test_support::TempDir tmp;
  auto root = tmp.path() / "torch_extensions";
  core::fs::create_directories(root / "py311_cpu" / "quark_hw_emulation_stable_abi");
  core::fs::create_directories(root / "py311_cpu" / "built_already");
  core::fs::create_directories(root / "flat_one");
  { std::ofstream(root / "py311_cpu" / "quark_hw_emulation_stable_abi" / "lock"); }
  { std::ofstream(root / "flat_one" / "lock"); }
  auto b = plan::extensions_being_built(root.string());
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].name, "flat_one");
  EXPECT_EQ(b[1].name, "quark_hw_emulation_stable_abi");
  EXPECT_EQ(b[1].dir, (root / "py311_cpu" / "quark_hw_emulation_stable_abi").string());
  EXPECT_TRUE(plan::extensions_being_built((tmp.path() / "none").string()).empty());
}

// In the real pinned environments (0.13 and 0.12.post1, where they exist): the flags and
// choices parsed from the probe's help are those of the real `quark-cli torch-llm-ptq --help`.
TEST(Probe, TheProbesHelpParsesLikeTheRealQuarkCliHelp) {
  int checked = 0;
  for (const char* venv : {".venv-quark", ".venv-quark-cpu"}) {
    std::string py = std::string(QPTQ_SOURCE_DIR) + "/" + venv + "/bin/python";
    // The set-up writes its stamp last: scripts/test.sh builds the CPU environment while the
    // normal suite runs, and a half-installed one would fail this test for the wrong reason.
    if (!core::is_regular_file(std::string(QPTQ_SOURCE_DIR) + "/" + venv + "/.requirements.sha256")) continue;
    auto cap = [](const runner::CommandSpec& spec, double t) { return runner::capture(spec, t); };
    runner::CommandSpec probe{{py, "-c", std::string(plan::probe_script())}, {}, {}, {}};
    auto p = cap(probe, 600);
    ASSERT_TRUE(p && p->ok()) << venv;
    auto parsed = plan::parse_probe(p->out, venv);
    ASSERT_TRUE(parsed && parsed->torch_llm_ptq_help) << venv;
    runner::CommandSpec real{
        {std::string(QPTQ_SOURCE_DIR) + "/" + venv + "/bin/quark-cli", "torch-llm-ptq", "--help"}, {{"COLUMNS", "2000"}}, {}, {}};
    auto r = cap(real, 600);
    ASSERT_TRUE(r && r->ok()) << venv;
    auto a = plan::parse_help(*parsed->torch_llm_ptq_help, "probe");
    auto b = plan::parse_help(r->out, "quark-cli");
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->flags, b->flags) << venv;
    EXPECT_EQ(a->choices, b->choices) << venv;
    EXPECT_EQ(a->alias_of, b->alias_of) << venv;
    EXPECT_GT(a->flags.size(), 10u);
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "no .venv-quark or .venv-quark-cpu in the source tree";
}

}  // namespace
