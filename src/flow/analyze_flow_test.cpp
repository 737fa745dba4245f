// The analyze flow with the model oracle stood in: a config-only model takes the oracle's Linear
// set instead of the config estimate; a DBRX config whose forward pass fails in the installed
// transformers gets the high risk with its fix; no environment, a failed run and a refusal are
// recorded as "unavailable" and the config estimate stays, never an error.
#include "flow/analyze_flow.h"

#include <gtest/gtest.h>

#include "core/fs.h"
#include "intake/analyze.h"
#include "support/temp_dir.h"
#include "workflow/artifact_files.h"

namespace flow {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> risk_ids(const core::Json& analysis) {
  std::vector<std::string> out;
  for (const auto& r : analysis["risks"]) out.push_back(r["id"].get<std::string>());
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

class AnalyzeFlow : public ::testing::Test {
 protected:
  void SetUp() override {
    auto config = core::read_file(test_support::source_path("tests/zoo/models/dbrx/config.json"));
    ASSERT_TRUE(config.has_value());
    model = tmp.write("dbrx/config.json", *config).parent_path();
    // A Python is found (VIRTUAL_ENV names an executable); the oracle itself is stood in.
    python = tmp.write("venv/bin/python", "#!/bin/sh\nexit 1\n");
    fs::permissions(python, fs::perms::owner_all);
    how.getenv = [this](const std::string& name) -> std::optional<std::string> {
      if (name == "VIRTUAL_ENV") return (tmp.path() / "venv").string();
      if (name == "HOME") return tmp.path().string();
      return std::nullopt;
    };
    how.run = [this](const oracle::OracleRequest& req) -> core::Result<oracle::OracleResult> {
      asked.push_back(req.config);
      if (!answer)
        return core::make_error(core::ExitCode::env_not_ready, "oracle.timed_out").with("python", req.python).with("seconds", "180");
      return oracle::OracleResult{*answer, oracle::LibraryVersions{"3.11", "2.11.0", "5.16.1", "0.13"}, false};
    };
    request.model = model.string();
  }

  static oracle::ModelOracle dbrx_oracle(oracle::ForwardCheck::Status status) {
    oracle::ModelOracle o;
    o.model_type = "dbrx";
    for (const char* name :
         {"transformer.blocks.0.norm_attn_norm.attn.Wqkv", "transformer.blocks.0.norm_attn_norm.attn.out_proj", "lm_head"}) {
      oracle::LinearModule l;
      l.name = name;
      l.in_features = 2048;
      l.out_features = 2048;
      o.linear_modules.push_back(l);
    }
    o.forward = oracle::ForwardCheck{
        status, status == oracle::ForwardCheck::Status::failed ? "ValueError: clamp called but both min and max are none!" : "",
        "DbrxAttention.forward", "transformers/models/dbrx/modeling_dbrx.py:216"};
    return o;
  }

