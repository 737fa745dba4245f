#include "artifacts/run_manifest.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "core/yaml_io.h"

namespace {

core::Json finished() {
  return core::Json::parse(R"({
    "inputs": {"model": "/models/smol", "model_identity": {"files": [
      {"path": "config.json", "size": 700}, {"path": "model.safetensors", "size": 269060552}]}},
    "outputs": {"output_dir": "/out/fp8"},
    "estimate": {"minutes": 1.5, "gpu_memory_gib": 2.25, "host_memory_gib": 4, "disk_gib": 0.3, "method": "m", "runs_on_cpu": false,
                 "time": {"quark_cli_seconds": 90}},
    "run": {"status": "succeeded", "seconds": 47.86, "log": "logs/run.log", "interrupted_by": null,
            "peak": {"gpu_memory_mib": 8394, "gpu_own_mib": 840, "group_rss_mib": 2358},
            "timeline": [{"t": 0.0, "group_rss_mib": 5, "gpu_used_mib": 6069, "gpu_own_mib": 0}, {"t": 2.1, "group_rss_mib": 489}],
            "diagnosis": {"rule": "gpu_oom"}},
    "result": {"status": "success", "metrics": {"weight_bytes": 140000000, "source_weight_bytes": 269060552},
               "files": [{"path": "model.safetensors", "bytes": 140000000, "sha256": "ab"}]},
    "evaluation": {"verdict": "fail", "reason": "perplexity up", "reason_id": "evaluate.reason.over", "reason_args": {"delta": "+9", "n": "3"},
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
  EXPECT_EQ(m->estimate->quark_cli_seconds, 90);
  ASSERT_TRUE(m->run);
  EXPECT_EQ(m->run->status, "succeeded");
  EXPECT_EQ(m->run->seconds_text, "47.86");
  EXPECT_EQ(m->run->peak->gpu_own_mib, 840);
  ASSERT_EQ(m->run->timeline.size(), 2u);
  EXPECT_EQ(m->run->timeline[1].gpu_used_mib, std::nullopt);
  EXPECT_EQ(m->run->diagnosis->rule, "gpu_oom");
  EXPECT_EQ(m->result->weight_bytes(), 140000000);
  ASSERT_EQ(m->result->files.size(), 1u);
  EXPECT_EQ(m->result->files[0].sha256, "ab");
  EXPECT_EQ(m->evaluation->verdict, "fail");
  EXPECT_EQ(m->evaluation->reason.id, "evaluate.reason.over");
  ASSERT_EQ(m->evaluation->reason.args.size(), 2u);
  EXPECT_EQ(m->evaluation->reason.args[1].value, "3");
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
                        Case{"/evaluation/reason_args/n", 3, "evaluation/reason_args/n is not a string"},
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

// The record as step 4 writes it reads back to the same document, field order included: the
// typed writer spells what the manifest has always held. `run` below is a finished local run
// as recorded on an H100 (timeline and stages shortened).
TEST(RunSection, AFinishedRunReadsBackToTheSameDocument) {
  const core::Json written = core::Json::parse(R"({"status": "succeeded", "child_pid": 2198, "started_at": "2026-12-06T17:55:01Z",
    "finished_at": "2026-12-06T17:55:51Z", "seconds": 49.21, "exit_code": 0, "signal": null, "log": "logs/run-x.log",
    "stages": [{"name": "loading_model", "started_at": "2026-12-06T17:55:26Z", "seconds": 1.73, "progress": "39/39"},
               {"name": "loading_dataset", "started_at": "2026-12-06T17:55:27Z", "seconds": 0.04}],
    "export_done": true,
    "peak": {"host_used_mib": 8913, "group_rss_mib": 8630, "gpu_memory_mib": 16753, "gpu_baseline_mib": 0, "gpu_own_mib": 16744,
             "host_memory_mib": 8630, "host_total_mib": 128869, "gpu_tool": "nvidia-smi"},
    "timeline": [{"t": 0.0, "host_used_mib": 808, "group_rss_mib": 5, "gpu_used_mib": 0},
                 {"t": 2.1, "host_used_mib": 1068, "group_rss_mib": 489, "gpu_used_mib": null, "gpu_own_mib": 12}],
    "monitor": {"cpu_seconds": 11.355, "cpu_fraction_of_wall": 0.23073, "samples": 25, "stdout_bytes": 0, "stderr_bytes": 12376},
    "pid": 2194, "process_start_ticks": 39528, "boot_id": "fc820473", "approved_digest": "sha256:fb17",
    "phases": {"gates": 0.067, "launch_checks": 0.16, "quark_cli": 49.243, "hash_tail": 0.271, "verify": 0.461},
    "hash_tail_bytes": 31835560})");
  auto run = artifacts::read_run(written);
  ASSERT_TRUE(run) << run.error().id;
  EXPECT_EQ(run->to_json(), written);  // ordered: the same fields in the same order
  EXPECT_EQ(core::dump_compact(run->to_json()), core::dump_compact(written));
  EXPECT_EQ(run->phases.size(), 5u);
  EXPECT_EQ(run->stages[0].progress, "39/39");
  EXPECT_FALSE(run->stages[1].progress);
}

TEST(RunSection, AFailedInterruptedAndCutShortRunReadsBackEqual) {
  artifacts::Run r;
  r.status = "interrupted";
  r.child_pid = 77;
  r.started_at = "2026-12-07T10:00:00Z";
  r.finished_at = "2026-12-07T10:01:00Z";
  r.seconds = 60.5;
  r.signal = "SIGINT";
  r.log = "logs/run.log";
  r.export_done = false;
  r.interrupted_by = "SIGINT";
  r.killed_after_grace = true;
  r.peak = artifacts::RunPeak{100, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, 4096, "none"};
  r.monitor = artifacts::RunMonitor{0.5, 0.01, 3, 10, 20};
  r.perplexity = 12.25;
  r.log_truncated = artifacts::LogTruncation{100, 50, "No space left on device"};
  r.pid = 70;
  r.process_start_ticks = 123;
  r.boot_id = "b";
  r.approved_digest = "sha256:00";
  r.diagnosis = artifacts::Diagnosis{};
  r.diagnosis->rule = "gpu_oom_at_load";
  r.diagnosis->return_to_checkpoint = 2;
  r.phases = {{"gates", 0.1}, {"quark_cli", 60.5}};
  r.hash_tail_bytes = 0;
  const core::Json encoded = r.to_json();
  EXPECT_TRUE(encoded["exit_code"].is_null());  // an ended run says it has no exit status
  EXPECT_TRUE(encoded["timeline"].is_array());
  EXPECT_TRUE(encoded["peak"]["group_rss_mib"].is_null());
  auto back = artifacts::read_run(encoded);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->to_json(), encoded);
  EXPECT_EQ(back->log_truncated->lost_bytes, 50);
  EXPECT_EQ(back->seconds_text, "60.5");
}

// While quark-cli runs the record grows as the launch goes: who runs it, then the child, the
// job, the stage, the launcher's error.
TEST(RunSection, ARunningRecordKeepsItsLayout) {
  artifacts::Run r;
  r.status = "running";
  r.pid = 70;
  r.process_start_ticks = 123;
  r.boot_id = "b";
  r.started_at = "2026-12-07T10:00:00Z";
  r.approved_digest = "sha256:00";
  r.log = "logs/run.log";
  r.child_pid = 71;
  r.child_start_ticks = 130;
  r.stage = "quantizing";
  r.error = "could not start";
  const core::Json encoded = r.to_json();
  std::vector<std::string> keys;
  for (const auto& [k, v] : encoded.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"status", "pid", "process_start_ticks", "boot_id", "started_at", "approved_digest", "log",
                                            "child_pid", "child_start_ticks", "stage", "error"}));
  auto back = artifacts::read_run(encoded);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->to_json(), encoded);
}

