// A person's extra #SBATCH lines carried into quark-ptq's short job steps (the preflight and the
// evaluation, cluster/job_step.h), so that a step lands on the kind of node the job will: a
// --constraint, --reservation, --qos or --exclude there means the same for srun. Which options
// srun takes, and which letters stand for which option, is read from the installed clients'
// own --help (sbatch's and srun's differ across releases), never from a list kept here. A line
// goes to the steps whole or not at all, and the ones left out are recorded and shown.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cluster {

// One client's options as its --help lists them: long name -> how it takes a value, and
// letter -> long name.
struct ClientOptions {
  enum class Value { none, required, optional };
  std::map<std::string, Value, std::less<>> values;
  std::map<char, std::string> letters;
  bool empty() const { return values.empty(); }
};

// Lines such as "  -C, --constraint=list   ...", "      --exclusive[=user]  ..." or
// "  -H, --hold  ...".
ClientOptions parse_client_help(std::string_view help);

// The extra lines' options as srun options ("--constraint=gpu80"), and the lines left out:
// an option srun does not take, one that would change what a step is rather than where it runs
// (a dependency, a begin time, a hold, mail, the environment export, the working directory), a
// word that is not an option, or a line `sbatch` cannot read.
struct StepExtras {
  std::vector<std::string> options;
  std::vector<std::string> left_out;
};
StepExtras step_extras(const std::vector<std::string>& extra_lines, const ClientOptions& sbatch, const ClientOptions& srun);

}  // namespace cluster
