#include "cluster/directives.h"

#include <gtest/gtest.h>

namespace cluster {
namespace {

Directives full() {
  Directives d;
  d.job_name = "quark-ptq smollm2";
  d.partition = "gpu";
  d.gpus = 1;
  d.cpus_per_task = 8;
  d.mem_mib = 65536;
  d.time_limit_minutes = 150;
  d.account = "proj-42";
  d.output = "/scratch/me/run/job.out";
  return d;
}

std::string error_id(const core::Result<std::vector<std::string>>& r) { return r ? "" : r.error().id; }

TEST(Directives, OptionsInAFixedOrderWithValuesAsTheyAre) {
  auto o = directive_options(full());
  ASSERT_TRUE(o) << o.error().id;
  EXPECT_EQ(*o, (std::vector<std::string>{"--job-name=quark-ptq smollm2", "--partition=gpu", "--gpus=1", "--cpus-per-task=8",
                                          "--mem=65536M", "--time=0-02:30:00", "--account=proj-42", "--output=/scratch/me/run/job.out"}));
}

TEST(Directives, LinesEscapeWhatSbatchsReaderWouldSplitOrCutAndReadBack) {
  Directives d;
  d.job_name = "a b#c'd\"e\\f";
  d.output = "/home/my runs/#1/o 'x'.out";
  d.time_limit_minutes = 3 * 24 * 60 + 61;
  auto lines = directive_lines(d);
  ASSERT_TRUE(lines);
  ASSERT_EQ(lines->size(), 3u);
  EXPECT_EQ((*lines)[0], "#SBATCH --job-name=\"a b#c'd\\\"e\\\\f\"");
  EXPECT_EQ((*lines)[1], "#SBATCH --time=3-01:01:00");
  for (std::size_t i = 0; i < lines->size(); ++i) {
    auto words = sbatch_words(std::string_view((*lines)[i]).substr(7));
    ASSERT_TRUE(words);
    ASSERT_EQ(words->size(), 1u) << (*lines)[i];
  }
  EXPECT_EQ(sbatch_words(std::string_view((*lines)[0]).substr(7))->front(), "--job-name=" + *d.job_name);
  EXPECT_EQ(sbatch_words(std::string_view((*lines)[2]).substr(7))->front(), "--output=" + *d.output);
}

TEST(Directives, ValuesSbatchCannotTakeAreRefused) {
  for (const std::string& bad :
       {std::string("a\nb"), std::string("a\rb"), std::string("a\tb"), std::string("a\0b", 3), std::string("\x7f")}) {
    Directives d;
    d.job_name = bad;
    EXPECT_EQ(error_id(directive_options(d)), "cluster.value_control_char") << bad;
    EXPECT_EQ(error_id(directive_lines(d)), "cluster.value_control_char") << bad;
  }
  Directives empty;
  empty.account = "";
  EXPECT_EQ(error_id(directive_options(empty)), "cluster.value_empty");
  for (const char* bad : {"gpu,cpu", "a b", "a'b", "g\"", "x\\y", "p#1", "\xc3\xa9"}) {
    Directives d;
    d.partition = bad;
    auto r = directive_options(d);
    EXPECT_EQ(error_id(r), "cluster.value_name_char") << bad;
  }
  Directives zero;
  zero.gpus = 0;
  EXPECT_EQ(error_id(directive_options(zero)), "cluster.value_zero");
  Directives rel;
  rel.output = "run/job.out";
  EXPECT_EQ(error_id(directive_options(rel)), "cluster.output_not_absolute");
  for (const char* pattern : {"/runs/job-%j.out", "/runs/a\\b.out"}) {
    Directives d;
    d.output = pattern;
    EXPECT_EQ(error_id(directive_options(d)), "cluster.output_pattern_char") << pattern;
  }
}

TEST(Directives, AJobNameMayHoldAnyTextButControlCharacters) {
  Directives d;
  d.job_name = "モデル \xff\xfe $(x) `y` *?[";
  auto o = directive_options(d);
  ASSERT_TRUE(o);
  EXPECT_EQ(o->front(), "--job-name=" + *d.job_name);
}

TEST(SbatchWords, ReadsLikeSbatch) {
  EXPECT_EQ(*sbatch_words("  -p gpu  --comment=\"a b\" # a comment"), (std::vector<std::string>{"-p", "gpu", "--comment=a b"}));
  EXPECT_EQ(*sbatch_words("--x='it''s' \"a \\\" # b\""), (std::vector<std::string>{"--x=its", "a \" # b"}));
  // sbatch ends a word at white space even right after a backslash.
  EXPECT_EQ(*sbatch_words("a\\ b"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(*sbatch_words("-J x#y"), (std::vector<std::string>{"-J", "x"}));
  // A word that yields nothing ends the line's options for sbatch.
  EXPECT_EQ(*sbatch_words("\"\" -p gpu"), (std::vector<std::string>{}));
  EXPECT_FALSE(sbatch_words("--comment=\"open"));
  EXPECT_FALSE(sbatch_words(":x"));
}

TEST(ExtraLines, KeptAsGivenAfterTheTypedOnes) {
  Directives d = full();
  d.extra_lines = {"#SBATCH --qos=high", "#SBATCH --constraint=mi300x  # the node type", "#SBATCH"};
  auto lines = directive_lines(d);
  ASSERT_TRUE(lines) << lines.error().id;
  ASSERT_EQ(lines->size(), 11u);
  EXPECT_EQ((*lines)[8], "#SBATCH --qos=high");
  EXPECT_EQ((*lines)[9], "#SBATCH --constraint=mi300x  # the node type");
}

TEST(ExtraLines, WhatIsNotOneDirectiveLineIsRefused) {
  Directives d;
  auto id = [&](std::string_view line) {
    auto r = check_extra_line(line, 4, d);
    return r ? std::string() : r.error().id;
  };
  EXPECT_EQ(id("#SBATCH --qos=high\n#SBATCH --x"), "cluster.extra_control_char");
  EXPECT_EQ(id("#SBATCH --qos=high\r"), "cluster.extra_control_char");
  EXPECT_EQ(id(std::string("#SBATCH --qos=a\0b", 17)), "cluster.extra_control_char");
  EXPECT_EQ(id("--qos=high"), "cluster.extra_not_directive");
  EXPECT_EQ(id("#SLURM --qos=high"), "cluster.extra_not_directive");
  EXPECT_EQ(id("#SBATCHX --qos=high"), "cluster.extra_not_directive");
  EXPECT_EQ(id(" #SBATCH --qos=high"), "cluster.extra_not_directive");
  EXPECT_EQ(id("#SBATCH --comment='open"), "cluster.extra_unreadable");
  EXPECT_EQ(id("#SBATCH\t--qos=high"), "");
  for (const char* never :
       {"#SBATCH --array=1-4", "#SBATCH -a 1-3", "#SBATCH --wait", "#SBATCH -W", "#SBATCH --wrap=hostname", "#SBATCH hetjob",
        "#SBATCH PackJob", "#SBATCH --parsable", "#SBATCH --help", "#SBATCH --arr=2", "#SBATCH -Ha 3"}) {
    EXPECT_EQ(id(never), "cluster.extra_never") << never;
  }
  auto r = check_extra_line("#SBATCH --array=1-4", 4, d);
  ASSERT_FALSE(r);
  EXPECT_EQ(*r.error().arg("line"), "4");
  EXPECT_EQ(*r.error().arg("option"), "--array");
}

TEST(ExtraLines, WhatTheTypedDirectivesSetIsRefusedOnlyWhenTheySetIt) {
  const char* lines[] = {
      "#SBATCH --partition=other", "#SBATCH -p other",          "#SBATCH --part=other", "#SBATCH -t 10", "#SBATCH --time=10",
      "#SBATCH --mem-per-cpu=4G",  "#SBATCH --gpus-per-node=2", "#SBATCH -e err.txt",   "#SBATCH -J x",  "#SBATCH -c 4",
      "#SBATCH -A other",          "#SBATCH -Hp other",         "#SBATCH --qos=x -o /x"};
  Directives none;
  for (const char* l : lines) EXPECT_TRUE(check_extra_line(l, 1, none)) << l;
  Directives d = full();
  for (const char* l : lines) {
    auto r = check_extra_line(l, 1, d);
    ASSERT_FALSE(r) << l;
    EXPECT_EQ(r.error().id, "cluster.extra_conflict") << l;
  }
  auto r = check_extra_line("#SBATCH -t 10", 1, d);
  EXPECT_EQ(*r.error().arg("typed"), "--time");
  // A letter after one that takes an argument is that argument: -pt is the partition "t".
  Directives time_only;
  time_only.time_limit_minutes = 5;
  EXPECT_TRUE(check_extra_line("#SBATCH -pt", 1, time_only));
  EXPECT_TRUE(check_extra_line("#SBATCH --time-min=3", 1, time_only));
}

TEST(ExtraLines, AFileOfThemDropsBlankLinesAndNamesTheBadLine) {
  Directives d;
  auto ok = read_extra_lines("#SBATCH --qos=high\n\n   \n#SBATCH --constraint=a100\n", d);
  ASSERT_TRUE(ok);
  EXPECT_EQ(*ok, (std::vector<std::string>{"#SBATCH --qos=high", "#SBATCH --constraint=a100"}));
  auto crlf = read_extra_lines("#SBATCH --qos=high\r\n", d);
  ASSERT_FALSE(crlf);
  EXPECT_EQ(crlf.error().id, "cluster.extra_control_char");
  auto bad = read_extra_lines("#SBATCH --qos=high\n\nmodule load rocm\n", d);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().id, "cluster.extra_not_directive");
  EXPECT_EQ(*bad.error().arg("line"), "3");
}

}  // namespace
}  // namespace cluster
