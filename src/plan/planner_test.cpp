// The planner across the fixture corpus x targets x priorities, and one test per
// pre-validation case. Capabilities come from the shipped knowledge (as with
// --quark-version) unless a test builds installed ones from a probe.
#include "plan/planner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "artifacts/analysis_upgrade.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "core/schema.h"
#include "plan/plan_document.h"
#include "support/temp_dir.h"

namespace {

core::Json load_analysis_doc(const std::string& name) {
  auto doc = core::read_json_file(test_support::source_path("tests/fixtures/plan/analyses/" + name + ".json"));
  EXPECT_TRUE(doc.has_value()) << name;
  return doc ? *doc : core::Json::object();
}

artifacts::ModelAnalysis typed_analysis(const core::Json& doc) {
  auto a = artifacts::read_model_analysis(doc);
  EXPECT_TRUE(a.has_value());
  return a ? *a : artifacts::ModelAnalysis{};
}

artifacts::ModelAnalysis load_analysis(const std::string& name) { return typed_analysis(load_analysis_doc(name)); }

struct Planned {
  artifacts::ModelAnalysis analysis;
  plan::Capabilities caps;
  plan::Plan plan;
};

Planned make_plan(const std::string& fixture, const std::string& target, options::PlanOptions o = {}, const std::string& version = "0.13") {
  // Parsed once per fixture / release: the table builds over a hundred plans.
  static std::map<std::string, artifacts::ModelAnalysis> analyses;
  static std::map<std::string, plan::Capabilities> caps_by_version;
  if (!analyses.count(fixture)) {
    analyses[fixture] = load_analysis(fixture);
  }
  if (!caps_by_version.count(version)) {
    auto caps = plan::shipped_capabilities(version);
    EXPECT_TRUE(caps.has_value());
    caps_by_version[version] = *caps;
  }
  Planned p;
  p.analysis = analyses[fixture];
  p.caps = caps_by_version[version];
  plan::PlanInputs in;
  in.analysis = &p.analysis;
  in.analysis_digest = "sha256:" + std::string(64, '0');
  plan::set_options(in, std::move(o));
  in.caps = &p.caps;
  if (target != "unknown") {
    in.target = *plan::target_from_name(target);
  }
  p.plan = plan::build_plan(in);
  return p;
}

bool has_problem(const plan::Plan& p, const std::string& code) {
  return std::any_of(p.problems.begin(), p.problems.end(), [&](const plan::Problem& x) { return x.code == code; });
}

const plan::Problem* problem(const plan::Plan& p, const std::string& code) {
  for (const auto& x : p.problems) {
    if (x.code == code) {
      return &x;
    }
  }
  return nullptr;
}

bool has_risk(const plan::Plan& p, const std::string& id) {
  return std::any_of(p.risks.begin(), p.risks.end(), [&](const plan::Risk& r) { return r.text.id == id; });
}

std::string en(const plan::Text& t) { return plan::render(core::Lang::en, t); }

options::PlanOptions with_priority(const std::string& prio) {
  options::PlanOptions o;
  o.priority = prio;
  return o;
}

// ---------------------------------------------------------------- the table

struct Row {
  std::string target;
  std::string priority;
  std::string scheme;
};

const std::vector<Row> kSchemeTable = {
    {"mi300x", "accuracy", "ptpc_fp8"}, {"mi300x", "balanced", "fp8"}, {"mi300x", "size", "int4_wo_128"},
    {"mi325x", "accuracy", "ptpc_fp8"}, {"mi325x", "balanced", "fp8"}, {"mi325x", "size", "int4_wo_128"},
    {"mi355x", "accuracy", "ptpc_fp8"}, {"mi355x", "balanced", "fp8"}, {"mi355x", "size", "mxfp4"},
    {"h100", "accuracy", "fp8"},        {"h100", "balanced", "fp8"},   {"h100", "size", "int4_wo_128"},
    {"h200", "accuracy", "fp8"},        {"h200", "balanced", "fp8"},   {"h200", "size", "int4_wo_128"},
    {"b200", "accuracy", "fp8"},        {"b200", "balanced", "fp8"},   {"b200", "size", "nvfp4"},
    {"cpu", "accuracy", "fp8"},         {"cpu", "balanced", "fp8"},    {"cpu", "size", "int4_wo_128"},
};

const std::vector<std::string> kCorpus = {"llama-3.1-8b", "qwen3-8b", "tiny-qwen3-moe", "tiny-mixtral", "tiny-gemma3"};

TEST(PlannerTable, CorpusTimesTargetsTimesPriorities) {
  for (const auto& fixture : kCorpus) {
    for (const auto& row : kSchemeTable) {
      SCOPED_TRACE(fixture + " / " + row.target + " / " + row.priority);
      auto p = make_plan(fixture, row.target, with_priority(row.priority));
      const plan::Plan& plan = p.plan;
      for (const auto& pr : plan.problems) {
        // The 0.13 caps cannot quantize on a CPU: that refusal is the one expected problem (cpu_route_test).
        if (row.target == "cpu" && pr.code == "cpu_needs_quark_0_12") continue;
        ADD_FAILURE() << "unexpected problem: " << en(pr.text);
      }
      EXPECT_EQ(plan.global_scheme, row.scheme);
      EXPECT_TRUE(p.caps.supports_scheme(plan.global_scheme));
      // Exclusions are the template defaults, never an accidental empty list.
      EXPECT_EQ(plan.exclude_source, "template_default");
      EXPECT_EQ(plan.exclude_layers, p.analysis.quantization_targets.exclude_defaults);
      EXPECT_FALSE(plan.exclude_layers.empty());
      // A scheme that is not native on the target is always flagged.
      // Weight-only formats that no accelerator computes in get their own serving risk instead.
      const knowledge::Scheme* facts = p.caps.scheme_facts.find(plan.global_scheme);
      bool dequantized = facts->weight_only() && facts->native_on.empty();
      bool native = facts->native(plan.target.arch);
      // The CPU target's text names it once ("fp8 is not native on cpu", not "cpu (cpu)").
      const bool cpu = row.target == "cpu";
      EXPECT_EQ(has_risk(plan, "plan.risk.emulated"), !native && !dequantized && !cpu);
      EXPECT_EQ(has_risk(plan, "plan.risk.emulated_cpu"), !native && !dequantized && cpu);
      EXPECT_EQ(has_risk(plan, "plan.risk.weight_only_serving"), dequantized);
      // Every decision is explained, and the defaults are recorded explicitly.
      EXPECT_EQ(plan.decisions.size(), 10u);
      for (const auto& d : plan.decisions) {
        EXPECT_FALSE(d.reason.id.empty()) << d.key;
      }
      EXPECT_EQ(plan.calibration.values.num_calib_data, 512);
      EXPECT_EQ(plan.calibration.values.dataset, "pileval");
      EXPECT_EQ(plan.device_strategy, row.target == "cpu" ? "cpu" : "single");
      EXPECT_TRUE(has_risk(plan, "plan.risk.unverified"));
      // Routers, towers and lm_head are never among the quantized modules.
      EXPECT_EQ(plan.modules.quantized_by_role.count("router"), 0u);
      EXPECT_EQ(plan.modules.quantized_by_role.count("vision"), 0u);
      EXPECT_EQ(plan.modules.quantized_by_role.count("lm_head"), 0u);
      EXPECT_EQ(plan.modules.quantized + plan.modules.excluded, plan.modules.total);
      // The artifact validates.
      auto issues = core::schema_issues(plan::plan_to_json(plan), "quant_plan");
      EXPECT_TRUE(issues.empty()) << (issues.empty() ? "" : issues.front().pointer + " " + issues.front().message);
    }
  }
}

TEST(PlannerTable, AlgorithmsFollowBuiltInConfigs) {
  // Size on MI300X is INT4 weight-only: AWQ where the model type has a config, else RTN + risk.
  struct Case {
    std::string fixture;
    std::string algo;
  };
  for (const auto& c : std::vector<Case>{
           {"llama-3.1-8b", "awq"}, {"qwen3-8b", ""}, {"tiny-qwen3-moe", ""}, {"tiny-mixtral", "awq"}, {"tiny-gemma3", "awq"}}) {
    SCOPED_TRACE(c.fixture);
    auto p = make_plan(c.fixture, "mi300x", with_priority("size"));
    EXPECT_EQ(p.plan.algorithms.empty() ? "" : p.plan.algorithms.front(), c.algo);
    EXPECT_EQ(has_risk(p.plan, "plan.risk.rtn_int4"), c.algo.empty());
    EXPECT_EQ(p.plan.kv_cache_scheme, "fp8");  // size: FP8 KV cache
  }
  // INT8 (asked for) on CPU takes SmoothQuant where configured.
  options::PlanOptions int8 = with_priority("accuracy");
  int8.scheme = "int8";
  EXPECT_EQ(make_plan("llama-3.1-8b", "cpu", int8).plan.algorithms, (std::vector<std::string>{"smoothquant"}));
  EXPECT_TRUE(make_plan("qwen3-8b", "cpu", int8).plan.algorithms.empty());
  // FP8 needs no algorithm.
  EXPECT_TRUE(make_plan("llama-3.1-8b", "h200").plan.algorithms.empty());
}

TEST(PlannerTable, OlderReleaseFallsBack) {
  // ptpc_fp8 is not in the 0.11 scheme list we ship: accuracy on MI300X falls back to fp8.
  auto p = make_plan("llama-3.1-8b", "mi300x", with_priority("accuracy"), "0.11");
  EXPECT_EQ(p.plan.global_scheme, "fp8");
  EXPECT_EQ(p.plan.quark.knowledge_release, "0.11");
}

TEST(PlannerTable, UnknownTargetIsSaidNotAssumed) {
  auto p = make_plan("llama-3.1-8b", "unknown");
  EXPECT_EQ(p.plan.target.name, "unknown");
  EXPECT_EQ(p.plan.target.source, "unknown");
  EXPECT_TRUE(has_risk(p.plan, "plan.risk.target_unknown"));
  EXPECT_NE(p.plan.device_strategy, "cpu");
  EXPECT_FALSE(has_risk(p.plan, "plan.risk.emulated"));
}

TEST(PlannerTable, ModuleCoverageIsExact) {
  auto p = make_plan("llama-3.1-8b", "mi300x");
  EXPECT_EQ(p.plan.modules.total, 225);
  EXPECT_EQ(p.plan.modules.quantized, 224);
  EXPECT_EQ(p.plan.modules.quantized_by_role.at("attention"), 128);
  EXPECT_EQ(p.plan.modules.quantized_by_role.at("mlp"), 96);
  ASSERT_EQ(p.plan.patterns.size(), 1u);
  EXPECT_EQ(p.plan.patterns[0].matches, 1);
  EXPECT_EQ(p.plan.modules.quantized_compact.front(), "model.layers.*.self_attn.q_proj (x32)");
  auto moe = make_plan("tiny-qwen3-moe", "mi300x");
  EXPECT_EQ(moe.plan.modules.excluded_by_role.at("router"), 2);
  EXPECT_EQ(moe.plan.modules.quantized_by_role.at("expert"), 48);
}

// ---------------------------------------------------------------- user choices kept as risks

TEST(PlannerRisks, AwqWithFp8IsKeptButRisky) {
  options::PlanOptions o;
  o.scheme = "fp8";
  o.algo = "awq";
  auto p = make_plan("llama-3.1-8b", "mi300x", o);
  EXPECT_TRUE(p.plan.problems.empty());
  EXPECT_EQ(p.plan.algorithms, (std::vector<std::string>{"awq"}));
  EXPECT_TRUE(has_risk(p.plan, "plan.risk.algo_scheme_mismatch"));
}

TEST(PlannerRisks, NonNativeSchemeIsEmulated) {
  options::PlanOptions o;
  o.scheme = "mxfp4";
  auto p = make_plan("llama-3.1-8b", "mi300x", o);
  EXPECT_TRUE(p.plan.problems.empty());
  EXPECT_EQ(p.plan.global_scheme, "mxfp4");
  ASSERT_TRUE(has_risk(p.plan, "plan.risk.emulated"));
  EXPECT_FALSE(has_risk(make_plan("llama-3.1-8b", "mi355x", o).plan, "plan.risk.emulated"));
}

TEST(PlannerRisks, WeightOnlyIntIsAServingQuestionNotEmulation) {
  options::PlanOptions o;
  o.scheme = "int4_wo_128";
  auto p = make_plan("llama-3.1-8b", "h200", o);
  EXPECT_TRUE(p.plan.problems.empty());
  EXPECT_FALSE(has_risk(p.plan, "plan.risk.emulated"));
  EXPECT_TRUE(has_risk(p.plan, "plan.risk.weight_only_serving"));
}

TEST(PlannerRisks, MultiDeviceWithAlgorithms) {
  options::PlanOptions o = with_priority("size");
  o.multi_device = true;
  auto p = make_plan("llama-3.1-8b", "h200", o);
  EXPECT_EQ(p.plan.device_strategy, "multi_device");
  EXPECT_TRUE(has_risk(p.plan, "plan.risk.multi_device_algorithms"));
}

TEST(PlannerRisks, RemoteCode) {
  options::PlanOptions o;
  o.trust_remote_code = true;
  auto p = make_plan("llama-3.1-8b", "h200", o);
  EXPECT_TRUE(p.plan.trust_remote_code);
  EXPECT_TRUE(has_risk(p.plan, "plan.risk.remote_code_runs"));
  EXPECT_FALSE(make_plan("llama-3.1-8b", "h200").plan.trust_remote_code);
}

TEST(PlannerRisks, UserExclusionsReplaceDefaults) {
  options::PlanOptions o;
  o.excludes = {"lm_head", "*down_proj"};
  auto p = make_plan("llama-3.1-8b", "h200", o);
  EXPECT_TRUE(p.plan.problems.empty());
  EXPECT_EQ(p.plan.exclude_source, "user");
  EXPECT_EQ(p.plan.modules.excluded, 33);
}

// ---------------------------------------------------------------- pre-validation, one each

TEST(PreValidation, ModelTypeWithoutTemplate) {
  auto p = make_plan("mystery-lm", "h200");
  const plan::Problem* pr = problem(p.plan, "no_template");
  ASSERT_NE(pr, nullptr);
  EXPECT_NE(en(pr->text).find("mystery_lm"), std::string::npos);
  EXPECT_EQ(pr->fix.id, "plan.fix.write_template");
  // 0.12 has no --template_file: the fix is an upgrade.
  auto old = make_plan("mystery-lm", "h200", {}, "0.12");
  ASSERT_NE(problem(old.plan, "no_template"), nullptr);
  EXPECT_EQ(problem(old.plan, "no_template")->fix.id, "plan.fix.upgrade_for_template_file");
}

TEST(PreValidation, TemplateFileResolvesMissingTemplate) {
  Planned p;
  p.analysis = load_analysis("mystery-lm");
  p.caps = *plan::shipped_capabilities("0.13");
  plan::PlanInputs in;
  in.analysis = &p.analysis;
  in.caps = &p.caps;
  in.target = *plan::target_from_name("h200");
  in.template_file = "/work/quark_template_mystery_lm.json";
  in.template_doc = {{"model_type", "mystery_lm"}, {"exclude_layers_name", {"lm_head"}}, {"kv_layers_name", {"*k_proj", "*v_proj"}}};
  auto plan = plan::build_plan(in);
  EXPECT_TRUE(plan.problems.empty());
  EXPECT_EQ(plan.template_file, "/work/quark_template_mystery_lm.json");
  EXPECT_EQ(plan.exclude_layers, (std::vector<std::string>{"lm_head"}));
  auto caps12 = *plan::shipped_capabilities("0.12");
  in.caps = &caps12;
  EXPECT_TRUE(has_problem(plan::build_plan(in), "template_file_unsupported"));
}

TEST(PreValidation, UnknownSchemeDidYouMean) {
  options::PlanOptions o;
  o.scheme = "int4_wo128";
  auto p = make_plan("llama-3.1-8b", "h200", o);
  const plan::Problem* pr = problem(p.plan, "unknown_scheme");
  ASSERT_NE(pr, nullptr);
  EXPECT_EQ(en(pr->fix), "did you mean 'int4_wo_128'?");
}

TEST(PreValidation, PreRenameSchemeName) {
  options::PlanOptions o;
  o.scheme = "w_fp8_a_fp8";
  auto p = make_plan("llama-3.1-8b", "h200", o);
  const plan::Problem* pr = problem(p.plan, "unknown_scheme");
  ASSERT_NE(pr, nullptr);
  EXPECT_EQ(pr->fix.id, "plan.fix.scheme_renamed");
  EXPECT_NE(en(pr->fix).find("fp8"), std::string::npos);
}

TEST(PreValidation, KvCacheOtherThanFp8) {
  options::PlanOptions o;
  o.kv_cache = "int8_per_token";
  EXPECT_TRUE(has_problem(make_plan("llama-3.1-8b", "h200", o).plan, "kv_not_fp8"));
  o.kv_cache = "fp8";
  auto ok = make_plan("llama-3.1-8b", "h200", o);
  EXPECT_TRUE(ok.plan.problems.empty());
  EXPECT_EQ(ok.plan.kv_cache_scheme, "fp8");
}

TEST(PreValidation, AlgorithmWithoutConfigForModelType) {
  options::PlanOptions o;
  o.scheme = "int4_wo_128";
  o.algo = "awq";
  auto p = make_plan("qwen3-8b", "h200", o);
  const plan::Problem* pr = problem(p.plan, "algorithm_no_config");
  ASSERT_NE(pr, nullptr);
  EXPECT_NE(en(pr->text).find("qwen3"), std::string::npos);
  EXPECT_NE(en(pr->text).find("chatglm"), std::string::npos);  // who has one (alphabetical, first 8)
  EXPECT_TRUE(make_plan("llama-3.1-8b", "h200", o).plan.problems.empty());
}

TEST(PreValidation, UnknownOrRenamedAlgorithm) {
  options::PlanOptions o;
  o.algo = "quarot";
  auto p = make_plan("llama-3.1-8b", "h200", o);
  const plan::Problem* pr = problem(p.plan, "unknown_algorithm");
  ASSERT_NE(pr, nullptr);
  EXPECT_EQ(pr->fix.id, "plan.fix.algorithm_renamed");
  o.algo = "gptqq";
  auto typo = make_plan("llama-3.1-8b", "h200", o);
  ASSERT_NE(problem(typo.plan, "unknown_algorithm"), nullptr);
  EXPECT_EQ(en(problem(typo.plan, "unknown_algorithm")->fix), "did you mean 'gptq'?");
}

TEST(PreValidation, UnknownSchemeInOverride) {
  options::PlanOptions o;
  o.overrides = {"*down_proj=int9"};
  EXPECT_TRUE(has_problem(make_plan("llama-3.1-8b", "h200", o).plan, "override_unknown_scheme"));
  o.overrides = {"*down_proj=int8"};
  auto ok = make_plan("llama-3.1-8b", "h200", o);
  EXPECT_TRUE(ok.plan.problems.empty());
  ASSERT_EQ(ok.plan.patterns.size(), 2u);
  EXPECT_EQ(ok.plan.patterns[1].matches, 32);
}

TEST(PreValidation, ScienceQaIsListedButUnloadable) {
  options::PlanOptions o;
  o.calib_dataset = "ScienceQA";
  EXPECT_TRUE(has_problem(make_plan("llama-3.1-8b", "h200", o).plan, "dataset_unloadable"));
  o.calib_dataset = "pilevall";
  auto p = make_plan("llama-3.1-8b", "h200", o);
  const plan::Problem* pr = problem(p.plan, "unknown_dataset");
  ASSERT_NE(pr, nullptr);
  EXPECT_EQ(en(pr->fix), "did you mean 'pileval'?");
}

TEST(PreValidation, CalibrationSamplesBelowBatchSize) {
  options::PlanOptions o;
  o.calib_samples = 4;
  o.batch_size = 8;
  EXPECT_TRUE(has_problem(make_plan("llama-3.1-8b", "h200", o).plan, "calib_lt_batch"));
  o.calib_samples = 8;
  EXPECT_FALSE(has_problem(make_plan("llama-3.1-8b", "h200", o).plan, "calib_lt_batch"));
}

TEST(PreValidation, MoeRoutersWouldBeQuantized) {
  options::PlanOptions o;
  o.excludes = {"lm_head"};
  auto p = make_plan("tiny-qwen3-moe", "h200", o);
  const plan::Problem* pr = problem(p.plan, "router_quantized");
  ASSERT_NE(pr, nullptr);
  EXPECT_NE(en(pr->text).find("model.layers.0.mlp.gate"), std::string::npos);
  // The whole command to paste, with the options this plan was asked for.
  EXPECT_EQ(en(pr->fix), "exclude them: quark-ptq plan --priority balanced --exclude lm_head --exclude '*.gate'");
  auto fixed = make_plan("tiny-qwen3-moe", "h200", plan::apply_change(o, pr->change));
  EXPECT_TRUE(fixed.plan.problems.empty()) << pr->change.flags();
}

TEST(PreValidation, VisionTowerWouldBeQuantized) {
  options::PlanOptions o;
  o.excludes = {"*lm_head", "*multi_modal_projector*"};
  auto p = make_plan("tiny-gemma3", "h200", o);
  const plan::Problem* pr = problem(p.plan, "tower_quantized");
  ASSERT_NE(pr, nullptr);
  EXPECT_NE(en(pr->fix).find("model.vision_tower.vision_model.encoder.layers.*"), std::string::npos);
  // The fix, pasted, passes.
  auto fixed = make_plan("tiny-gemma3", "h200", plan::apply_change(o, pr->change));
  EXPECT_TRUE(fixed.plan.problems.empty()) << pr->change.flags() << " -> " << fixed.plan.problems.front().code;
}

TEST(PreValidation, TheTowerFixKeepsOnlyExclusionsThatMatch) {
  // A dead pattern in the exclusions (here the user's; a written template had "*vision*")
  // is not repeated in the fix: typed as --exclude it would fail pattern_no_match.
  options::PlanOptions o;
  o.excludes = {"*lm_head", "*visionn*"};
  auto p = make_plan("tiny-gemma3", "h200", o);
  const plan::Problem* pr = problem(p.plan, "tower_quantized");
  ASSERT_NE(pr, nullptr);
  EXPECT_EQ(en(pr->fix).find("*visionn*"), std::string::npos) << en(pr->fix);
  auto fixed = make_plan("tiny-gemma3", "h200", plan::apply_change(o, pr->change));
  EXPECT_TRUE(fixed.plan.problems.empty()) << pr->change.flags() << " -> " << fixed.plan.problems.front().code;
}

TEST(PreValidation, PatternsThatMatchNoModule) {
  options::PlanOptions o;
  o.excludes = {"lm_heads"};
  EXPECT_TRUE(has_problem(make_plan("llama-3.1-8b", "h200", o).plan, "pattern_no_match"));
  options::PlanOptions o2;
  o2.overrides = {"*down_prj=int8"};
  EXPECT_TRUE(has_problem(make_plan("llama-3.1-8b", "h200", o2).plan, "pattern_no_match"));
  // A template default that matches nothing (e.g. "*.gate" on a dense model) is fine.
  EXPECT_FALSE(has_problem(make_plan("llama-3.1-8b", "h200").plan, "pattern_no_match"));
}

// ---------------------------------------------------------------- installed capabilities

TEST(PlannerInstalled, TheInstalledQuarkIsAuthoritative) {
  auto probe = plan::parse_probe(
      R"({"versions": {"amd-quark": "0.13"}, "executable": "/venv/bin/python", "templates": ["llama"], "schemes": ["fp8", "int4_wo_128"],
          "algorithms": ["awq"], "kv_cache_schemes": ["fp8"],
          "per_template": {"llama": {"exclude_layers_name": ["lm_head"], "kv_layers_name": ["*k_proj", "*v_proj"], "algorithms_with_config": []}}})",
      "probe");
  ASSERT_TRUE(probe.has_value());
  plan::HelpInfo help;
  help.flags = {"--model_dir", "--template_file"};
  help.choices["--dataset"] = {"pileval", "wikitext"};
  auto caps = *plan::installed_capabilities(*probe, help);
  EXPECT_TRUE(caps.verified);
  artifacts::ModelAnalysis analysis = load_analysis("llama-3.1-8b");
  plan::PlanInputs in;
  in.analysis = &analysis;
  in.caps = &caps;
  in.target = *plan::target_from_name("mi300x");
  in.options.priority = "accuracy";
  auto p = plan::build_plan(in);
  EXPECT_TRUE(p.problems.empty());
  EXPECT_EQ(p.global_scheme, "fp8");  // ptpc_fp8 is not in this installed list
  EXPECT_FALSE(has_risk(p, "plan.risk.unverified"));
  EXPECT_EQ(p.quark.source, "installed");
  // This installed llama template has no awq config, whatever the shipped table says.
  in.algorithms = {"awq"};
  EXPECT_TRUE(has_problem(plan::build_plan(in), "algorithm_no_config"));
  in.algorithms.clear();
  in.options.calib_dataset = "cnn_dailymail";
  EXPECT_TRUE(has_problem(plan::build_plan(in), "unknown_dataset"));  // not in this --help's choices
}

}  // namespace

