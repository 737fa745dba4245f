#include "report/read_workdir.h"

#include <gtest/gtest.h>

#include "report/recommend.h"
#include "support/temp_dir.h"

namespace {

// A manifest as a finished, evaluated run leaves it (the parts the report reads).
core::Json finished_manifest() {
  return core::Json::parse(R"({
    "inputs": {"model": "/models/smol", "model_identity": {"files": [
      {"path": "config.json", "size": 700}, {"path": "model.safetensors", "size": 269060552}]}},
    "command": {"argv": ["quark-cli", "torch-llm-ptq", "--quant_scheme", "fp8"], "display": "quark-cli torch-llm-ptq --quant_scheme fp8",
                "digest": "sha256:1234"},
    "run": {"status": "succeeded", "seconds": 47.86, "interrupted_by": null,
            "peak": {"gpu_memory_mib": 8394, "gpu_own_mib": 840, "group_rss_mib": 2358, "host_used_mib": 9744},
            "timeline": [{"t": 0.0, "host_used_mib": 5948, "group_rss_mib": 5, "gpu_used_mib": 6069, "gpu_own_mib": 0},
                         {"t": 2.1, "host_used_mib": 6459, "group_rss_mib": 489, "gpu_used_mib": null},
                         {"t": 4.1, "host_used_mib": 6534, "group_rss_mib": 532, "gpu_used_mib": 8394, "gpu_own_mib": 840}]},
    "result": {"status": "success", "metrics": {"weight_bytes": 140000000, "source_weight_bytes": 269060552}},
    "evaluation": {"verdict": "pass", "reason": null,
      "canary": {"status": "pass", "token_agreement": 0.8125, "prompts": [
        {"prompt": "The capital of France is", "source": " Paris.", "quantized": " Paris, <b>"}]},
      "perplexity": {"status": "pass", "windows": 8, "delta_pct": 2.345, "se_pct": 0.412, "threshold_pct": 5.0}}
  })");
}

TEST(ReadWorkdir, AFinishedRunIsOneCandidateWithItsFigures) {
  report::Sources s;
  s.manifest = finished_manifest();
  s.plan = core::Json::parse(R"({"global_scheme": "fp8", "algorithms": ["awq"], "kv_cache_scheme": "fp8"})");
  s.analysis = core::Json::parse(R"({"source": {"input": "HuggingFaceTB/SmolLM2-135M-Instruct"}, "model": {"model_path": "/x"}})");
  s.run.phase = workflow::RunPhase::succeeded;
  s.accepted = true;
  report::Report r = report::make_report(s);
  EXPECT_EQ(r.model, "HuggingFaceTB/SmolLM2-135M-Instruct");
  ASSERT_EQ(r.candidates.size(), 1u);
  const report::Candidate& c = r.candidates[0];
  EXPECT_EQ(c.name, "fp8");
  EXPECT_EQ(c.details, (std::vector<std::string>{"awq", "KV cache fp8"}));
  EXPECT_EQ(c.run, report::RunState::succeeded);
  EXPECT_EQ(c.verification, "success");
  EXPECT_EQ(c.size_bytes, 140000000);
  EXPECT_EQ(c.source_bytes, 269060552);
  ASSERT_TRUE(c.perplexity());
  EXPECT_DOUBLE_EQ(c.perplexity()->delta_pct, 2.345);
  EXPECT_DOUBLE_EQ(c.perplexity()->se_pct, 0.412);
  EXPECT_EQ(c.evaluation->verdict, evaluate::Status::pass);
  EXPECT_EQ(c.evaluation->threshold_pct, 5.0);
  EXPECT_EQ(c.evaluation->canary_agreement, 0.8125);
  ASSERT_EQ(c.evaluation->canaries.size(), 1u);
  EXPECT_EQ(c.evaluation->canaries[0].quantized, " Paris, <b>");
  EXPECT_EQ(c.quark_cli_seconds, 47.86);
  EXPECT_EQ(c.peak_gpu_mib, 840);  // quark-cli's own share, not the device's 8394
  EXPECT_EQ(c.peak_host_mib, 2358);
  ASSERT_EQ(c.timeline.size(), 3u);
  EXPECT_EQ(c.timeline[0].gpu_mib, 0);  // the own share's series, not the device's
  EXPECT_FALSE(c.timeline[1].gpu_mib);
  EXPECT_EQ(c.timeline[2].gpu_mib, 840);
  EXPECT_EQ(c.timeline[1].host_mib, 489);
  EXPECT_EQ(c.command_display, "quark-cli torch-llm-ptq --quant_scheme fp8");
  EXPECT_EQ(c.command_digest, "sha256:1234");
  EXPECT_TRUE(c.accepted);
  EXPECT_TRUE(c.recommended);  // the one candidate that passed
}

TEST(ReadWorkdir, WhatIsMissingStaysUnknown) {
  report::Sources s;
  s.manifest = finished_manifest();
  s.manifest.erase("result");
  s.manifest.erase("evaluation");
  s.manifest["run"]["status"] = "failed";
  s.manifest["run"]["diagnosis"] = {{"rule", "cuda_oom"}, {"category", "resources"}, {"return_to_checkpoint", 2}};
  s.manifest["run"].erase("peak");
  s.run.phase = workflow::RunPhase::failed;
  report::Report r = report::make_report(s);  // no plan, no analysis
  const report::Candidate& c = r.candidates[0];
  EXPECT_EQ(r.model, "/models/smol");
  EXPECT_EQ(c.name, "fp8");  // from the command's --quant_scheme
  EXPECT_EQ(c.run, report::RunState::failed);
  ASSERT_TRUE(c.failure);
  EXPECT_EQ(c.failure->rule, "cuda_oom");
  EXPECT_FALSE(c.size_bytes);
  EXPECT_EQ(c.source_bytes, 269060552);  // the identity's safetensors files
  EXPECT_FALSE(c.evaluation);
  EXPECT_FALSE(c.peak_gpu_mib);
  EXPECT_EQ(c.timeline[0].gpu_mib, 6069);  // no own share measured: the device's
  EXPECT_FALSE(c.recommended);
}

