#include "artifacts/executor.h"

#include <gtest/gtest.h>

namespace {

TEST(Executor, ReadsASlurmSectionAndNamesAMistypedField) {
  const core::Json section = core::Json::parse(R"({"kind": "slurm",
    "resources": {"job_name": "q", "partition": "gpu", "gpus": 1, "cpus_per_task": null, "mem_mib": 40960, "time_limit_minutes": 45,
                  "account": null, "extra_lines": []},
    "margin": {"memory_pct": 25, "time_pct": 50, "minimum_minutes": 30, "minimum_memory_gib": 8, "host_estimate_gib": 31.5,
               "quark_cli_seconds": 600},
    "script_path": "/w/slurm/job.sh", "script": "#!/bin/sh\n", "output": "/w/logs/slurm-job.out",
    "sbatch_argv": ["sbatch", "--parsable", "/w/slurm/job.sh"],
    "preflight": {"where": "job", "node": "gpu-7", "partition": "gpu", "job_id": "4242"}})");
  auto e = artifacts::Executor::from_json(section);
  ASSERT_TRUE(e) << e.error().id;
  EXPECT_TRUE(e->is_job());
  EXPECT_EQ(e->resources.partition, "gpu");
  EXPECT_EQ(e->resources.cpus_per_task, std::nullopt);
  EXPECT_EQ(e->resources.mem_mib, 40960);
  EXPECT_DOUBLE_EQ(e->margin->host_estimate_gib, 31.5);
  EXPECT_EQ(e->sbatch_argv.back(), "/w/slurm/job.sh");
  EXPECT_EQ(e->preflight->node, "gpu-7");
  EXPECT_FALSE(artifacts::Executor::from_json(core::Json(nullptr))->is_job());  // before executors were recorded

  core::Json bad = section;
  bad["sbatch_argv"][1] = 7;
  EXPECT_EQ(*artifacts::Executor::from_json(bad).error().arg("problem"), "executor/sbatch_argv/1 is not a string");
  bad = section;
  bad["resources"]["mem_mib"] = "40G";
  EXPECT_EQ(*artifacts::Executor::from_json(bad).error().arg("problem"), "executor/resources/mem_mib is not a whole number");
}

TEST(Executor, TheEvaluationStepOfAGpuJob) {
  core::Json section = core::Json::parse(R"({"kind": "slurm", "resources": {}, "script_path": "/w/s", "script": "x", "output": "/w/o",
    "sbatch_argv": ["sbatch", "--parsable", "/w/s"], "evaluation_step": null})");
  EXPECT_FALSE(artifacts::Executor::from_json(section)->evaluation_step);  // on this node
  section["evaluation_step"] = {{"srun", {"srun", "--job-name=qptq-evaluate", "--gpus=1"}}, {"time_limit_minutes", 12}, {"gpus", 1}};
  auto e = artifacts::Executor::from_json(section);
  ASSERT_TRUE(e && e->evaluation_step);
  EXPECT_EQ(e->evaluation_step->srun.back(), "--gpus=1");
  EXPECT_EQ(e->evaluation_step->time_limit_minutes, 12);
  section["evaluation_step"]["srun"][2] = false;
  EXPECT_EQ(*artifacts::Executor::from_json(section).error().arg("problem"), "executor/evaluation_step/srun/2 is not a string");
  section["evaluation_step"]["srun"] = core::Json::array();
  EXPECT_EQ(*artifacts::Executor::from_json(section).error().arg("problem"), "executor/evaluation_step/srun is empty");
}

}  // namespace

namespace {

// The one encoding: a job's section as prepare writes it today, and one of a release before
// the steps' left-out lines, the evaluation step and the submission check, encode back to the
// same document (the command digest binds it from scope 3).
TEST(Executor, EncodesBackAsRecorded) {
  const core::Json today = core::Json::parse(R"({"kind": "slurm",
    "resources": {"job_name": null, "partition": "gpu", "gpus": 1, "cpus_per_task": null, "mem_mib": 40960,
                  "time_limit_minutes": 45, "account": null, "extra_lines": ["#SBATCH --qos=high"]},
    "sources": {"gpus": "plan", "mem": "estimate", "time_limit": "given"},
    "margin": {"memory_pct": 25.0, "time_pct": 50.0, "minimum_minutes": 30.0, "minimum_memory_gib": 8.0,
               "host_estimate_gib": 31.5, "quark_cli_seconds": 600.0},
    "script_path": "/w/slurm/job.sh", "script": "#!/bin/sh\n", "output": "/w/logs/slurm-job.out",
    "sbatch_argv": ["sbatch", "--parsable", "/w/slurm/job.sh"],
    "preflight": {"where": "job", "node": "gpu-7", "job_id": null, "partition": "gpu", "srun": ["srun"], "left_out": []},
    "evaluation_step": {"srun": ["srun", "--gpus=1"], "time_limit_minutes": 20, "gpus": 1, "left_out": []},
    "submission_check": {"answer": "Job 1 to start", "partition": "gpu", "partition_limit_minutes": null},
    "checked_before_submission": ["sbatch on PATH on this host"],
    "not_checked_before_submission": ["the wait"]})");
  auto e = artifacts::Executor::from_json(today);
  ASSERT_TRUE(e) << *e.error().arg("problem");
  EXPECT_EQ(core::dump_pretty(e->to_json()), core::dump_pretty(today));

  core::Json older = today;
  older["preflight"].erase("left_out");
  older.erase("evaluation_step");
  older.erase("submission_check");
  older["margin"]["memory_pct"] = 25;  // a whole number written without a fraction
  auto o = artifacts::Executor::from_json(older);
  ASSERT_TRUE(o);
  EXPECT_EQ(core::dump_pretty(o->to_json()), core::dump_pretty(older));
  older["preflight"] = {{"where", "login"}};
  EXPECT_EQ(core::dump_pretty(artifacts::Executor::from_json(older)->to_json()), core::dump_pretty(older));
  EXPECT_EQ(artifacts::Executor{}.to_json(), (core::Json{{"kind", "local"}}));
  EXPECT_EQ(artifacts::Executor::from_json(core::Json{{"kind", "local"}})->to_json(), (core::Json{{"kind", "local"}}));
}

}  // namespace
