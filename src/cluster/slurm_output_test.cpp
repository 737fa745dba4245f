// The parsers on what the real Slurm 22.05.8 printed for each state
// (tests/fixtures/slurm/, recorded by its record.sh from the cluster of
// scripts/slurm/cluster.sh), and on lines of the forms a site with slurmdbd prints, written
// from the sacct manual (no slurmdbd here to record them from: see the fixtures' README).
#include <gtest/gtest.h>

#include <random>
#include <string_view>

#include "cluster/sacct.h"
#include "cluster/sbatch.h"
#include "cluster/squeue.h"
#include "core/fs.h"
#include "support/temp_dir.h"

namespace cluster {
namespace {

std::string fixture(const std::string& name) {
  auto text = core::read_file(test_support::source_path("tests/fixtures/slurm/" + name));
  EXPECT_TRUE(text) << name;
  return text ? *text : "";
}

// The job id is the first field of the fixture's (first) line.
std::string id_in(const std::string& text) { return text.substr(0, text.find('|')); }

struct Expected {
  std::string name;
  JobState state;
  std::string reason;
  std::optional<int> exit_code;
  std::optional<int> signal;
};

void expect_status(const std::optional<JobStatus>& s, const Expected& e, const std::string& source) {
  ASSERT_TRUE(s) << source;
  EXPECT_EQ(s->state, e.state) << source << ": " << s->raw_state;
  EXPECT_EQ(s->reason, e.reason) << source;
  EXPECT_EQ(s->exit_code, e.exit_code) << source;
  EXPECT_EQ(s->signal, e.signal) << source;
  EXPECT_TRUE(s->elapsed_s) << source;
}

TEST(SlurmOutput, SqueueOfEachRecordedState) {
  // squeue's exit_code is the raw wait status: a job ended by Slurm shows SIGTERM (15).
  const Expected cases[] = {
      {"completed", JobState::completed, "", 0, std::nullopt},
      {"failed-exit3", JobState::failed, "NonZeroExitCode", 3, std::nullopt},
      {"failed-sigkill", JobState::failed, "JobLaunchFailure", std::nullopt, 9},
      {"over-memory", JobState::failed, "JobLaunchFailure", std::nullopt, 9},
      {"pending-held", JobState::pending, "JobHeldUser", 0, std::nullopt},
      {"cancelled-pending", JobState::cancelled, "JobHeldUser", 0, std::nullopt},
      {"running", JobState::running, "", 0, std::nullopt},
      {"cancelled", JobState::cancelled, "", std::nullopt, 15},
      {"preempted", JobState::preempted, "", std::nullopt, 15},
      {"node-fail", JobState::node_fail, "NodeDown", std::nullopt, 15},
      {"requeued-pending", JobState::pending, "", 0, std::nullopt},
      {"requeued-then-cancelled", JobState::cancelled, "", std::nullopt, 15},
      {"timeout", JobState::timeout, "TimeLimit", std::nullopt, 15},
  };
  for (const auto& c : cases) {
    std::string out = fixture(c.name + ".squeue.txt");
    expect_status(parse_squeue(out, id_in(out)), c, c.name + ".squeue.txt");
  }
  // With task/cgroup (recorded once by hand, README.md): Slurm's own SIG_OOM, 253 as a raw
  // status, which reads as signal 125.
  std::string oom = fixture("out-of-memory-cgroup.squeue.txt");
  expect_status(parse_squeue(oom, id_in(oom)), {"oom", JobState::out_of_memory, "OutOfMemory", std::nullopt, 125}, "out-of-memory-cgroup");
  std::string oom_log = fixture("out-of-memory-cgroup.sacct-completion.txt");
  expect_status(parse_sacct(oom_log, id_in(oom_log)), {"oom", JobState::out_of_memory, "", std::nullopt, 125}, "out-of-memory-cgroup");
  // A job slurmctld does not hold: no line (squeue itself exits 1).
  EXPECT_FALSE(parse_squeue(fixture("forgotten.squeue.txt"), "999999"));
}

TEST(SlurmOutput, SacctCompletionLogOfEachRecordedState) {
  // The completion log keeps no reason, and "0:0" for jobs Slurm itself ended.
  const Expected cases[] = {
      {"completed", JobState::completed, "", 0, std::nullopt},
      {"failed-exit3", JobState::failed, "", 3, std::nullopt},
      {"failed-sigkill", JobState::failed, "", std::nullopt, 9},
      {"over-memory", JobState::failed, "", std::nullopt, 9},
      {"cancelled-pending", JobState::cancelled, "", 0, std::nullopt},
      {"cancelled", JobState::cancelled, "", 0, std::nullopt},
      {"preempted", JobState::preempted, "", 0, std::nullopt},
      {"node-fail", JobState::node_fail, "", 0, std::nullopt},
      {"requeued-pending", JobState::node_fail, "", 0, std::nullopt},
      // Requeued, then cancelled: one line per end; the last is the job's state now.
      {"requeued-then-cancelled", JobState::cancelled, "", 0, std::nullopt},
      {"timeout", JobState::timeout, "", 0, std::nullopt},
  };
  for (const auto& c : cases) {
    std::string out = fixture(c.name + ".sacct-completion.txt");
    expect_status(parse_sacct(out, id_in(out)), c, c.name + ".sacct-completion.txt");
  }
  // Not ended yet: the completion log has no line for it.
  EXPECT_FALSE(parse_sacct(fixture("running.sacct-completion.txt"), id_in(fixture("running.squeue.txt"))));
}

TEST(SlurmOutput, SacctFromADatabaseSkipsStepsAndKeepsWhoCancelled) {
  // The forms of sacct --parsable2 with slurmdbd: the job, then its steps.
  const std::string out =
      "41|CANCELLED by 1000|0:15|00:03:10|None\n"
      "41.batch|CANCELLED|0:15|00:03:11|\n"
      "41.extern|COMPLETED|0:0|00:03:10|\n"
      "410|COMPLETED|0:0|00:00:01|None\n";
  auto s = parse_sacct(out, "41");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->state, JobState::cancelled);
  EXPECT_EQ(s->cancelled_by, "1000");
  EXPECT_EQ(s->signal, 15);
  EXPECT_EQ(s->elapsed_s, 190);
  EXPECT_EQ(s->reason, "");

