#include "artifacts/diagnosis.h"

#include <gtest/gtest.h>

namespace {

artifacts::Diagnosis read(const core::Json& j, std::string* error) {
  return artifacts::diagnosis_of(artifacts::Fields(j, "run/diagnosis", error), error);
}

TEST(Diagnosis, AFailedRunsRecordReadsBackToTheSameDocument) {
  artifacts::Diagnosis d;
  d.rule = "group_not_dividing";
  d.category = "plan";
  d.cause = "A group does not divide the in_features of 2 layers.";
  d.suggestion = "Plan again with the flags below.";
  d.return_to_checkpoint = 2;
  d.plan_change = {{"scheme", "int4_wo_64"}, {"flags", "--scheme int4_wo_64"}};
  d.facts = {{"layers", "mlp.down_proj (in_features 11008)"}, {"fix", "quark-ptq plan ... --scheme int4_wo_64"}};
  d.evidence = {"ValueError: 11008 is not divisible by 128"};
  d.error_text = "Traceback ...";
  artifacts::DiagnosedRun r;
  r.command = {{"quark-cli", "torch-llm-ptq"}, "quark-cli torch-llm-ptq", "sha256:ab"};
  r.exit_code = 1;
  r.stage = "quantize";
  r.torch_version = "2.11.0";
  r.transformers_version = "5.16.1";
  r.quark_version = "0.13";
  r.resources = artifacts::RunPeak{};
  r.resources->group_rss_mib = 2048;
  d.run = r;

  const core::Json encoded = d.to_json();
  EXPECT_TRUE(encoded["signal"].is_null());
  EXPECT_EQ(encoded["versions"]["amd-quark"], "0.13");
  std::string error;
  const artifacts::Diagnosis back = read(encoded, &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(back.to_json().dump(), encoded.dump());  // same fields in the same order
  EXPECT_EQ(back.facts[1].name, "fix");
  EXPECT_EQ(back.run->resources->group_rss_mib, 2048);
}

TEST(Diagnosis, AClassificationWithoutItsRunStaysWithoutIt) {
  const core::Json recorded = {{"rule", "unclassified"},
                               {"category", "unclassified"},
                               {"cause", "c"},
                               {"suggestion", "s"},
                               {"return_to_checkpoint", 3},
                               {"plan_change", core::Json::object()},
                               {"package_change_needs_confirmation", false},
                               {"facts", core::Json::object()},
                               {"evidence", core::Json::array()},
                               {"error_text", ""}};
  std::string error;
  const artifacts::Diagnosis d = read(recorded, &error);
  EXPECT_EQ(error, "");
  EXPECT_FALSE(d.run);
  EXPECT_EQ(d.to_json(), recorded);
}

TEST(Diagnosis, AnUnsaidCheckpointIsUnsetAndAFactOfTheWrongTypeIsNamed) {
  std::string error;
  const artifacts::Diagnosis d = read(core::Json{{"rule", "disk_full"}, {"facts", {{"free", 3}}}}, &error);
  EXPECT_FALSE(d.return_to_checkpoint);
  EXPECT_NE(error.find("run/diagnosis/facts/free"), std::string::npos) << error;
}

}  // namespace
