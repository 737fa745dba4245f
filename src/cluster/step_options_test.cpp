// Extra #SBATCH lines into srun options, read with the --help of the real Slurm 22.05.8 clients
// (tests/fixtures/slurm/sbatch-help.txt, srun-help.txt; tests/slurm runs them live).
#include "cluster/step_options.h"

#include <gtest/gtest.h>

#include "core/fs.h"
#include "support/temp_dir.h"

namespace cluster {
namespace {

ClientOptions recorded(const char* name) {
  auto text = core::read_file(test_support::source_path(std::string("tests/fixtures/slurm/") + name));
  EXPECT_TRUE(text) << name;
  return parse_client_help(text ? *text : "");
}

TEST(StepOptions, TheClientsOwnHelpSaysWhatEachOptionTakes) {
  ClientOptions sbatch = recorded("sbatch-help.txt");
  ClientOptions srun = recorded("srun-help.txt");
  EXPECT_EQ(sbatch.values.at("constraint"), ClientOptions::Value::required);
  EXPECT_EQ(sbatch.values.at("hold"), ClientOptions::Value::none);
  EXPECT_EQ(sbatch.values.at("exclusive"), ClientOptions::Value::optional);
  EXPECT_EQ(sbatch.letters.at('C'), "constraint");
  EXPECT_EQ(sbatch.letters.at('H'), "hold");
  EXPECT_EQ(srun.values.count("quit-on-interrupt"), 1u);
  EXPECT_EQ(srun.values.count("requeue"), 0u);  // sbatch's only
  EXPECT_EQ(sbatch.values.count("requeue"), 1u);
}

TEST(StepOptions, PlacementCarriesOverWhatChangesTheStepDoesNot) {
  ClientOptions sbatch = recorded("sbatch-help.txt");
  ClientOptions srun = recorded("srun-help.txt");
  const std::vector<std::string> lines = {
      "#SBATCH --constraint=mi300x",
      "#SBATCH -C \"a100&nvlink\"",
      "#SBATCH --qos high",
      "#SBATCH --reserv=maint",  // a unique prefix, as getopt_long takes it
      "#SBATCH --exclusive",
      "#SBATCH -w node07 --exclude=node08",
      "#SBATCH --requeue",                // sbatch's only
      "#SBATCH --mail-type=END",          // not for a step
      "#SBATCH --dependency=afterok:12",  // not for a step
      "#SBATCH -HC mi300x",               // a hold with a constraint: the whole line is left out
      "#SBATCH --no-such-option=1",
      "#SBATCH stray",
      "#SBATCH --constraint",  // no value
  };
  StepExtras e = step_extras(lines, sbatch, srun);
  EXPECT_EQ(e.options, (std::vector<std::string>{"--constraint=mi300x", "--constraint=a100&nvlink", "--qos=high", "--reservation=maint",
                                                 "--exclusive", "--nodelist=node07", "--exclude=node08"}));
  EXPECT_EQ(e.left_out, (std::vector<std::string>{lines[6], lines[7], lines[8], lines[9], lines[10], lines[11], lines[12]}));
  // Without the clients' help nothing is guessed: every line is left out.
  StepExtras blind = step_extras(lines, ClientOptions{}, srun);
  EXPECT_TRUE(blind.options.empty());
  EXPECT_EQ(blind.left_out.size(), lines.size());
}

}  // namespace
}  // namespace cluster