// A Slurm job's record: submitted, then Slurm's states, then detached with no stage reached
// (the stage is null), then followed to its end.
TEST(RunSection, AJobRecordReadsBackAtEachStep) {
  const core::Json detached = core::Json::parse(R"({"status": "running", "pid": 70, "process_start_ticks": 123, "boot_id": "b",
    "started_at": "t0", "approved_digest": "sha256:00", "log": "logs/run.log",
    "job": {"id": "4711", "submitted_at": "t1", "state": "pending", "output": "/w/slurm/job.out", "cluster": "c1",
            "slurm_state": "PENDING", "reason": null, "detached_at": "t2", "states_seen": ["pending"], "lost": true},
    "stage": null})");
  auto back = artifacts::read_run(detached);
  ASSERT_TRUE(back) << back.error().id;
  EXPECT_TRUE(back->job->lost);
  EXPECT_FALSE(back->job->ended());
  EXPECT_EQ(back->to_json(), detached);

  const core::Json ended = core::Json::parse(R"({"id": "4711", "submitted_at": "t1", "state": "completed", "output": "/w/slurm/job.out",
    "slurm_state": "COMPLETED", "reason": null, "running_since": "t3", "exit_code": 0, "signal": null, "elapsed_seconds": 42,
    "states_seen": ["pending", "running", "completed"], "cancelled_by_quark_ptq": false,
    "memory": {"sampled_by": "sstat", "samples": 4, "unreadable_samples": 0, "sstat_max_rss_mib": 812, "sacct_max_rss_mib": null,
               "peak_node": "n1"}})");
  artifacts::Run finished = *back;
  finished.finished_at = "t4";
  auto job = artifacts::read_run(core::Json{{"job", ended}});
  ASSERT_TRUE(job);
  finished.job = job->job;
  const core::Json encoded = finished.to_json();
  EXPECT_EQ(encoded["job"], ended);
  EXPECT_EQ(artifacts::read_run(encoded)->to_json(), encoded);

  core::Json bad = detached;
  bad["job"]["states_seen"][0] = 3;
  auto refused = artifacts::read_run(bad);
  ASSERT_FALSE(refused);
  EXPECT_EQ(*refused.error().arg("problem"), "run/job/states_seen/0 is not a string");
}

