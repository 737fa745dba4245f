#include "artifacts/run_manifest.h"

#include <gtest/gtest.h>

namespace {

core::Json finished() {
  return core::Json::parse(R"({
    "inputs": {"model": "/models/smol", "model_identity": {"files": [
      {"path": "config.json", "size": 700}, {"path": "model.safetensors", "size": 269060552}]}},
    "outputs": {"output_dir": "/out/fp8"},
    "estimate": {"minutes": 1.5, "gpu_memory_gib": 2.25, "host_memory_gib": 4, "disk_gib": 0.3, "method": "m", "runs_on_cpu": false},
    "run": {"status": "succeeded", "seconds": 47.86, "log": "logs/run.log", "interrupted_by": null,
            "peak": {"gpu_memory_mib": 8394, "gpu_own_mib": 840, "group_rss_mib": 2358},
            "timeline": [{"t": 0.0, "group_rss_mib": 5, "gpu_used_mib": 6069, "gpu_own_mib": 0}, {"t": 2.1, "group_rss_mib": 489}],
            "diagnosis": {"rule": "gpu_oom"}},
    "result": {"status": "success", "metrics": {"weight_bytes": 140000000, "source_weight_bytes": 269060552},
               "files": [{"path": "model.safetensors", "bytes": 140000000, "sha256": "ab"}]},
    "evaluation": {"verdict": "fail", "reason": "perplexity up", "reason_id": "evaluate.reason.over", "reason_args": {"delta": "+9", "n": 3},
      "canary": {"status": "pass", "token_agreement": 0.8125, "prompts": [{"prompt": "P", "source": " a", "quantized": " b"}]},
      "perplexity": {"status": "fail", "windows": 8, "delta_pct": 9.1, "se_pct": 0.4, "threshold_pct": 5.0}}
  })");
}

TEST(RunManifest, ReadsEverySectionAsWritten) {
  auto m = artifacts::RunManifest::from_json(finished());
  ASSERT_TRUE(m) << m.error().id;
  EXPECT_EQ(m->model, "/models/smol");
  EXPECT_EQ(m->output_dir, "/out/fp8");
  ASSERT_TRUE(m->estimate);
  EXPECT_DOUBLE_EQ(m->estimate->host_memory_gib, 4);
  ASSERT_TRUE(m->run);
  EXPECT_EQ(m->run->status, "succeeded");
  EXPECT_EQ(m->run->seconds_text, "47.86");
  EXPECT_EQ(m->run->peak->gpu_own_mib, 840);
  ASSERT_EQ(m->run->timeline.size(), 2u);
  EXPECT_EQ(m->run->timeline[1].gpu_used_mib, std::nullopt);
  EXPECT_EQ(m->run->diagnosis["rule"], "gpu_oom");
  EXPECT_EQ(m->result->weight_bytes, 140000000);
  ASSERT_EQ(m->result->files.size(), 1u);
  EXPECT_EQ(m->result->files[0].sha256, "ab");
  EXPECT_EQ(m->evaluation->verdict, "fail");
  EXPECT_EQ(m->evaluation->reason.id, "evaluate.reason.over");
  ASSERT_EQ(m->evaluation->reason.args.size(), 2u);
  EXPECT_EQ(m->evaluation->reason.args[1].value, "3");  // a number argument shown as written
  EXPECT_TRUE(m->evaluation->perplexity->measured());
  EXPECT_EQ(m->evaluation->canary->prompts[0].quantized, " b");
  EXPECT_EQ(m->source_weight_bytes(), 269060552);
}

TEST(RunManifest, AbsentSectionsAreUnsetAndTheSourceSizeComesFromTheIdentity) {
  core::Json doc = finished();
  doc.erase("result");
  doc.erase("evaluation");
  doc["run"] = nullptr;
  auto m = artifacts::RunManifest::from_json(doc);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->run);
  EXPECT_FALSE(m->result);
  EXPECT_FALSE(m->evaluation);
  EXPECT_EQ(m->source_weight_bytes(), 269060552);  // the safetensors of the identity, not config.json
  EXPECT_TRUE(artifacts::RunManifest::from_json(core::Json::object()).has_value());
}

// A field of the wrong type is one error naming it by its path, never a default.
TEST(RunManifest, AFieldOfTheWrongTypeIsNamed) {
  struct Case {
    const char* pointer;
    core::Json value;
    const char* named;
  };
  for (const Case& c : {Case{"/run/status", 3, "run/status is not a string"},
                        Case{"/run/peak/group_rss_mib", "2 GiB", "run/peak/group_rss_mib is not a whole number"},
                        Case{"/run/timeline/1/t", "x", "run/timeline/1/t is not a number"},
                        Case{"/result/files", core::Json::object(), "result/files is not a list"},
                        Case{"/evaluation/perplexity/delta_pct", true, "evaluation/perplexity/delta_pct is not a number"},
                        Case{"/estimate/runs_on_cpu", "no", "estimate/runs_on_cpu is not true or false"},
                        Case{"/outputs", core::Json::array(), "outputs is not an object"}}) {
    core::Json doc = finished();
    doc[core::Json::json_pointer(c.pointer)] = c.value;
    auto m = artifacts::RunManifest::from_json(doc);
    ASSERT_FALSE(m) << c.pointer;
    EXPECT_EQ(m.error().id, "artifacts.field_invalid");
    EXPECT_EQ(*m.error().arg("problem"), c.named);
    EXPECT_EQ(*m.error().arg("artifact"), "run_manifest.yaml");
  }
  // A whole number written as a float by another writer is that number.
  core::Json doc = finished();
  doc["run"]["peak"]["group_rss_mib"] = 2358.0;
  EXPECT_EQ(artifacts::RunManifest::from_json(doc)->run->peak->group_rss_mib, 2358);
}

}  // namespace
