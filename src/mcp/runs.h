// The runs the server started and that go on after the `run` tool returned its handle: each on a
// thread of its own, with its StopSwitch (the runner turns a request on it into exactly what a
// Ctrl-C does), its latest progress and, once it ended, the document `quark-ptq run --json`
// prints. The run_status and cancel_run tools, tasks/get and tasks/cancel (the 2026-07-28 tasks
// extension) and notifications/cancelled for the `run` request all read or stop a run here.
// Nothing here touches a process or a signal.
#pragma once

#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>

#include "core/json_io.h"
#include "runner/monitored_run.h"
#include "runner/stop_switch.h"

namespace mcp {

// A tool's outcome: the document and the CLI's exit code for it.
struct Finished {
  core::Json doc;
  int exit_code = 0;
};

struct RunSnapshot {
  std::string id;
  std::string workdir;
  core::Json request_id;   // of the `run` request that started it
  std::string created_at;  // UTC ISO-8601
  std::string updated_at;
  bool ended = false;
  bool cancel_requested = false;
  std::string stage;  // "launching", quark-cli's stages, "evaluating", "ended"
  runner::LiveProgress progress;
  std::optional<Finished> result;  // once ended
};

// What a run's body reports while it runs (from its own thread).
class RunReport {
 public:
  virtual ~RunReport() = default;
  // The run started (approval recorded, locks held): the `run` tool may return its handle.
  virtual void launched() = 0;
  virtual void stage(const std::string& stage) = 0;
  virtual void progress(const runner::LiveProgress& progress) = 0;
};

class Runs {
 public:
  using Body = std::function<Finished(const runner::StopSwitch& stop, RunReport& report)>;
  // Called from the run's thread after every change (progress notifications).
  using OnChange = std::function<void(const RunSnapshot&)>;

  Runs() = default;
  ~Runs();
  Runs(const Runs&) = delete;
  Runs& operator=(const Runs&) = delete;

  // Starts `body` on a thread and returns once it reported launched() (the run's id) or ended
  // without launching (its result: a refusal before anything started; no run is kept).
  std::variant<std::string, Finished> start(std::string workdir, core::Json request_id, OnChange on_change, Body body);
  std::optional<RunSnapshot> get(const std::string& id) const;
  // Asks the run to stop as Ctrl-C does; false when the id names no run of this server.
  bool cancel(const std::string& id);
  // The run still going, if any (the server runs one at a time: the runner relays Ctrl-C to
  // one monitored run per process).
  std::optional<RunSnapshot> going() const;
  // The run a `run` request started, if any.
  std::optional<std::string> started_by(const core::Json& request_id) const;
  // Stops every run still going and waits for each to record how it ended (end of input).
  void stop_all_and_wait();

 private:
  struct Entry;
  class Reporter;
  std::shared_ptr<Entry> find(const std::string& id) const;

  mutable std::mutex m_mutex;
  std::map<std::string, std::shared_ptr<Entry>> m_runs;
};

}  // namespace mcp
