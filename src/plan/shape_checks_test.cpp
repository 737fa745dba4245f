// The planner's shape and KV checks on real inventories (analyses that `quark-ptq analyze`
// wrote from header-only checkpoints of published configs, tests/fixtures/checks/) and on an
// oracle-style module list. Every refused plan's proposed change is pasted back (applied to
// the options) and must pass.
#include <gtest/gtest.h>

#include <algorithm>

#include "artifacts/analysis_upgrade.h"
#include "core/json_io.h"
#include "plan/plan_document.h"
#include "plan/planner.h"
#include "support/temp_dir.h"

namespace {

const plan::Capabilities& caps() {
  static const plan::Capabilities c = *plan::shipped_capabilities("0.13");
  return c;
}

artifacts::ModelAnalysis analysis(const std::string& name) {
  auto doc = core::read_json_file(test_support::source_path("tests/fixtures/checks/" + name + ".analysis.json"));
  EXPECT_TRUE(doc.has_value()) << name;
  auto a = artifacts::read_model_analysis(doc ? *doc : core::Json::object());
  EXPECT_TRUE(a.has_value()) << name;
  return a ? *a : artifacts::ModelAnalysis{};
}

plan::Plan make(const artifacts::ModelAnalysis& a, options::PlanOptions o, const std::string& target = "h200",
                std::optional<std::vector<plan::Module>> modules = std::nullopt) {
  plan::PlanInputs in;
  in.analysis = &a;
  in.analysis_digest = "sha256:" + std::string(64, '0');
  plan::set_options(in, std::move(o));
  in.caps = &caps();
  in.target = *plan::target_from_name(target);
  in.modules = std::move(modules);
  return plan::build_plan(in);
}

const plan::Problem* problem(const plan::Plan& p, const std::string& code) {
  for (const auto& x : p.problems) {
    if (x.code == code) return &x;
  }
  return nullptr;
}

std::string problems(const plan::Plan& p) {
  std::string out;
  for (const auto& x : p.problems) out += x.code + ": " + plan::render(core::Lang::en, x.text) + " | ";
  return out;
}

std::string en(const plan::Text& t) { return plan::render(core::Lang::en, t); }

// Applies the refused plan's change, as if its flags were pasted, and re-plans: it must pass.
void expect_pasted_fix_passes(const artifacts::ModelAnalysis& a, const options::PlanOptions& o, const plan::Problem& pr) {
  ASSERT_FALSE(pr.change.empty()) << pr.code;
  auto fixed = make(a, plan::apply_change(o, pr.change));
  EXPECT_TRUE(fixed.problems.empty()) << pr.change.flags() << " -> " << problems(fixed);
}

options::PlanOptions scheme(const std::string& s, std::vector<std::string> algos = {}) {
  options::PlanOptions o;
  o.scheme = s;
  for (const auto& a : algos) o.algo += (o.algo.empty() ? "" : ",") + a;
  return o;
}

TEST(PlanShapes, Int4Wo128WithAwqRefusedOnDeepSeekV2LiteDenseDownProj) {
  auto a = analysis("deepseek-v2-lite-4l");
  auto o = scheme("int4_wo_128", {"awq"});
  auto p = make(a, o);
  const plan::Problem* pr = problem(p, "group_not_dividing");
  ASSERT_NE(pr, nullptr) << problems(p);
  std::string text = en(pr->text);
  EXPECT_NE(text.find("model.layers.0.mlp.down_proj (in_features 10944)"), std::string::npos) << text;
  EXPECT_NE(text.find("awq.pseudo_quantize_tensor"), std::string::npos) << text;
  // One layer of 600-odd: the smallest change is an override of that layer to a group that divides.
  ASSERT_EQ(pr->change.overrides.size(), 1u);
  EXPECT_EQ(pr->change.overrides[0], (std::pair<std::string, std::string>{"model.layers.0.mlp.down_proj", "int4_wo_64"}));
  // The whole command to paste: plan's own quoting leaves this word bare.
  EXPECT_NE(en(pr->fix).find(
                "quark-ptq plan --priority balanced --scheme int4_wo_128 --algo awq --override model.layers.0.mlp.down_proj=int4_wo_64"),
            std::string::npos)
      << en(pr->fix);
  expect_pasted_fix_passes(a, o, *pr);
}

TEST(PlanShapes, Int4Wo128RefusedOnSmolLM2HiddenSize576) {
  auto a = analysis("smollm2-135m");
  auto o = scheme("int4_wo_128");
  auto p = make(a, o);
  const plan::Problem* pr = problem(p, "group_not_dividing");
  ASSERT_NE(pr, nullptr) << problems(p);
  // The planner adds awq for int4 on llama, so AWQ's assertion is what quark-cli would hit first.
  EXPECT_NE(en(pr->text).find("180 quantized layer(s)"), std::string::npos) << en(pr->text);
  EXPECT_NE(en(pr->text).find("awq.pseudo_quantize_tensor"), std::string::npos) << en(pr->text);
  o.algo = "gptq";
  auto gptq = make(a, o);
  ASSERT_NE(problem(gptq, "group_not_dividing"), nullptr) << problems(gptq);
  EXPECT_NE(en(problem(gptq, "group_not_dividing")->text).find("is 576 which is not divisible by group_size=128"), std::string::npos);
  // Most layers misfit: switch the scheme rather than override them one by one.
  EXPECT_EQ(pr->change.scheme, "int4_wo_64");
  EXPECT_EQ(pr->change.flags(), "--scheme int4_wo_64");
  expect_pasted_fix_passes(a, o, *pr);
}

TEST(PlanShapes, Uint4OverrideThatDoesNotDivideIsRefusedToo) {
  auto a = analysis("smollm2-135m");
  auto o = scheme("fp8");
  o.overrides = {"*down_proj=uint4_wo_128", "*q_proj=uint4_wo_128"};
  auto p = make(a, o);
  const plan::Problem* pr = problem(p, "group_not_dividing");
  ASSERT_NE(pr, nullptr) << problems(p);
  EXPECT_NE(en(pr->text).find("self_attn.q_proj"), std::string::npos) << en(pr->text);
  EXPECT_EQ(en(pr->text).find("down_proj"), std::string::npos) << "1536 is a multiple of 128: " << en(pr->text);
  expect_pasted_fix_passes(a, o, *pr);
}

TEST(PlanShapes, PrioritySizeNeverRecommendsARefusedPlan) {
  for (const char* fixture : {"deepseek-v2-lite-4l", "smollm2-135m"}) {
    for (const char* target : {"h200", "mi300x", "mi355x", "b200", "cpu"}) {
      SCOPED_TRACE(std::string(fixture) + " / " + target);
      auto a = analysis(fixture);
      options::PlanOptions o;
      o.priority = "size";
      auto p = make(a, o, target);
      for (const auto& x : p.problems) {
        EXPECT_TRUE(x.code != "group_not_dividing" && x.code != "scheme_fails" && x.code != "scheme_fails_with_algo" &&
                    x.code != "kv_layers_missing" && x.code != "kv_layers_excluded")
            << problems(p);
      }
    }
  }
}

TEST(PlanShapes, PrioritySizeOnDeepSeekV2LiteTakesTheGroupThatDivides) {
  auto a = analysis("deepseek-v2-lite-4l");
  options::PlanOptions o;
  o.priority = "size";
  auto p = make(a, o);
  EXPECT_TRUE(p.problems.empty()) << problems(p);
  EXPECT_EQ(p.global_scheme, "int4_wo_64");
  const auto& d = *std::find_if(p.decisions.begin(), p.decisions.end(), [](const plan::Decision& x) { return x.key == "global_scheme"; });
  EXPECT_EQ(d.reason.id, "plan.reason.scheme_priority_refit");
  EXPECT_NE(en(d.reason).find("model.layers.0.mlp.down_proj (in_features 10944"), std::string::npos) << en(d.reason);
  // The template excludes *self_attn* and MLA has no k_proj/v_proj: no KV-cache scheme.
  EXPECT_EQ(p.kv_cache_scheme, "");
}

// Every scheme and algorithm the plan offers as an alternative passes when it is chosen: an
// int4 group that divides no layer of SmolLM2 (width 576) is never offered as itself.
TEST(PlanShapes, EveryAlternativeOfferedPassesWhenChosen) {
  for (const char* fixture : {"deepseek-v2-lite-4l", "smollm2-135m"}) {
    // Not the CPU: these capabilities are 0.13's, which cannot quantize there at all.
    for (const char* target : {"h200", "mi300x", "mi355x", "b200"}) {
      for (const char* priority : {"accuracy", "balanced", "size"}) {
        SCOPED_TRACE(std::string(fixture) + " / " + target + " / " + priority);
        auto a = analysis(fixture);
        options::PlanOptions o;
        o.priority = priority;
        auto p = make(a, o, target);
        for (const auto& d : p.decisions) {
          if (d.key != "global_scheme" && d.key != "algorithm") continue;
          for (const auto& alt : d.alternatives) {
            options::PlanOptions chosen = o;
            if (d.key == "global_scheme") {
              chosen.scheme = alt;
            } else {
              chosen.scheme = p.global_scheme;
              chosen.algo = alt;
            }
            auto q = make(a, chosen, target);
            EXPECT_TRUE(q.problems.empty()) << d.key << " = " << alt << ": " << problems(q);
          }
        }
      }
    }
  }
  auto smol = make(analysis("smollm2-135m"), options::PlanOptions{}, "h200");
  for (const auto& d : smol.decisions) {
    if (d.key == "global_scheme") {
      EXPECT_EQ(std::count(d.alternatives.begin(), d.alternatives.end(), "int4_wo_128"), 0);
    }
  }
}

TEST(PlanShapes, AlgoNoneSwitchesThePlannersAlgorithmOff) {
  auto a = analysis("smollm2-135m");
  auto awq = make(a, scheme("int4_wo_64"));
  ASSERT_EQ(awq.algorithms, std::vector<std::string>{"awq"}) << problems(awq);
  auto off = make(a, scheme("int4_wo_64", {"none"}));
  EXPECT_TRUE(off.problems.empty()) << problems(off);
  EXPECT_TRUE(off.algorithms.empty());
  const auto& d = *std::find_if(off.decisions.begin(), off.decisions.end(), [](const plan::Decision& x) { return x.key == "algorithm"; });
  EXPECT_EQ(d.value, "none");
  EXPECT_EQ(d.reason.id, "plan.reason.algo_user_none");
  bool rtn_risk = false;
  for (const auto& r : off.risks) rtn_risk = rtn_risk || r.text.id == "plan.risk.rtn_int4";
  EXPECT_TRUE(rtn_risk);
  auto both = make(a, scheme("int4_wo_64", {"awq", "none"}));
  EXPECT_NE(problem(both, "algorithm_none_combined"), nullptr) << problems(both);
}

TEST(PlanShapes, KvCacheRefusedWhenTheTemplatesKvLayersAreAllExcluded) {
  auto a = analysis("deepseek-v2-lite-4l");
  options::PlanOptions o = scheme("fp8");
  o.kv_cache = "fp8";
  auto p = make(a, o);
  const plan::Problem* pr = problem(p, "kv_layers_excluded");
  ASSERT_NE(pr, nullptr) << problems(p);
  EXPECT_NE(en(pr->text).find("kv_b_proj"), std::string::npos) << en(pr->text);
  EXPECT_EQ(pr->change.flags(), "--kv-cache none");
  expect_pasted_fix_passes(a, o, *pr);
}

TEST(PlanShapes, KvCacheAcceptedWhereKProjAndVProjAreQuantized) {
  auto a = analysis("smollm2-135m");
  options::PlanOptions o = scheme("fp8");
  o.kv_cache = "fp8";
  auto p = make(a, o);
  EXPECT_TRUE(p.problems.empty()) << problems(p);
}

// The oracle feeds the same struct: shapes there decide, whatever the analysis holds.
TEST(PlanShapes, OracleModulesDecideAndMxPadsUnlessAwq) {
  auto a = analysis("smollm2-135m");
  std::vector<plan::Module> modules = {{"model.layers.0.self_attn.q_proj", "attention", 80, 80},
                                       {"model.layers.0.mlp.down_proj", "mlp", 160, 80}};
  auto mx = make(a, scheme("mxfp4"), "mi355x", modules);
  EXPECT_EQ(problem(mx, "group_not_dividing"), nullptr) << "Quark pads the last MX block: " << problems(mx);
  auto o = scheme("mxfp4", {"awq"});
  auto awq = make(a, o, "mi355x", modules);
  const plan::Problem* pr = problem(awq, "group_not_dividing");
  ASSERT_NE(pr, nullptr) << problems(awq);
  EXPECT_NE(en(pr->text).find("model.layers.0.self_attn.q_proj (in_features 80)"), std::string::npos) << en(pr->text);
  EXPECT_EQ(en(pr->text).find("down_proj"), std::string::npos) << en(pr->text);
}

TEST(PlanShapes, SchemesThatFailWhateverTheModelAreRefused) {
  auto a = analysis("smollm2-135m");
  auto mx6 = make(a, scheme("mx6"));
  ASSERT_NE(problem(mx6, "scheme_fails"), nullptr) << problems(mx6);
  EXPECT_NE(en(problem(mx6, "scheme_fails")->text).find("export"), std::string::npos);
  auto nv = make(a, scheme("nvfp4", {"awq"}), "b200");
  ASSERT_NE(problem(nv, "scheme_fails_with_algo"), nullptr) << problems(nv);
  EXPECT_NE(en(problem(nv, "scheme_fails_with_algo")->fix).find("awq"), std::string::npos);
}

}  // namespace
