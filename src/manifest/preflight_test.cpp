// prepare's Slurm preflight without a cluster: srun stand-ins for each way it ends (refused
// with the words the real Slurm 22.05.8 printed, the step ran, no answer in time, no srun),
// what is recorded of where it ran, and what the verdict keeps. tests/slurm runs the real srun.
#include "manifest/preflight.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/fs.h"
#include "manifest/slurm_executor.h"
#include "support/temp_dir.h"

namespace manifest {
namespace {

std::string script(const test_support::TempDir& tmp, const std::string& name, const std::string& body) {
  auto path = tmp.write(name, "#!/bin/sh\n" + body);
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path.string();
}

runner::CommandSpec probe(std::vector<std::string> argv) { return runner::CommandSpec{std::move(argv), {}, {}, {}}; }

cluster::Directives job() {
  cluster::Directives d;
  d.partition = "gpu";
  d.mem_mib = 2048;
  return d;
}

TEST(Preflight, SrunsRefusalIsOneErrorNamingThePartition) {
  test_support::TempDir tmp;
  auto recorded = core::read_file(test_support::source_path("tests/fixtures/slurm/srun-invalid-partition.stderr.txt"));
  ASSERT_TRUE(recorded);
  const std::string words = recorded->substr(0, recorded->rfind("exit "));
  tmp.write("refusal.txt", words);
  auto srun = script(tmp, "srun", "cat '" + (tmp.path() / "refusal.txt").string() + "' >&2\nexit 1\n");
  auto record = std::make_shared<PreflightRun>();
  auto run = job_step_runner(job(), srun, 30, record);
  auto r = run(probe({"/venv/bin/python", "-c", "x"}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, core::ExitCode::env_not_ready);
  EXPECT_EQ(r.error().id, "prepare.preflight_not_started");
  EXPECT_EQ(*r.error().arg("partition"), "gpu");
  EXPECT_EQ(*r.error().arg("words"), "srun: error: Unable to allocate resources: Invalid partition name specified");
  EXPECT_EQ(record->srun, (std::vector<std::string>{srun, "--job-name=qptq-preflight", "--partition=gpu", "--mem=2048M",
                                                    "--time=0-00:05:00", "--nodes=1", "--ntasks=1", "--quiet"}));
}

TEST(Preflight, AStepThatRanIsTheProbesAnswerWhateverItSaid) {
  test_support::TempDir tmp;
  // Drops srun's options and runs the step here, with the variables Slurm sets in a step.
  auto srun = script(tmp, "srun", "while [ \"${1#--}\" != \"$1\" ]; do shift; done\nSLURM_JOB_ID=77 exec \"$@\"\n");
  auto record = std::make_shared<PreflightRun>();
  auto run = job_step_runner(job(), srun, 30, record);
  auto answered = run(probe({"/bin/sh", "-c", "echo '{\"probe\": \"quark-ptq-env\", \"job\": \"'$SLURM_JOB_ID'\"}'"}));
  ASSERT_TRUE(answered) << answered.error().id;
  EXPECT_NE(answered->out.find("\"job\": \"77\""), std::string::npos) << answered->out;
  // The node could not run the interpreter: srun says the task failed. That is the probe's
  // failure on the node (the verdict's), not a refusal.
  auto failed = script(tmp, "srun-task-failed",
                       "echo 'srun: error: node1: task 0: Exited with exit code 2' >&2\necho 'slurmstepd-node1: error: execve(): "
                       "/venv/bin/python: No such file or directory' >&2\nexit 2\n");
  auto task = job_step_runner(job(), failed, 30, record)(probe({"/venv/bin/python"}));
  ASSERT_TRUE(task);
  EXPECT_EQ(task->exit_code, 2);
}

TEST(Preflight, NoAnswerInTimeOrNoSrunAreErrorsToo) {
  test_support::TempDir tmp;
  auto record = std::make_shared<PreflightRun>();
  auto waits = script(tmp, "srun", "exec sleep 30\n");
  auto slow = job_step_runner(job(), waits, 0.3, record)(probe({"/venv/bin/python"}));
  ASSERT_FALSE(slow);
  EXPECT_EQ(slow.error().id, "prepare.preflight_timed_out");
  EXPECT_EQ(slow.error().code, core::ExitCode::env_not_ready);
  cluster::Directives anywhere;  // no --partition: Slurm's default, said so
  auto missing = job_step_runner(anywhere, (tmp.path() / "no-srun").string(), 30, record)(probe({"/venv/bin/python"}));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().id, "prepare.preflight_not_started");
  EXPECT_EQ(*missing.error().arg("partition"), "(the default partition)");
}

TEST(Preflight, WhereItRanIsRecorded) {
  PreflightRun run;
  run.partition = "gpu";
  run.srun = {"/usr/bin/srun", "--partition=gpu", "--constraint=mi300x"};
  run.left_out = {"#SBATCH --mail-type=END"};
  envprobe::EnvReport env;
  env.py.variables["SLURM_JOB_ID"] = "4242";
  env.py.variables["SLURMD_NODENAME"] = "gpu-node-7";
  EXPECT_EQ(job_preflight(run, env).to_json(), (core::Json{{"where", "job"},
                                                           {"node", "gpu-node-7"},
                                                           {"job_id", "4242"},
                                                           {"partition", "gpu"},
                                                           {"srun", run.srun},
                                                           {"left_out", run.left_out}}));
  // A probe that did not report them (an older embedded probe, a wrapper): null, not guessed.
  envprobe::EnvReport silent;
  silent.py.variables["SLURM_JOB_ID"] = std::nullopt;
  auto j = job_preflight(PreflightRun{}, silent).to_json();
  EXPECT_TRUE(j["node"].is_null());
  EXPECT_TRUE(j["job_id"].is_null());
  EXPECT_TRUE(j["partition"].is_null());
  EXPECT_EQ(login_preflight().to_json(), (core::Json{{"where", "login"}}));
}

TEST(Preflight, TheNodesGpuProblemsStayBlockingTheLoginNodesBecomeWarnings) {
  auto verdict = [] {
    envprobe::Verdict v;
    v.add({"torch_gpu_unavailable", true, "envprobe.problem_torch_gpu_unavailable", {}, "no", "yes"});
    return v;
  };
  envprobe::Verdict on_node = verdict();
  adjust_verdict_for_slurm(on_node, true, true);
  EXPECT_FALSE(on_node.ready);
  ASSERT_EQ(on_node.problems.size(), 1u);
  EXPECT_TRUE(on_node.problems[0].blocking);

  envprobe::Verdict on_login = verdict();
  adjust_verdict_for_slurm(on_login, true, false);
  EXPECT_TRUE(on_login.ready);
  ASSERT_EQ(on_login.problems.size(), 2u);
  EXPECT_FALSE(on_login.problems[0].blocking);
  EXPECT_EQ(on_login.problems[1].code, "slurm_gpu_not_checked");

  envprobe::Verdict no_sbatch;
  adjust_verdict_for_slurm(no_sbatch, false, true);
  EXPECT_FALSE(no_sbatch.ready);
  EXPECT_EQ(no_sbatch.problems.at(0).code, "sbatch_missing");
}

}  // namespace
}  // namespace manifest
