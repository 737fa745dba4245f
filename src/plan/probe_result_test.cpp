// Probe parsing on the REAL outputs captured from installed Quark 0.13 and 0.12.post1
// (tests/fixtures/plan/real/), and the capabilities built from them.
#include "plan/probe_result.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "artifacts/analysis_upgrade.h"
#include "core/fs.h"
#include "plan/capabilities.h"
#include "plan/planner.h"
#include "support/temp_dir.h"

namespace {

std::string real(const std::string& name) {
  auto text = core::read_file(test_support::source_path("tests/fixtures/plan/real/" + name));
  EXPECT_TRUE(text.has_value()) << name;
  return text ? *text : "";
}

plan::Capabilities installed(const std::string& version) {
  auto probe = plan::parse_probe(real("probe-" + version + ".json"), "probe");
  EXPECT_TRUE(probe.has_value());
  auto help = plan::parse_help(real("help-" + version + ".txt"), "help");
  EXPECT_TRUE(help.has_value());
  auto caps = plan::installed_capabilities(*probe, *help);
  EXPECT_TRUE(caps.has_value());
  return *caps;
}

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

TEST(ProbeResultReal, Quark013) {
  auto p = plan::parse_probe(real("probe-0.13.json"), "probe-0.13.json");
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(p->complete);
  EXPECT_TRUE(p->errors.empty());
  EXPECT_EQ(p->quark_version(), "0.13");
  EXPECT_EQ(p->templates.size(), 51u);
  EXPECT_EQ(p->schemes.size(), 28u);
  EXPECT_EQ(p->algorithms.size(), 9u);
  EXPECT_EQ(p->kv_cache_schemes, (std::vector<std::string>{"fp8"}));
  const auto& qwen3 = p->per_template.at("qwen3");
  EXPECT_EQ(qwen3.exclude_layers_name, (std::vector<std::string>{"lm_head"}));
  EXPECT_EQ(qwen3.kv_layers_name, (std::vector<std::string>{"*k_proj", "*v_proj"}));
  EXPECT_FALSE(contains(qwen3.algorithms_with_config, "awq"));
  EXPECT_TRUE(contains(p->per_template.at("llama").algorithms_with_config, "rotation"));
}

TEST(ProbeResultReal, DeviceScriptOutputOnH200) {
  // scripts/device/quark-api-probe.py on the H200 (Python 3.12): same keys, same parser.
  auto p = plan::parse_probe(real("h200-py312/device-probe-0.13.json"), "device-probe-0.13.json");
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(p->complete);
  EXPECT_EQ(p->quark_version(), "0.13");
  EXPECT_EQ(p->versions.at("python"), "3.12.3");
  EXPECT_EQ(p->templates.size(), 51u);
  EXPECT_EQ(p->schemes.size(), 28u);
  EXPECT_EQ(p->per_template.at("qwen3_moe").exclude_layers_name, (std::vector<std::string>{"lm_head", "*.gate"}));
}

TEST(ProbeResultReal, Quark012) {
  auto p = plan::parse_probe(real("probe-0.12.post1.json"), "probe-0.12.post1.json");
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(p->complete);
  EXPECT_EQ(p->quark_version(), "0.12.post1");
  EXPECT_EQ(p->schemes.size(), 27u);
  EXPECT_FALSE(contains(p->schemes, "mx9"));
  EXPECT_EQ(p->algorithms.size(), 7u);
  EXPECT_TRUE(contains(p->per_template.at("qwen3_moe").exclude_layers_name, "*.gate.linear"));
}

TEST(ProbeResultReal, VersionsOnly) {
  for (const char* v : {"0.13", "0.12.post1"}) {
    auto p = plan::parse_probe(real(std::string("versions-") + v + ".json"), "versions");
    ASSERT_TRUE(p.has_value());
    EXPECT_TRUE(p->quark_installed);
    EXPECT_FALSE(p->complete);
    EXPECT_EQ(p->quark_version(), v);
    EXPECT_EQ(p->versions.at("torch"), "2.11.0");
  }
}

TEST(ProbeResultReal, ShippedKnowledgeAgreesWithTheInstalledRelease) {
  for (const auto& [version, release] : std::vector<std::pair<std::string, std::string>>{{"0.13", "0.13"}, {"0.12.post1", "0.12"}}) {
    SCOPED_TRACE(version);
    plan::Capabilities inst = installed(version);
    EXPECT_TRUE(inst.verified);
    EXPECT_EQ(inst.release, release);
    plan::Capabilities shipped = *plan::shipped_capabilities(release);
    std::vector<std::string> a = inst.schemes;
    std::vector<std::string> b = shipped.schemes;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b);
    for (const auto& algo : inst.algorithms) {
      ASSERT_NE(shipped.algorithm_facts.find(algo), nullptr) << algo;
      auto want = inst.models_with_config(algo);
      auto have = shipped.algorithm_facts.find(algo)->model_types_with_config;
      std::sort(want.begin(), want.end());
      std::sort(have.begin(), have.end());
      EXPECT_EQ(want, have) << algo;
    }
    EXPECT_EQ(inst.dataset_choices(), shipped.datasets.names());
    EXPECT_EQ(*inst.help.choices_for("--kv_cache_dtype"), [&] {
      auto c = shipped.kv_cache.cli_choices;
      c.push_back("None");
      return c;
    }());
    EXPECT_EQ(inst.has_cli_flag("--template_file"), release == "0.13");
  }
}

TEST(ProbeResultReal, PlanAgainstInstalledQuark) {
  plan::Capabilities caps = installed("0.13");
  auto analysis =
      *artifacts::read_model_analysis(*core::read_json_file(test_support::source_path("tests/fixtures/plan/analyses/qwen3-8b.json")));
  plan::PlanInputs in;
  in.analysis = &analysis;
  in.caps = &caps;
  in.target = *plan::target_from_name("mi300x");
  in.options.scheme = "int4_wo_128";
  in.algorithms = {"awq"};
  auto p = plan::build_plan(in);
  ASSERT_EQ(p.problems.size(), 1u);
  EXPECT_EQ(p.problems[0].code, "algorithm_no_config");
  in.algorithms = {"twobitscalar"};  // the one algorithm qwen3 has a config for
  auto ok = plan::build_plan(in);
  EXPECT_TRUE(ok.problems.empty());
  EXPECT_TRUE(ok.quark.verified);
  EXPECT_EQ(ok.exclude_layers, (std::vector<std::string>{"lm_head"}));
  // Asking for another version than the installed one: the installed one wins, with a risk.
  in.options.quark_version = "0.12";
  auto mismatch = plan::build_plan(in);
  EXPECT_TRUE(std::any_of(mismatch.risks.begin(), mismatch.risks.end(),
                          [](const plan::Risk& r) { return r.text.id == "plan.risk.version_mismatch"; }));
}

TEST(ProbeResultReal, LogLinesBeforeTheJson) {
  auto p = plan::parse_probe("\x1b[32m[QUARK-INFO]: loading\x1b[0m\n" + real("versions-0.13.json"), "probe");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->quark_version(), "0.13");
  auto bad = plan::parse_probe("Traceback ...\nImportError\n", "probe");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().id, "plan.probe_unparsable");
}

}  // namespace