TEST(ReadWorkdir, AnEvaluationThatMeasuredNothingHasNoDelta) {
  report::Sources s;
  s.manifest = finished_manifest();
  s.manifest["evaluation"] = core::Json::parse(R"({"verdict": "not-run", "reason": "the output did not verify",
    "reason_id": "evaluate.reason.not_verified", "reason_args": {},
    "canary": {"status": "not-run", "token_agreement": 0, "prompts": []},
    "perplexity": {"status": "not-run", "windows": 0, "delta_pct": 0, "se_pct": 0, "threshold_pct": 5.0}})");
  s.run.phase = workflow::RunPhase::succeeded;
  const report::Candidate c = report::make_report(s).candidates[0];
  ASSERT_TRUE(c.evaluation);
  EXPECT_EQ(c.evaluation->verdict, evaluate::Status::not_run);
  EXPECT_EQ(c.evaluation->reason.id, "evaluate.reason.not_verified");
  EXPECT_FALSE(c.perplexity());
  EXPECT_FALSE(c.evaluation->canary_agreement);
  EXPECT_EQ(c.evaluation->threshold_pct, 5.0);
  EXPECT_FALSE(c.recommended);
}

TEST(ReadWorkdir, ADeadRunningRunIsInterruptedWithTheReason) {
  report::Sources s;
  s.manifest = finished_manifest();
  s.manifest["run"] = {{"status", "running"}, {"pid", 1}};
  s.run.phase = workflow::RunPhase::interrupted;
  s.run.reason_id = "workflow.run_reason.gone";
  s.run.reason_args = {{"pid", "1"}};
  const report::Candidate c = report::make_report(s).candidates[0];
  EXPECT_EQ(c.run, report::RunState::interrupted);
  EXPECT_EQ(c.run_reason.id, "workflow.run_reason.gone");
  EXPECT_FALSE(c.quark_cli_seconds);
}

TEST(ReadWorkdir, AWorkdirWithoutARunHasNothingToReport) {
  test_support::TempDir dir;
  auto r = report::read_workdir(workflow::Workdir{dir.path()});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "report.no_run");
  EXPECT_EQ(r.error().code, core::ExitCode::not_confirmed);
}

}  // namespace

// The comparison of SmolLM2 on an H100 (scripts/device/eval-h200.sh compare, quark-cli 0.13):
// fp8, ptpc_fp8, int4_wo_64 and mxfp4 read back from their workdirs, each figure as the run's
// own --json table recorded it, and the pick between the two fp8 schemes of the same size made
// by what the H100 computes natively.
TEST(ReadWorkdir, TheH100ComparisonOfSmolLM2) {
  test_support::TempDir d;
  std::filesystem::copy(test_support::source_path("tests/fixtures/compare/smollm2-h100"), d.path() / "wd",
                        std::filesystem::copy_options::recursive);
  auto r = report::read_workdir(workflow::Workdir{d.path() / "wd"});
  ASSERT_TRUE(r) << r.error().id;
  const core::Json table = core::read_json_file(test_support::source_path("tests/fixtures/compare/smollm2-h100/run.json")).value()["table"];
  ASSERT_EQ(r->candidates.size(), table["candidates"].size());
  for (std::size_t i = 0; i < r->candidates.size(); ++i) {
    const report::Candidate& c = r->candidates[i];
    const core::Json& row = table["candidates"][i];
    SCOPED_TRACE(c.name);
    EXPECT_EQ(c.name, row["name"]);
    EXPECT_EQ(c.size_bytes, row["size_bytes"].get<std::int64_t>());
    ASSERT_NE(c.perplexity(), nullptr);
    EXPECT_DOUBLE_EQ(c.perplexity()->delta_pct, row["delta_pct"].get<double>());
    EXPECT_DOUBLE_EQ(c.perplexity()->se_pct, row["se_pct"].get<double>());
    EXPECT_DOUBLE_EQ(*c.quark_cli_seconds, row["quark_cli_seconds"].get<double>());
    EXPECT_EQ(c.peak_gpu_mib, row["peak_gpu_mib"].get<std::int64_t>());
    EXPECT_EQ(c.recommended, row["recommended"].get<bool>());
    EXPECT_EQ(c.target, "h100");
  }
  EXPECT_EQ(r->candidates[0].native_on_target, true);   // fp8 on sm_90
  EXPECT_EQ(r->candidates[1].native_on_target, false);  // ptpc_fp8: Quark documents it for MI300/MI350
  auto pick = report::recommend(r->candidates);
  ASSERT_TRUE(pick);
  EXPECT_EQ(r->candidates[pick->index].name, "fp8");
  EXPECT_EQ(pick->tie_id, "report.recommend_tie_native");
  EXPECT_EQ(report::reason_text(*pick, core::Lang::en).substr(0, 17), "fp8 is recommende");
  EXPECT_NE(report::reason_text(*pick, core::Lang::en).find("ptpc_fp8 is as small, but h100 computes it only emulated"), std::string::npos);
}
