// The memory parsers on what the real Slurm 22.05.8 printed (tests/fixtures/slurm/memory-*,
// recorded by its record.sh: a job holding 200 MiB, then 300, then 200 again), and on
// sacct lines of the form a site with slurmdbd prints, written from the sacct manual (no
// slurmdbd here to record them from: see the fixtures' README).
#include <gtest/gtest.h>

#include <random>
#include <string_view>

#include "cluster/sacct.h"
#include "cluster/sstat.h"
#include "core/fs.h"
#include "support/temp_dir.h"

namespace cluster {
namespace {

std::string fixture(const std::string& name) {
  auto text = core::read_file(test_support::source_path("tests/fixtures/slurm/" + name));
  EXPECT_TRUE(text) << name;
  return text ? *text : "";
}

// "12.batch|..." -> "12"
std::string job_of(const std::string& text) { return text.substr(0, text.find('.')); }

TEST(StepMemory, SizesInSlurmsUnits) {
  EXPECT_EQ(parse_size_kib("218340K"), 218340);
  EXPECT_EQ(parse_size_kib("1.5M"), 1536);
  EXPECT_EQ(parse_size_kib("1.37M"), 1403);
  EXPECT_EQ(parse_size_kib("16G"), 16 * 1024 * 1024);
  EXPECT_EQ(parse_size_kib("2T"), 2LL * 1024 * 1024 * 1024);
  EXPECT_EQ(parse_size_kib("0"), 0);
  EXPECT_EQ(parse_size_kib("4096"), 4);  // --noconvert: bytes
  for (const char* bad : {"", "K", "-5K", "12X", "1.2.3M", "12K ", " 12K", "nan", "inf", "1e3K", "99999999999999999999P"}) {
    EXPECT_FALSE(parse_size_kib(bad)) << bad;
  }
  EXPECT_EQ(kib_to_mib(218340), 213);
  EXPECT_EQ(kib_to_mib(511), 0);
  EXPECT_EQ(kib_to_mib(512), 1);
}

TEST(StepMemory, SstatOfTheRecordedPhases) {
  struct Phase {
    const char* file;
    std::int64_t max_mib;
    std::int64_t now_mib;
  };
  // MaxRSS keeps the peak; AveRSS of the one task is its RSS now. python3 itself adds ~13 MiB.
  for (const Phase& p : {Phase{"memory-200.sstat.txt", 213, 213}, Phase{"memory-300.sstat.txt", 313, 313},
                         Phase{"memory-200-after-300.sstat.txt", 313, 213}}) {
    std::string out = fixture(p.file);
    auto m = parse_sstat(out, job_of(out));
    ASSERT_TRUE(m) << p.file;
    EXPECT_EQ(m->step_id, job_of(out) + ".batch");
    ASSERT_TRUE(m->max_rss_kib && m->rss_kib) << p.file;
    EXPECT_EQ(kib_to_mib(*m->max_rss_kib), p.max_mib) << p.file;
    EXPECT_EQ(kib_to_mib(*m->rss_kib), p.now_mib) << p.file;
    EXPECT_FALSE(m->node.empty());
    EXPECT_EQ(m->unread, "");
  }
  // The step has ended: sstat prints nothing on stdout.
  EXPECT_FALSE(parse_sstat(fixture("memory-ended.sstat.txt"), "12"));
}

TEST(StepMemory, SstatLinesThatDoNotReadAreKept) {
  auto short_line = parse_sstat("7.batch|100K\n", "7");
  ASSERT_TRUE(short_line);
  EXPECT_FALSE(short_line->max_rss_kib);
  EXPECT_EQ(short_line->unread, "7.batch|100K");
  auto odd = parse_sstat("7.batch|lots|100K|1|n1\n", "7");
  ASSERT_TRUE(odd);
  EXPECT_FALSE(odd->max_rss_kib);
  EXPECT_EQ(odd->rss_kib, 100);
  EXPECT_EQ(odd->unread, "7.batch|lots|100K|1|n1");
  // Four tasks of 100 MiB each on average: 400 MiB now.
  auto tasks = parse_sstat("7.batch|120M|100M|4|n1\r\n", "7");
  ASSERT_TRUE(tasks);
  EXPECT_EQ(tasks->rss_kib, 400 * 1024);
  // Other jobs' and other steps' lines are not this step's.
  EXPECT_FALSE(parse_sstat("77.batch|1K|1K|1|n\n7.0|1K|1K|1|n\n7|1K|1K|1|n\n", "7"));
}

TEST(StepMemory, SacctMaxRssFromADatabase) {
  // With slurmdbd: the job's line has no MaxRSS, its steps do; the largest step's is the peak.
  const std::string out =
      "41||\n"
      "41.batch|3145728K|gpu07\n"
      "41.extern|980K|gpu07\n"
      "41.0|12G|gpu08\n"
      "410.batch|99G|gpu09\n";
  auto m = parse_sacct_memory(out, "41");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->step_id, "41.0");
  EXPECT_EQ(m->max_rss_kib, 12LL * 1024 * 1024);
  EXPECT_EQ(m->node, "gpu08");
  // A requeued job: the last run's steps only.
  auto requeued = parse_sacct_memory("8||\n8.batch|9G|n1\n8||\n8.batch|2G|n2\n", "8");
  ASSERT_TRUE(requeued);
  EXPECT_EQ(requeued->max_rss_kib, 2 * 1024 * 1024);
  // The completion log of the test cluster: the job, no MaxRSS.
  std::string completion = fixture("memory.sacct-completion.txt");
  EXPECT_FALSE(parse_sacct_memory(completion, completion.substr(0, completion.find('|'))));
  EXPECT_FALSE(parse_sacct_memory("", "8"));
  EXPECT_FALSE(parse_sacct_memory("8.batch|?|n1\n8.batch|\n", "8"));
}

TEST(StepMemory, RandomBytesNeverCrash) {
  constexpr std::string_view alphabet("7.batch|\n:-.0123456789KMGTP \r\xff\0", 32);
  std::mt19937 rng(36);
  for (int i = 0; i < 20000; ++i) {
    std::string junk(rng() % 64, ' ');
    for (auto& c : junk) c = alphabet[rng() % alphabet.size()];
    if (auto s = parse_sstat(junk, "7")) {
      EXPECT_EQ(s->step_id, "7.batch");
    }
    if (auto a = parse_sacct_memory(junk, "7")) {
      EXPECT_TRUE(a->step_id.starts_with("7."));
      EXPECT_TRUE(a->max_rss_kib && *a->max_rss_kib >= 0);
    }
    (void)parse_size_kib(junk);
  }
}

TEST(StepMemory, FixturesWereRecordedWithTheArgvsFields) {
  std::string script = fixture("record.sh");
  auto sstat = sstat_argv("1");
  auto sacct = sacct_memory_argv("1");
  EXPECT_NE(script.find("sstat_format='" + sstat.back().substr(std::string("--format=").size()) + "'"), std::string::npos);
  EXPECT_NE(script.find("sacct_memory_format='" + sacct.back().substr(std::string("--format=").size()) + "'"), std::string::npos);
  EXPECT_EQ(sstat_argv("12", "/opt/slurm/bin/sstat"),
            (std::vector<std::string>{"/opt/slurm/bin/sstat", "--noheader", "--parsable2", "--jobs=12.batch",
                                      "--format=JobID,MaxRSS,AveRSS,NTasks,MaxRSSNode"}));
  EXPECT_EQ(sacct, (std::vector<std::string>{"sacct", "--noheader", "--parsable2", "--jobs=1", "--format=JobID,MaxRSS,MaxRSSNode"}));
}

}  // namespace
}  // namespace cluster
