// Step 2 without the printing: from the confirmed analysis, the installed Quark (probed, or
// the shipped knowledge for --quark-version) and the target hardware to quant_plan.json.
// A plan that fails pre-validation is an outcome (its problems, nothing written); a missing
// checkpoint, bad options or an unusable environment are core::Error values.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "core/error.h"
#include "core/json_io.h"
#include "core/result.h"
#include "envprobe/python_env.h"
#include "oracle/oracle_cache.h"
#include "options/plan_options.h"
#include "plan/plan_model.h"
#include "plan/probe.h"

namespace flow {

struct PlanRequest {
  std::filesystem::path workdir;                       // absolute
  options::PlanOptions options;                        // as given
  plan::CaptureFn capture;                             // empty: runner::capture (the probe, the GPU query)
  envprobe::EnvGetter getenv = envprobe::process_env;  // where $VIRTUAL_ENV, $PATH, the cache are read
  // The meta-device model oracle, asked in the probed Python for the analysed model's
  // config.json (cached by config digest and library versions). Empty: oracle::model_oracle.
  std::function<core::Result<oracle::OracleResult>(const oracle::OracleRequest&)> oracle;
  // While the probe and the oracle run (at the same time), PlanObserver::on_probe_progress
  // every this many seconds; <= 0: never (golden tests, whose output must not depend on timing).
  double progress_every = 10;
};

// What is still running, said every PlanRequest::progress_every seconds.
struct ProbeProgress {
  int seconds = 0;                             // since the probe started
  bool probing = false;                        // the full capability probe (imports Quark) is running
  bool oracle = false;                         // the model oracle (builds the model on the meta device) is running
  std::vector<plan::ExtensionBuild> building;  // torch extensions being compiled now, and where
};

class PlanObserver {
 public:
  virtual ~PlanObserver() = default;
  // No cached probe for this environment: the full probe starts now (it imports Quark, which
  // may build its extensions in `extensions_dir`; minutes on a small machine).
  virtual void on_probing(const std::string& /*python*/, const std::string& /*extensions_dir*/) {}
  // The probe's answer was written to `cache_file`; later plans in this environment read it.
  virtual void on_probe_kept(const std::string& /*cache_file*/) {}
  // Called from the calling thread while the probe or the oracle is still running.
  virtual void on_probe_progress(const ProbeProgress& /*progress*/) {}
  // The installed Quark was probed (or its probe read from the cache).
  virtual void on_probed(bool /*from_cache*/, const std::string& /*quark_version*/, const std::string& /*python*/) {}
  // quark-cli --help could not be read: the flags come from the shipped knowledge.
  virtual void on_help_unavailable(const std::string& /*problem*/) {}
  // No installed Quark: the plan is made from the shipped knowledge for this version.
  virtual void on_using_shipped(const std::string& /*quark_version*/) {}
  virtual void on_template_written(const std::string& /*path*/) {}
};

namespace plan_end {
struct Written {  // quant_plan.json written; waits for checkpoint 2
  plan::Plan plan;
  core::Json doc;
  std::filesystem::path path;
};
struct Invalid {  // pre-validation found problems; nothing written
  plan::Plan plan;
};
}  // namespace plan_end

struct PlanOutcome {
  std::variant<plan_end::Written, plan_end::Invalid> end;
  core::ExitCode exit_code() const;
};

// The planner's module inventory is the oracle's nn.Linear list when the probed environment
// can build the model (plan::InventoryOrigin says which versions); when it cannot - no Python
// with Quark, no local config.json, remote code, a model_type the libraries decline, a timeout
// or a failed run - the analysis' inventory is used and the plan records why. Never an error,
// except a stop (Ctrl-C) while the oracle runs.
// Errors: not_confirmed / stale (checkpoint 1), usage (a bad --override or an empty
// --exclude), env_not_ready (no Quark to plan against), bad_input (--target,
// --template-file), and the writers' errors.
core::Result<PlanOutcome> make_plan(const PlanRequest& request, PlanObserver& observer);

// The request a written plan was made with, from its recorded `options` (the plan's
// `command`), on top of `base` (its hooks and workdir): start adjusts a reused plan from here.
// A plan that does not read: artifacts.field_invalid; recorded options that are not the option
// table's: options.bad_recorded.
core::Result<PlanRequest> plan_request_from_document(const core::Json& plan_doc, PlanRequest base);

// The options `given` (flags, "--scheme") of `typed` laid over the request a plan was made
// with: each that changes a recorded option is listed in `changes` ("--scheme "fp8" ->
// "int8""), the others are as recorded. No change: `recorded` itself.
struct LaidOver {
  PlanRequest request;
  std::vector<std::string> changes;
};
LaidOver lay_over(const PlanRequest& recorded, const PlanRequest& typed, const std::vector<std::string>& given);

}  // namespace flow