// The manifest's section: absent is none; a damaged field is an error, or unset where the
// liveness check reads what it can.
TEST(RunSection, TheManifestsSectionReadsAndIsPutInPlace) {
  core::Json manifest = {{"workflow", "w"}, {"run", {{"status", "running"}, {"pid", "seventy"}, {"child_pid", 71}}}, {"result", 1}};
  EXPECT_FALSE(artifacts::manifest_run(manifest));
  auto as_read = artifacts::manifest_run_as_read(manifest);
  ASSERT_TRUE(as_read);
  EXPECT_FALSE(as_read->pid);
  EXPECT_EQ(as_read->child_pid, 71);
  artifacts::Run r;
  r.status = "failed";
  artifacts::put_run(manifest, r);
  EXPECT_EQ(manifest.begin().key(), "workflow");
  EXPECT_EQ(std::next(manifest.begin()).key(), "run");  // in place, not moved to the end
  EXPECT_EQ((*artifacts::manifest_run(manifest))->status, "failed");
  EXPECT_FALSE(*artifacts::manifest_run(core::Json{{"workflow", "w"}}));
}

// A recorded run goes to `history` with the digest it ran, before a new run is recorded.
TEST(RunSection, ARetiredRunMovesToTheHistory) {
  core::Json m = {{"command", {{"digest", "sha256:01"}}}, {"run", {{"status", "failed"}}}, {"evaluation", {{"verdict", "fail"}}}};
  artifacts::retire_run(m, "t9");
  EXPECT_FALSE(m.contains("run"));
  EXPECT_FALSE(m.contains("evaluation"));
  ASSERT_EQ(m["history"].size(), 1u);
  EXPECT_EQ(
      m["history"][0],
      (core::Json{
          {"replaced_at", "t9"}, {"run", {{"status", "failed"}}}, {"evaluation", {{"verdict", "fail"}}}, {"command_digest", "sha256:01"}}));
  artifacts::retire_run(m, "t10");  // nothing recorded: nothing moves
  EXPECT_EQ(m["history"].size(), 1u);
}

// Every run section the fixtures keep (recorded by quark-ptq on real hosts) reads; those of a
// release that records quark-cli's own GPU share encode back to the same bytes (an older one
// gains that field as null).
TEST(RunSection, EveryRecordedFixtureReadsAndEncodesBack) {
  int read = 0;
  int same = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(QPTQ_SOURCE_DIR) / "tests")) {
    const std::string name = entry.path().filename().string();
    if (name.find("run_manifest") == std::string::npos || entry.path().extension() != ".yaml") continue;
    auto doc = core::read_yaml_file(entry.path());
    if (!doc || !doc->is_object() || !doc->contains("run") || !(*doc)["run"].is_object()) continue;
    auto run = artifacts::read_run((*doc)["run"]);
    ASSERT_TRUE(run) << entry.path() << ": " << *run.error().arg("problem");
    ++read;
    const core::Json peak = (*doc)["run"].contains("peak") ? (*doc)["run"]["peak"] : core::Json(nullptr);
    if (!peak.is_object() || peak.contains("gpu_own_mib")) {
      EXPECT_EQ(core::dump_pretty(run->to_json()), core::dump_pretty((*doc)["run"])) << entry.path();
      ++same;
    }
  }
  EXPECT_GT(read, 50);
  EXPECT_GT(same, 40);
}

}  // namespace