// Checkpoint 1 confirms facts, not risks: every analysis risk is carried into the plan (origin
// "analysis", with its hint) or answered by a decision that says so; none is dropped.
TEST(PlannerRisks, AnalysisRisksAreCarriedOrAnswered) {
  core::Json recorded = load_analysis_doc("llama-3.1-8b");
  recorded["risks"] = core::Json::parse(R"([
    {"severity":"high","message":"already quantized","id":"intake.risk_pre_quantized","args":{"method":"fp8"}},
    {"severity":"medium","message":"641 GiB","id":"intake.risk_memory","args":{"gib":"641"}},
    {"severity":"low","message":"words only, no id","recovery_hint":"do this"}])");
  const artifacts::ModelAnalysis analysis = typed_analysis(recorded);
  auto caps = plan::shipped_capabilities("0.13");
  ASSERT_TRUE(caps.has_value());
  auto build = [&](bool multi) {
    plan::PlanInputs in;
    in.analysis = &analysis;
    in.analysis_digest = "sha256:" + std::string(64, '0');
    in.caps = &*caps;
    in.target = *plan::target_from_name("mi300x");
    in.options.multi_device = multi;
    return plan::build_plan(in);
  };
  auto from_analysis = [](const plan::Plan& p) {
    std::vector<std::string> ids;
    for (const auto& r : p.risks) {
      if (r.origin == "analysis") ids.push_back(r.text.id + "|" + r.severity + "|" + r.hint.id);
    }
    return ids;
  };
  plan::Plan single = build(false);
  EXPECT_EQ(from_analysis(single), (std::vector<std::string>{"intake.risk_pre_quantized|high|intake.risk_pre_quantized_hint",
                                                             "intake.risk_memory|medium|intake.risk_memory_hint",
                                                             "plan.risk.analysis_words|low|plan.risk.analysis_words"}));
  EXPECT_TRUE(single.resolved_risks.empty());
  plan::Plan multi = build(true);
  EXPECT_EQ(from_analysis(multi).size(), 2U);
  ASSERT_EQ(multi.resolved_risks.size(), 1U);
  EXPECT_EQ(multi.resolved_risks[0].decision, "device_strategy");
  EXPECT_EQ(multi.resolved_risks[0].risk.id, "intake.risk_memory");
  auto doc = plan::plan_to_json(multi);
  auto valid = core::validate_against(doc, core::kSchemaQuantPlan, "quant_plan.json");
  EXPECT_TRUE(valid.has_value()) << (valid ? "" : core::render_error(core::Lang::en, valid.error()));
  EXPECT_EQ(doc["risks"].back()["hint"]["text"], "do this");
  bool shown = false;
  for (const auto& line : plan::decision_table(core::Lang::en, multi))
    shown |= line.find("answers the analysis' risk") != std::string::npos;
  EXPECT_TRUE(shown);
}
