#include "workflow/corrections.h"

#include <gtest/gtest.h>

namespace {

core::Json analysis() {
  return core::Json::parse(R"({"artifact":"model_analysis","schema_version":1,"analysis_status":"partial",
    "model":{"model_path":"/m","model_type":"mistral","trust_remote_code":false,"transformers_version":"4.44"},
    "quantization_targets":{"linear_layer_count":154,"exclude_defaults":["lm_head"]},
    "risks":[{"severity":"low","message":"x"}]})");
}

workflow::CorrectedAnalysis apply(const std::vector<std::string>& sets) {
  std::vector<workflow::Correction> cs;
  for (const auto& s : sets) cs.push_back(*workflow::parse_correction(s));
  auto r = workflow::apply_corrections(analysis(), cs);
  EXPECT_TRUE(r.has_value());
  return r.has_value() ? *r : workflow::CorrectedAnalysis{};
}

TEST(Corrections, ValuesAreTypedByWhatTheyReplace) {
  auto r = apply({"model.model_type=llama", "model.trust_remote_code=true", "quantization_targets.exclude_defaults=lm_head, *.gate",
                  "model.model_type=qwen2"});
  EXPECT_EQ(r.doc["model"]["model_type"], "qwen2");
  EXPECT_EQ(r.doc["model"]["trust_remote_code"], true);
  EXPECT_EQ(r.doc["quantization_targets"]["exclude_defaults"], core::Json::parse(R"(["lm_head","*.gate"])"));
  // One entry per key, in the order first corrected: its first "from", its last "to".
  ASSERT_EQ(r.applied.size(), 3u);
  EXPECT_EQ(r.applied[0], (artifacts::AppliedCorrection{"model.model_type", "mistral", "qwen2"}));
  EXPECT_EQ(r.applied[2].from, core::Json::parse(R"(["lm_head"])"));
}

// Corrected exclusions are marked as the person's, so that the planner passes them to
// quark-cli instead of the template's defaults.
TEST(Corrections, CorrectedExclusionsAreMarkedForThePlanner) {
  auto r = apply({R"(quantization_targets.exclude_defaults=["a,b"])", "quantization_targets.exclude_defaults="});
  EXPECT_TRUE(r.doc["quantization_targets"]["exclude_defaults"].empty());
  EXPECT_TRUE(r.exclusions_corrected);
  EXPECT_EQ(r.applied[0].from, core::Json::parse(R"(["lm_head"])"));
  EXPECT_FALSE(apply({"model.model_type=llama"}).exclusions_corrected);
}

// Only the fields that flow into the plan are correctable; anything else (a misspelt key, a
// risk, a count the plan never reads) is refused with the list, never recorded as corrected.
TEST(Corrections, OnlyCorrectableKeysAreAccepted) {
  for (const char* bad :
       {"artifact=x", "schema_version=2", "model.model_type.x=1", "risks.0.severity=low", "risks=[]", "analysis_status=complete",
        "model.bogus.key=1", "quantization_targets.linear_layer_count=160", "model.loading_class=X"}) {
    auto c = workflow::parse_correction(bad);
    ASSERT_TRUE(c.has_value()) << bad;
    auto r = workflow::apply_corrections(analysis(), {*c});
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().code, core::ExitCode::usage);
    EXPECT_EQ(r.error().id, "workflow.correction_not_correctable") << bad;
    ASSERT_NE(r.error().arg("keys"), nullptr);
    EXPECT_NE(r.error().arg("keys")->find("quantization_targets.exclude_defaults"), std::string::npos);
  }
  for (const auto& f : workflow::correctable_fields()) EXPECT_FALSE(f.changes.empty()) << f.key;
}

TEST(Corrections, BadSyntaxIsAUsageError) {
  EXPECT_FALSE(workflow::parse_correction("model.model_type").has_value());
  EXPECT_FALSE(workflow::parse_correction("=x").has_value());
  EXPECT_FALSE(workflow::parse_correction("model..x=1").has_value());
}

}  // namespace
