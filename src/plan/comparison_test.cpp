// plan --compare on SmolLM2-135M (hidden size 576, header-only fixture): every candidate is the
// planner's own whole plan for its scheme, a group that does not divide 576 is regrouped and
// says so, auto keeps to the bound and says why each scheme is left out, and a named scheme
// that makes no valid plan makes the comparison invalid.
#include "plan/comparison.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "artifacts/analysis_upgrade.h"
#include "core/json_io.h"
#include "core/schema.h"
#include "plan/plan_document.h"
#include "support/temp_dir.h"

namespace {

const plan::Capabilities& caps() {
  static const plan::Capabilities c = *plan::shipped_capabilities("0.13");
  return c;
}

const artifacts::ModelAnalysis& smollm2() {
  static const artifacts::ModelAnalysis a =
      *artifacts::read_model_analysis(*core::read_json_file(test_support::source_path("tests/fixtures/checks/smollm2-135m.analysis.json")));
  return a;
}

struct Compared {
  plan::PlanInputs in;
  plan::Comparison comparison;
};

Compared compare(options::PlanOptions o, const std::string& target = "h200") {
  auto request = options::compare_request(o);
  EXPECT_TRUE(request && *request) << (request ? "" : request.error().id);
  Compared out;
  out.in.analysis = &smollm2();
  out.in.analysis_digest = "sha256:" + std::string(64, '0');
  plan::set_options(out.in, options::comparison_options(std::move(o), **request));
  out.in.caps = &caps();
  out.in.target = *plan::target_from_name(target);
  out.comparison = plan::build_comparison(out.in, **request);
  return out;
}

options::PlanOptions compare_option(const std::string& value) {
  options::PlanOptions o;
  o.compare = value;
  return o;
}

std::string en(const plan::Text& t) { return plan::render(core::Lang::en, t); }

const plan::LeftOut* left_out(const plan::Comparison& c, const std::string& scheme) {
  for (const auto& l : c.left_out) {
    if (l.scheme == scheme) return &l;
  }
  return nullptr;
}

TEST(PlanCompare, EachNamedSchemeIsTheWholePlanThePlannerMakesForIt) {
  auto c = compare(compare_option("fp8, ptpc_fp8 ,int4_wo_64"));
  ASSERT_TRUE(c.comparison.problems.empty()) << en(c.comparison.problems.front().text);
  ASSERT_EQ(c.comparison.candidates.size(), 3u);
  for (const auto& k : c.comparison.candidates) {
    options::PlanOptions alone = c.in.options;
    alone.compare.clear();
    alone.scheme = k.name;
    plan::PlanInputs one = c.in;
    plan::set_options(one, alone);
    plan::Plan single = plan::build_plan(one);
    EXPECT_EQ(k.plan.global_scheme, k.name);
    EXPECT_EQ(k.plan.algorithms, single.algorithms) << k.name;
    EXPECT_EQ(k.plan.kv_cache_scheme, single.kv_cache_scheme) << k.name;
    EXPECT_EQ(k.plan.exclude_layers, single.exclude_layers) << k.name;
    // Its recorded command plans that candidate alone, and it always evaluates.
    EXPECT_EQ(k.plan.command.find("--compare"), std::string::npos) << k.plan.command;
    EXPECT_NE(k.plan.command.find("--scheme " + k.name), std::string::npos) << k.plan.command;
    EXPECT_EQ(k.plan.evaluation_intent, "smoke") << k.name;
  }
  // AWQ where this Quark has a configuration for llama: the planner's own choice for int4.
  EXPECT_EQ(c.comparison.candidates[2].plan.algorithms, std::vector<std::string>{"awq"});
  EXPECT_TRUE(c.comparison.left_out.empty());
}

TEST(PlanCompare, AGroupThatDoesNotDivide576IsRegroupedAndSaysSo) {
  auto c = compare(compare_option("fp8,int4_wo_128"));
  ASSERT_TRUE(c.comparison.problems.empty()) << en(c.comparison.problems.front().text);
  ASSERT_EQ(c.comparison.candidates.size(), 2u);
  const plan::Candidate& k = c.comparison.candidates[1];
  EXPECT_EQ(k.asked, "int4_wo_128");
  EXPECT_EQ(k.name, "int4_wo_64");
  EXPECT_TRUE(k.plan.problems.empty());
  EXPECT_EQ(k.refit.id, "plan.compare.refit");
  EXPECT_NE(en(k.refit).find("(in_features 576)"), std::string::npos) << en(k.refit);
  auto d = std::find_if(k.plan.decisions.begin(), k.plan.decisions.end(), [](const plan::Decision& x) { return x.key == "global_scheme"; });
  ASSERT_NE(d, k.plan.decisions.end());
  EXPECT_EQ(d->reason.id, "plan.compare.refit");
}

TEST(PlanCompare, ANamedSchemeThatMakesNoValidPlanIsAProblemNamingIt) {
  auto c = compare(compare_option("fp8,int4_wo_12"));
  ASSERT_FALSE(c.comparison.problems.empty());
  EXPECT_EQ(c.comparison.problems.front().code, "compare_candidate_invalid");
  EXPECT_NE(en(c.comparison.problems.front().text).find("int4_wo_12"), std::string::npos);
  EXPECT_TRUE(std::any_of(c.comparison.problems.begin(), c.comparison.problems.end(),
                          [](const plan::Problem& p) { return p.code == "unknown_scheme"; }));
  // The document's plan carries them: nothing is written.
  EXPECT_FALSE(plan::comparison_plan(c.in, c.comparison).problems.empty());
}

TEST(PlanCompare, AutoKeepsToTheBoundAndSaysWhyEachSchemeIsLeftOut) {
  options::PlanOptions o = compare_option("auto");
  o.compare_max = 3;
  auto c = compare(o);
  ASSERT_TRUE(c.comparison.problems.empty()) << en(c.comparison.problems.front().text);
  EXPECT_TRUE(c.comparison.automatic);
  EXPECT_EQ(c.comparison.max, 3);
  ASSERT_EQ(c.comparison.candidates.size(), 3u);
  // The planner's own pick for the priority on this target comes first.
  EXPECT_EQ(c.comparison.candidates.front().name, "fp8");
  // Every scheme the installed Quark lists is either a candidate or left out with a reason.
  for (const auto& s : caps().schemes) {
    bool candidate =
        std::any_of(c.comparison.candidates.begin(), c.comparison.candidates.end(), [&](const plan::Candidate& k) { return k.asked == s; });
    const plan::LeftOut* l = left_out(c.comparison, s);
    EXPECT_NE(candidate, l != nullptr) << s;
    if (l != nullptr) {
      EXPECT_FALSE(l->reason.id.empty()) << s;
    }
  }
  EXPECT_EQ(left_out(c.comparison, "fp4_block16_scale_e4m3")->code, "alias");
  // int4_wo_128 regroups to int4_wo_64; whichever comes second is the same plan.
  const plan::LeftOut* dup = left_out(c.comparison, "int4_wo_64");
  const plan::LeftOut* dup128 = left_out(c.comparison, "int4_wo_128");
  ASSERT_TRUE(dup != nullptr || dup128 != nullptr);
  EXPECT_TRUE(std::any_of(c.comparison.left_out.begin(), c.comparison.left_out.end(),
                          [](const plan::LeftOut& l) { return l.code == "over_bound"; }));
  for (const auto& l : c.comparison.left_out) {
    if (l.code == "over_bound") {
      EXPECT_NE(en(l.reason).find("3 candidates"), std::string::npos) << en(l.reason);
    }
  }
}

TEST(PlanCompare, TheDocumentKeepsTheFirstCandidateAsItsPlanAndPassesTheSchema) {
  auto c = compare(compare_option("ptpc_fp8,int4_wo_128"));
  ASSERT_TRUE(c.comparison.problems.empty());
  plan::Plan top = plan::comparison_plan(c.in, c.comparison);
  EXPECT_EQ(top.global_scheme, "ptpc_fp8");
  EXPECT_NE(top.command.find("--compare ptpc_fp8,int4_wo_128"), std::string::npos) << top.command;
  artifacts::QuantPlan record = plan::plan_record(top);
  record.comparison = plan::comparison_record(c.comparison);
  core::Json doc = record.to_json();
  auto issues = core::schema_issues(doc, core::kSchemaQuantPlan);
  EXPECT_TRUE(issues.empty()) << issues.front().pointer << ": " << issues.front().message;
  EXPECT_EQ(doc["comparison"]["candidates"][1]["name"], "int4_wo_64");
  EXPECT_EQ(doc["comparison"]["candidates"][1]["plan"]["global_scheme"], "int4_wo_64");
  EXPECT_EQ(doc["comparison"]["candidates"][1]["refit"]["id"], "plan.compare.refit");
  EXPECT_EQ(doc["comparison"]["mode"], "named");
  EXPECT_EQ(doc["comparison"]["max"], 4);
  // Strict: a field the contract does not name is refused.
  doc["comparison"]["extra"] = 1;
  EXPECT_FALSE(core::schema_issues(doc, core::kSchemaQuantPlan).empty());
}

}  // namespace
