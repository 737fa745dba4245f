#include "workflow/corrections.h"

#include <gtest/gtest.h>

namespace {

core::Json analysis() {
  return core::Json::parse(R"({"artifact":"model_analysis","schema_version":1,"analysis_status":"partial",
    "model":{"model_path":"/m","model_type":"mistral","trust_remote_code":false,"transformers_version":"4.44"},
    "quantization_targets":{"linear_layer_count":154,"exclude_defaults":["lm_head"]},
    "risks":[{"severity":"low","message":"x"}]})");
}

core::Json apply(const std::vector<std::string>& sets, core::Json& record) {
  std::vector<workflow::Correction> cs;
  for (const auto& s : sets) cs.push_back(*workflow::parse_correction(s));
  auto r = workflow::apply_corrections(analysis(), cs, record);
  EXPECT_TRUE(r.has_value());
  return r.has_value() ? *r : core::Json();
}

TEST(Corrections, ValuesAreTypedByWhatTheyReplace) {
  core::Json rec;
  core::Json out = apply({"model.model_type=llama", "model.transformers_version=4.45", "model.trust_remote_code=true",
                          "quantization_targets.exclude_defaults=lm_head, *.gate", "quantization_targets.linear_layer_count=160",
                          "risks.0.severity=high", "analysis_status=complete"},
                         rec);
  EXPECT_EQ(out["model"]["model_type"], "llama");
  EXPECT_EQ(out["model"]["transformers_version"], "4.45");
  EXPECT_EQ(out["model"]["trust_remote_code"], true);
  EXPECT_EQ(out["quantization_targets"]["exclude_defaults"], core::Json::parse(R"(["lm_head","*.gate"])"));
  EXPECT_EQ(out["quantization_targets"]["linear_layer_count"], 160);
  EXPECT_EQ(out["risks"][0]["severity"], "high");
  EXPECT_EQ(rec["model.model_type"], core::Json::parse(R"({"from":"mistral","to":"llama"})"));
  EXPECT_EQ(rec["quantization_targets.exclude_defaults"]["from"], core::Json::parse(R"(["lm_head"])"));
}

TEST(Corrections, JsonListsAndNullAndNewKeys) {
  core::Json rec;
  core::Json out = apply({R"(quantization_targets.exclude_defaults=["a,b"])", "quantization_targets.exclude_defaults=",
                          "model.transformers_version=null", "model.architecture=LlamaForCausalLM", "model.layers=32"},
                         rec);
  EXPECT_TRUE(out["quantization_targets"]["exclude_defaults"].empty());
  EXPECT_EQ(rec["quantization_targets.exclude_defaults"]["from"], core::Json::parse(R"(["lm_head"])"));
  EXPECT_TRUE(out["model"]["transformers_version"].is_null());
  EXPECT_EQ(out["model"]["architecture"], "LlamaForCausalLM");
  EXPECT_EQ(out["model"]["layers"], 32);
  EXPECT_TRUE(rec["model.architecture"]["from"].is_null());
}

TEST(Corrections, BadSyntaxAndPathsAreUsageErrors) {
  EXPECT_FALSE(workflow::parse_correction("model.model_type").has_value());
  EXPECT_FALSE(workflow::parse_correction("=x").has_value());
  EXPECT_FALSE(workflow::parse_correction("model..x=1").has_value());
  core::Json rec;
  for (const char* bad : {"artifact=x", "schema_version=2", "model.model_type.x=1", "risks.5.severity=low", "risks.a=1"}) {
    auto c = workflow::parse_correction(bad);
    ASSERT_TRUE(c.has_value()) << bad;
    auto r = workflow::apply_corrections(analysis(), {*c}, rec);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().code, core::ExitCode::usage);
  }
}

}  // namespace
