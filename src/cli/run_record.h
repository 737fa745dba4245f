// Turns what the runner observed into the manifest's `run` section, and follows the run while
// it is in progress: the manifest says `running` (with quark-ptq's pid, so that `status` can
// tell a dead run), and each new stage is written as it starts.
#pragma once

#include "cli/console.h"
#include "cli/run_manifest_io.h"
#include "diagnose/rules.h"
#include "runner/monitored_run.h"

namespace cli {

// run.status for an outcome: succeeded (exit 0), interrupted (we stopped it) or failed.
std::string run_status(const runner::RunOutcome& out);

core::Json stages_json(const std::vector<runner::StageRecord>& stages);
core::Json run_section(const runner::RunOutcome& out, const std::string& log_rel);

// The context a diagnosis needs from the outcome and the manifest.
diagnose::FailureContext failure_context(const runner::RunOutcome& out, const core::Json& manifest);

class RunProgress : public runner::RunObserver {
 public:
  RunProgress(const Console& console, ManifestWriter& writer) : m_console(console), m_writer(writer) {}
  void on_started(int pid) override;
  void on_stage(const runner::StageRecord& stage) override;
  void on_stop_requested(int signal) override;

 private:
  const Console& m_console;
  ManifestWriter& m_writer;
  std::vector<std::string> m_stages;
};

}  // namespace cli