  auto oom = parse_sacct("7|OUT_OF_MEMORY|0:125|01:02:03|None\n7.batch|OUT_OF_MEMORY|0:125|01:02:03|\n", "7");
  ASSERT_TRUE(oom);
  EXPECT_EQ(oom->state, JobState::out_of_memory);
  auto requeued = parse_sacct("8|REQUEUED|0:0|00:00:05|None\n", "8");
  ASSERT_TRUE(requeued);
  EXPECT_EQ(requeued->state, JobState::requeued);
  auto pending = parse_sacct("9|PENDING|0:0|00:00:00|Resources\n", "9");
  ASSERT_TRUE(pending);
  EXPECT_EQ(pending->reason, "Resources");
}

TEST(SlurmOutput, UnknownStatesAndBrokenLinesAreKeptNotFatal) {
  auto s = parse_squeue("5|RESIZING|0|1:00|None\n", "5");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->state, JobState::unknown);
  EXPECT_EQ(s->raw_state, "RESIZING");
  auto short_line = parse_squeue("5|RUNNING\n", "5");
  ASSERT_TRUE(short_line);
  EXPECT_EQ(short_line->state, JobState::unknown);
  EXPECT_EQ(short_line->raw_state, "5|RUNNING");
  // A reason that holds '|' stays whole: it is the last field.
  auto bar = parse_sacct("6|FAILED|1:0|0:01|a|b c\r\n", "6");
  ASSERT_TRUE(bar);
  EXPECT_EQ(bar->reason, "a|b c");
  EXPECT_FALSE(parse_squeue("", "5"));
  EXPECT_FALSE(parse_squeue("55|RUNNING|0|0:01|None\n", "5"));

  // Random bytes never crash a parser, and never yield a line of another job.
  constexpr std::string_view alphabet("5|\n:-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ \r\xff\0", 46);
  std::mt19937 rng(36);
  for (int i = 0; i < 20000; ++i) {
    std::string junk(rng() % 64, ' ');
    for (auto& c : junk) c = alphabet[rng() % alphabet.size()];
    auto q = parse_squeue(junk, "5");
    auto a = parse_sacct(junk, "5");
    if (q) {
      EXPECT_EQ(q->job_id, "5");
    }
    if (a) {
      EXPECT_EQ(a->job_id, "5");
    }
    (void)parse_sbatch_parsable(junk);
  }
}

TEST(SlurmOutput, SbatchParsable) {
  auto recorded = parse_sbatch_parsable(fixture("sbatch-parsable.txt"));
  ASSERT_TRUE(recorded);
  EXPECT_EQ(recorded->job_id, "1");
  EXPECT_EQ(recorded->cluster, "");
  auto multi = parse_sbatch_parsable("1234;cluster-b\n");
  ASSERT_TRUE(multi);
  EXPECT_EQ(multi->job_id, "1234");
  EXPECT_EQ(multi->cluster, "cluster-b");
  for (const char* bad : {"", "\n", "Submitted batch job 12\n", "12\n13\n", "12;\n", "-3\n", "12x\n"}) {
    auto r = parse_sbatch_parsable(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().id, "cluster.sbatch_answer");
  }
}

// record.sh asked Slurm with the same fields the argv builders ask for.
TEST(SlurmOutput, FixturesWereRecordedWithTheArgvsFields) {
  std::string script = fixture("record.sh");
  auto squeue = squeue_argv("1");
  auto sacct = sacct_argv("1", SacctSource::completion_log);
  EXPECT_NE(script.find("squeue_format='" + squeue.back().substr(std::string("--Format=").size()) + "'"), std::string::npos);
  EXPECT_NE(script.find("sacct_format='" + sacct.back().substr(std::string("--format=").size()) + "'"), std::string::npos);
}

TEST(SlurmOutput, Argvs) {
  EXPECT_EQ(squeue_argv("12"), (std::vector<std::string>{"squeue", "--noheader", "--states=all", "--jobs=12",
                                                         "--Format=JobID:0|,State:0|,exit_code:0|,TimeUsed:0|,Reason:0"}));
  EXPECT_EQ(sacct_argv("12", SacctSource::database, "/opt/slurm/bin/sacct"),
            (std::vector<std::string>{"/opt/slurm/bin/sacct", "--noheader", "--parsable2", "--jobs=12",
                                      "--format=JobID,State,ExitCode,Elapsed,Reason"}));
  EXPECT_EQ(sacct_argv("12", SacctSource::completion_log)[1], "--completion");
  Directives d;
  d.partition = "gpu";
  d.time_limit_minutes = 30;
  d.extra_lines = {"#SBATCH --qos=high"};
  auto a = sbatch_argv(d, "/w/job.sh");
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, (std::vector<std::string>{"sbatch", "--parsable", "--partition=gpu", "--time=0-00:30:00", "/w/job.sh"}));
  for (const char* bad : {"job.sh", "-x", ""}) {
    auto r = sbatch_argv(d, bad);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().id, "cluster.script_not_absolute");
  }
  d.partition = "a b";
  EXPECT_FALSE(sbatch_argv(d, "/w/job.sh"));
}

}  // namespace
}  // namespace cluster
