// quant_plan.json: published fields, validation, atomic write, Japanese table, and staleness:
// a rewritten plan makes the earlier plan confirmation stale through workflow::status_of.
#include "plan/plan_document.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "artifacts/analysis_upgrade.h"
#include "core/fs.h"
#include "core/messages.h"
#include "core/schema.h"
#include "plan/planner.h"
#include "support/temp_dir.h"
#include "workflow/artifact_files.h"
#include "workflow/checkpoint.h"
#include "workflow/state.h"

namespace {

struct Fixture {
  test_support::TempDir tmp;
  workflow::Workdir wd;
  core::Json analysis;
  artifacts::ModelAnalysis typed;
  plan::Capabilities caps;

  Fixture() {
    wd.root = tmp.path();
    auto text = core::read_file(test_support::source_path("tests/fixtures/plan/analyses/llama-3.1-8b.json"));
    tmp.write("model_analysis.json", *text);
    analysis = *core::read_json_file(wd.analysis());
    typed = *artifacts::read_model_analysis(analysis);
    caps = *plan::shipped_capabilities("0.13");
    workflow::Confirmation c;
    c.checkpoint = workflow::Checkpoint::analysis;
    c.digest = workflow::artifact_digest(analysis);
    c.user_words = "yes";
    EXPECT_TRUE(workflow::record_confirmation(wd, c).has_value());
  }

