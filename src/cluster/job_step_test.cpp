// The preflight step's srun argv, and the reading of srun's answer on what the real Slurm
// 22.05.8 printed (tests/fixtures/slurm/srun-*.stderr.txt, recorded by its record.sh).
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/job_step.h"
#include "core/fs.h"
#include "core/text.h"
#include "support/temp_dir.h"

namespace cluster {
namespace {

struct Recorded {
  std::string err;
  int exit_code = -1;
};

// The stderr, and the exit status on the file's last line ("exit N").
Recorded recorded(const std::string& name) {
  auto text = core::read_file(test_support::source_path("tests/fixtures/slurm/srun-" + name + ".stderr.txt"));
  EXPECT_TRUE(text) << name;
  Recorded r;
  if (!text) return r;
  auto lines = core::split_lines(*text);
  EXPECT_FALSE(lines.empty()) << name;
  if (lines.empty()) return r;
  EXPECT_TRUE(lines.back().starts_with("exit ")) << name;
  r.exit_code = std::stoi(std::string(lines.back().substr(5)));
  r.err = text->substr(0, text->rfind("exit "));
  return r;
}

TEST(PreflightStep, SrunArgvCarriesTheJobsResourcesNotItsLimits) {
  Directives job;
  job.job_name = "quark-ptq";
  job.partition = "gpu";
  job.gpus = 2;
  job.cpus_per_task = 16;
  job.mem_mib = 65536;
  job.time_limit_minutes = 600;
  job.account = "proj";
  job.output = "/w/logs/slurm-job.out";
  job.extra_lines = {"#SBATCH --qos=high"};
  auto argv = preflight_srun_argv(job, {"/venv/bin/python", "-c", "print(1)", "--system"}, "/usr/bin/srun");
  ASSERT_TRUE(argv);
  EXPECT_EQ(*argv, (std::vector<std::string>{"/usr/bin/srun", "--job-name=qptq-preflight", "--partition=gpu", "--gpus=2",
                                             "--cpus-per-task=16", "--mem=65536M", "--time=0-00:05:00", "--account=proj", "--nodes=1",
                                             "--ntasks=1", "--quiet", "/venv/bin/python", "-c", "print(1)", "--system"}));
  // Nothing set: Slurm's defaults (the default partition), still one short step.
  auto bare = preflight_srun_argv(Directives{}, {"python3"});
  ASSERT_TRUE(bare);
  EXPECT_EQ(*bare, (std::vector<std::string>{"srun", "--job-name=qptq-preflight", "--time=0-00:05:00", "--nodes=1", "--ntasks=1", "--quiet",
                                             "python3"}));
  job.partition = "a b";
  EXPECT_FALSE(preflight_srun_argv(job, {"python3"}));
}

TEST(EvaluationStep, OneGpuOfTheJobsPartitionForTheEvaluatorsDeadlineAndCtrlCEndsIt) {
  Directives job;
  job.job_name = "quark-ptq";
  job.partition = "gpu";
  job.gpus = 8;
  job.cpus_per_task = 16;
  job.mem_mib = 65536;
  job.time_limit_minutes = 600;
  job.account = "proj";
  job.output = "/w/logs/slurm-job.out";
  auto prefix = evaluation_srun_prefix(job, 40, "/usr/bin/srun");
  ASSERT_TRUE(prefix);
  EXPECT_EQ(*prefix, (std::vector<std::string>{"/usr/bin/srun", "--job-name=qptq-evaluate", "--partition=gpu", "--gpus=1",
                                               "--cpus-per-task=16", "--mem=65536M", "--time=0-00:40:00", "--account=proj", "--nodes=1",
                                               "--ntasks=1", "--quiet", "--quit-on-interrupt"}));
  // A job without GPUs asks for none in its evaluation either.
  job.gpus.reset();
  auto cpu = evaluation_srun_prefix(job, 40);
  ASSERT_TRUE(cpu);
  EXPECT_EQ(std::count(cpu->begin(), cpu->end(), std::string("--gpus=1")), 0);
  EXPECT_FALSE(evaluation_srun_prefix(job, 0)) << "no time is no step";
}

TEST(PreflightStep, RecordedRefusalsAreToldFromAStepThatRan) {
  auto partition = recorded("invalid-partition");
  auto words = srun_refusal(partition.err, partition.exit_code);
  ASSERT_TRUE(words);
  EXPECT_EQ(*words, "srun: error: Unable to allocate resources: Invalid partition name specified");
  auto gres = recorded("no-such-gres");
  auto gres_words = srun_refusal(gres.err, gres.exit_code);
  ASSERT_TRUE(gres_words);
  EXPECT_EQ(*gres_words, "srun: error: Invalid generic resource (gres) specification");
  // The step started: its task could not exec the program, or exited 3. The probe's own
  // failure, not srun's refusal.
  for (const char* ran : {"execve-failed", "task-exit3"}) {
    auto r = recorded(ran);
    EXPECT_NE(r.exit_code, 0) << ran;
    EXPECT_FALSE(srun_refusal(r.err, r.exit_code)) << ran;
  }
}

TEST(PreflightStep, RefusalWithoutWordsOrWithOddWords) {
  EXPECT_FALSE(srun_refusal("", 0));
  EXPECT_EQ(srun_refusal("", 1), "srun exited 1 and said nothing");
  EXPECT_EQ(srun_refusal("srun: fatal: Invalid --time specification\n", 1), "srun: fatal: Invalid --time specification");
  std::string long_line(1000, 'x');
  EXPECT_EQ(srun_refusal(long_line, 1)->size(), 400u);
}

}  // namespace
}  // namespace cluster