  test_support::TempDir tmp;
  fs::path model, python;
  AnalyzeOracle how;
  intake::AnalyzeRequest request;
  std::optional<oracle::OracleAnswer> answer;
  std::vector<fs::path> asked;
};

TEST_F(AnalyzeFlow, AConfigOnlyModelTakesTheOraclesLinearsAndADbrxForwardFailureIsAHighRisk) {
  answer = dbrx_oracle(oracle::ForwardCheck::Status::failed);
  auto r = analyze(tmp.path() / "wd", request, how);
  ASSERT_TRUE(r) << r.error().id << " " << r.error().detail;
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_EQ(asked[0], model / "config.json");
  EXPECT_EQ(r->analysis["quantization_targets"]["method"], "model_oracle");
  EXPECT_EQ(r->analysis["quantization_targets"]["linear_layer_count"], 3);
  EXPECT_EQ(r->analysis["model_oracle"]["status"], "answered");
  EXPECT_EQ(r->analysis["model_oracle"]["versions"], "torch=2.11.0 transformers=5.16.1 amd-quark=0.13");
  EXPECT_EQ(r->analysis["model_oracle"]["forward"]["function"], "DbrxAttention.forward");
  auto ids = risk_ids(r->analysis);
  EXPECT_TRUE(has(ids, "intake.risk_clip_qkv_null")) << testing::PrintToString(ids);
  for (const auto& risk : r->analysis["risks"]) {
    if (risk["id"] == "intake.risk_clip_qkv_null") {
      EXPECT_EQ(risk["severity"], "high");
      EXPECT_NE(risk["recovery_hint"].get<std::string>().find("clip_qkv"), std::string::npos);
    }
  }
}

TEST_F(AnalyzeFlow, AForwardPassThatGetsPastTheAttentionGivesNoRisk) {
  answer = dbrx_oracle(oracle::ForwardCheck::Status::inconclusive);
  auto r = analyze(tmp.path() / "wd", request, how);
  ASSERT_TRUE(r) << r.error().id;
  auto ids = risk_ids(r->analysis);
  EXPECT_FALSE(has(ids, "intake.risk_clip_qkv_null"));
  EXPECT_FALSE(has(ids, "intake.risk_clip_qkv_unchecked"));
  EXPECT_FALSE(has(ids, "intake.risk_forward_fails"));
}

TEST_F(AnalyzeFlow, AFailedOracleIsARecordedFallbackNotAnError) {
  auto r = analyze(tmp.path() / "wd", request, how);  // the stand-in times out
  ASSERT_TRUE(r) << r.error().id;
  EXPECT_EQ(r->analysis["model_oracle"]["status"], "unavailable");
  EXPECT_NE(r->analysis["model_oracle"]["reason"].get<std::string>().find("oracle.timed_out"), std::string::npos);
  EXPECT_EQ(r->analysis["quantization_targets"]["method"], "config_estimate");
  EXPECT_TRUE(has(risk_ids(r->analysis), "intake.risk_clip_qkv_unchecked"));
}

TEST_F(AnalyzeFlow, NoEnvironmentMeansOneReadingAndNoOracle) {
  how.getenv = [](const std::string&) { return std::optional<std::string>(); };
  auto r = analyze(tmp.path() / "wd", request, how);
  ASSERT_TRUE(r) << r.error().id;
  EXPECT_TRUE(asked.empty());
  EXPECT_EQ(r->analysis["model_oracle"]["status"], "unavailable");
  EXPECT_EQ(r->analysis["quantization_targets"]["method"], "config_estimate");
}

TEST_F(AnalyzeFlow, ARefusalIsRecorded) {
  answer = oracle::OracleRefusal{"remote_code_required", "model_type 'x' needs auto_map code"};
  auto r = analyze(tmp.path() / "wd", request, how);
  ASSERT_TRUE(r) << r.error().id;
  EXPECT_EQ(r->analysis["model_oracle"]["status"], "unavailable");
  EXPECT_NE(r->analysis["model_oracle"]["reason"].get<std::string>().find("remote_code_required"), std::string::npos);
}

// --python (analyze's, or start's plan option) names the interpreter the oracle runs in,
// whatever $VIRTUAL_ENV says; one that is not an executable is an error and nothing is written.
TEST_F(AnalyzeFlow, PythonNamesTheOraclesInterpreter) {
  fs::path other = tmp.write("other/bin/python", "#!/bin/sh\nexit 1\n");
  fs::permissions(other, fs::perms::owner_all);
  std::string ran_in;
  how.python = other.string();
  auto stand_in = how.run;
  how.run = [&](const oracle::OracleRequest& req) {
    ran_in = req.python;
    return stand_in(req);
  };
  answer = dbrx_oracle(oracle::ForwardCheck::Status::ok);
  auto r = analyze(tmp.path() / "wd", request, how);
  ASSERT_TRUE(r) << r.error().id;
  EXPECT_EQ(fs::path(ran_in), other);
  EXPECT_EQ(r->analysis["model_oracle"]["status"], "answered");

  how.python = (tmp.path() / "no-such-python").string();
  auto bad = analyze(tmp.path() / "wd2", request, how);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().id, "envprobe.python_not_executable");
  EXPECT_EQ(bad.error().code, core::ExitCode::bad_input);
  EXPECT_FALSE(fs::exists(tmp.path() / "wd2" / "model_analysis.json"));
}

// What intake builds passes its schema as the artifact's one writer checks it; the same
// document changed afterwards does not, and is not written.
TEST(AnalysisArtifact, TheWriterChecksWhatIntakeBuilt) {
  test_support::TempDir tmp;
  intake::AnalyzeRequest req;
  req.model = test_support::source_path("examples/tiny-llama").string();
  auto a = intake::analyze(req);
  ASSERT_TRUE(a) << a.error().id;
  workflow::Workdir ok{tmp.path() / "ok"};
  ASSERT_TRUE(workflow::write_artifact(ok, workflow::Artifact::analysis, *a));
  EXPECT_EQ(workflow::read_artifact(ok, workflow::Artifact::analysis).state, workflow::ArtifactState::valid);

  core::Json changed = *a;
  changed["analysis_status"] = "not-a-status";
  workflow::Workdir bad{tmp.path() / "bad"};
  auto w = workflow::write_artifact(bad, workflow::Artifact::analysis, changed);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().id, "core.schema_invalid");
  EXPECT_FALSE(fs::exists(bad.analysis()));
}

}  // namespace
}  // namespace flow