  core::Json plan_doc(options::PlanOptions o) {
    plan::PlanInputs in;
    in.analysis = &typed;
    in.analysis_digest = workflow::artifact_digest(analysis);
    plan::set_options(in, std::move(o));
    in.caps = &caps;
    in.target = *plan::target_from_name("mi300x");
    return plan::plan_to_json(plan::build_plan(in));
  }
};

TEST(PlanDocument, PublishedFields) {
  Fixture f;
  core::Json doc = f.plan_doc({});
  EXPECT_EQ(doc["model"]["model_type"], "llama");
  EXPECT_EQ(doc["model"]["analysis_ref"], "model_analysis.json");
  EXPECT_EQ(doc["analysis_digest"], workflow::artifact_digest(f.analysis));
  EXPECT_EQ(doc["global_scheme"], "fp8");
  EXPECT_EQ(doc["scheme_facts"]["bytes_per_weight"], 1.0);
  EXPECT_EQ(doc["scheme_facts"]["native_on_target"], true);
  EXPECT_EQ(doc["scheme_facts"]["weight"]["format"], "fp8_e4m3");
  EXPECT_TRUE(doc["kv_cache_scheme"].is_null());
  EXPECT_EQ(doc["exclude_layers"], core::Json::array({"lm_head"}));
  EXPECT_TRUE(doc["layer_quant_config"].is_object());
  EXPECT_TRUE(doc["algorithm"].is_null());
  EXPECT_EQ(doc["evaluation_intent"], "none");
  EXPECT_EQ(doc["requires_confirmation"], true);
  EXPECT_EQ(doc["quark"]["verified"], false);
  EXPECT_TRUE(core::schema_issues(doc, "quant_plan").empty());
}

TEST(PlanDocument, SameInputsSameDigest) {
  Fixture f;
  EXPECT_EQ(workflow::artifact_digest(f.plan_doc({})), workflow::artifact_digest(f.plan_doc({})));
  options::PlanOptions o;
  o.priority = "size";
  EXPECT_NE(workflow::artifact_digest(f.plan_doc({})), workflow::artifact_digest(f.plan_doc(o)));
}

TEST(PlanDocument, InvalidDocumentIsNotWritten) {
  Fixture f;
  core::Json doc = f.plan_doc({});
  doc.erase("global_scheme");
  auto r = workflow::write_artifact(f.wd, workflow::Artifact::plan, doc);
  ASSERT_FALSE(r.has_value());
  EXPECT_FALSE(core::exists(f.wd.plan()));
}

TEST(PlanDocument, ReplanMakesThePlanConfirmationStale) {
  Fixture f;
  core::Json first = f.plan_doc({});
  ASSERT_TRUE(workflow::write_artifact(f.wd, workflow::Artifact::plan, first).has_value());
  workflow::Confirmation c;
  c.checkpoint = workflow::Checkpoint::plan;
  c.digest = workflow::artifact_digest(first);
  c.user_words = "yes";
  ASSERT_TRUE(workflow::record_confirmation(f.wd, c).has_value());
  auto before = workflow::status_of(f.wd);
  ASSERT_TRUE(before.has_value());
  EXPECT_EQ(before->at(workflow::Checkpoint::plan).state, workflow::CheckpointState::confirmed);

  options::PlanOptions o;
  o.kv_cache = "fp8";
  ASSERT_TRUE(workflow::write_artifact(f.wd, workflow::Artifact::plan, f.plan_doc(o)).has_value());
  auto after = workflow::status_of(f.wd);
  ASSERT_TRUE(after.has_value());
  EXPECT_NE(after->at(workflow::Checkpoint::plan).state, workflow::CheckpointState::confirmed);
  EXPECT_EQ(after->at(workflow::Checkpoint::analysis).state, workflow::CheckpointState::confirmed);
  EXPECT_FALSE(workflow::require_confirmed(f.wd, workflow::Checkpoint::plan).has_value());
}

TEST(PlanDocument, DecisionTableInJapanese) {
  Fixture f;
  plan::PlanInputs in;
  in.analysis = &f.typed;
  in.caps = &f.caps;
  in.target = *plan::target_from_name("mi300x");
  const plan::Plan built = plan::build_plan(in);
  auto lines = plan::decision_table(core::Lang::ja, built);
  ASSERT_FALSE(lines.empty());
  for (auto& risk : plan::risk_table(core::Lang::ja, built)) lines.push_back(std::move(risk));
  EXPECT_EQ(lines.front(), "量子化計画 (チェックポイント 2 は未確定):");
  std::string all;
  for (const auto& l : lines) {
    all += l + "\n";
  }
  EXPECT_NE(all.find("全体スキーム: fp8"), std::string::npos);
  EXPECT_NE(all.find("未検証"), std::string::npos);
  // No raw catalog id leaks into the table.
  EXPECT_EQ(all.find("plan."), std::string::npos);
}

// Ids the planner builds (txt("...")) are not seen by the core catalog test: check them here.
TEST(PlanDocument, EveryPlannerTextIdIsInBothCatalogs) {
  std::regex use(R"re((?:txt|label)\("((?:plan|knowledge)\.[a-z0-9_.]+)")re");
  int checked = 0;
  for (const auto& e : std::filesystem::directory_iterator(test_support::source_path("src/plan"))) {
    if (e.path().extension() != ".cpp" || e.path().filename().string().find("_test") != std::string::npos) {
      continue;
    }
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    for (std::sregex_iterator it(text.begin(), text.end(), use), end; it != end; ++it) {
      std::string id = (*it)[1];
      if (id.back() == '.' || id.back() == '_') {
        continue;  // a prefix completed at run time; covered below
      }
      ++checked;
      EXPECT_TRUE(core::catalog_has(core::Lang::en, id)) << id;
      EXPECT_TRUE(core::catalog_has(core::Lang::ja, id)) << id;
    }
  }
  EXPECT_GT(checked, 40);
  for (const char* intent : {"none", "smoke", "full"}) {
    EXPECT_TRUE(core::catalog_has(core::Lang::ja, std::string("plan.reason.eval_") + intent));
  }
  for (const char* key : {"target", "global_scheme", "kv_cache_scheme", "layer_quant_config", "exclude_layers", "algorithm", "calibration",
                          "evaluation_intent", "device_strategy", "trust_remote_code"}) {
    EXPECT_TRUE(core::catalog_has(core::Lang::ja, std::string("plan.decision.") + key)) << key;
  }
  for (const char* s : {"user", "priority", "default", "template_default", "detected", "knowledge"}) {
    EXPECT_TRUE(core::catalog_has(core::Lang::en, std::string("plan.source.") + s)) << s;
  }
}

}  // namespace
