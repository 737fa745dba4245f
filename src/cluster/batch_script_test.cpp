#include "cluster/batch_script.h"

#include <gtest/gtest.h>

namespace cluster {
namespace {

BatchJob example() {
  BatchJob job;
  job.argv = {"/opt/venv/bin/quark-cli", "torch-llm-ptq", "--model_dir", "/models/it's here", "--output_dir", "/out"};
  job.env = {{"HF_HUB_OFFLINE", "1"}, {"PYTHONPATH", std::nullopt}, {"NOTE", "a $b `c`\nd"}};
  job.workdir = "/work/run dir";
  job.directives.job_name = "quark-ptq";
  job.directives.partition = "gpu";
  job.directives.gpus = 1;
  job.directives.time_limit_minutes = 90;
  job.directives.output = "/work/run dir/job.out";
  job.directives.extra_lines = {"#SBATCH --qos=high"};
  return job;
}

TEST(BatchScript, TheWholeScript) {
  auto s = batch_script(example());
  ASSERT_TRUE(s) << s.error().id;
  EXPECT_EQ(*s,
            "#!/bin/bash\n"
            "#SBATCH --job-name=quark-ptq\n"
            "#SBATCH --partition=gpu\n"
            "#SBATCH --gpus=1\n"
            "#SBATCH --time=0-01:30:00\n"
            "#SBATCH --output=\"/work/run dir/job.out\"\n"
            "#SBATCH --qos=high\n"
            "# Written by quark-ptq from the approved command. Every word is in single quotes, which the\n"
            "# shell takes literally; exec makes the command's exit status the job's.\n"
            "cd '/work/run dir' || exit 1\n"
            "export HF_HUB_OFFLINE='1'\n"
            "unset -v PYTHONPATH\n"
            "export NOTE='a $b `c`\nd'\n"
            "exec '/opt/venv/bin/quark-cli' 'torch-llm-ptq' '--model_dir' '/models/it'\\''s here' '--output_dir' '/out'\n");
}

TEST(BatchScript, NoWorkdirNoCd) {
  BatchJob job;
  job.argv = {"true"};
  auto s = batch_script(job);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->find("cd "), std::string::npos);
  EXPECT_NE(s->find("\nexec 'true'\n"), std::string::npos);
}

TEST(BatchScript, RefusedAsValues) {
  auto id = [](BatchJob job) {
    auto r = batch_script(job);
    return r ? std::string() : r.error().id;
  };
  BatchJob job = example();
  job.argv.clear();
  EXPECT_EQ(id(job), "cluster.argv_empty");
  job.argv = {""};
  EXPECT_EQ(id(job), "cluster.argv_empty");
  job.argv = {"-a", "x", "/bin/true"};
  EXPECT_EQ(id(job), "cluster.argv0_dash");
  job.argv = {"/bin/true", "ok", std::string("a\0b", 3)};
  auto r = batch_script(job);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "cluster.argv_nul");
  EXPECT_EQ(*r.error().arg("index"), "2");
  job = example();
  for (const char* name : {"", "1A", "A-B", "A B", "A=B", "é"}) {
    job.env = {{name, "x"}};
    EXPECT_EQ(id(job), "cluster.env_name") << name;
  }
  job.env = {{"_x1", std::string("a\0b", 3)}};
  EXPECT_EQ(id(job), "cluster.env_nul");
  job.env = {{"_x1", std::nullopt}};
  EXPECT_EQ(id(job), "");
  job.workdir = "relative/dir";
  EXPECT_EQ(id(job), "cluster.workdir_not_absolute");
  job = example();
  job.directives.partition = "a,b";
  EXPECT_EQ(id(job), "cluster.value_name_char");
  job = example();
  job.directives.extra_lines = {"#SBATCH -p other"};
  EXPECT_EQ(id(job), "cluster.extra_conflict");
}

}  // namespace
}  // namespace cluster
