// The tools: one per step and checkpoint, each calling the library flow the CLI command of the
// same name calls and returning the document its --json prints. The checkpoints belong to the
// person: a tool that passes one (confirm_analysis, confirm_plan, run, accept, followup) asks
// the person through the client (an Asker) and records their words; no argument passes it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/json_io.h"

#include "core/messages.h"
#include "mcp/arguments.h"
#include "mcp/runs.h"

namespace mcp {

// A question for the person, asked by the server through the client (elicitation).
struct Question {
  std::string key;          // the input request's id ("approval", "confirmation", "followup")
  std::string bound_to;     // what the answer applies to (tool, workdir, digest): an answer to
                            // another question never counts
  std::string message;      // shown to the person
  std::string field_title;  // the answer field
  std::string field_description;
  std::string default_text;  // prefilled answer ("" none)
};

struct Answer {
  enum class Kind {
    answered,        // the person answered: `words`
    declined,        // the person declined, cancelled or the client failed; `words` says which
    cannot_ask,      // the client cannot ask the person (no elicitation capability)
    input_required,  // 2026-07-28: the question goes back to the client in `result`
  };
  Kind kind = Kind::cannot_ask;
  std::string words;
  core::Json result;
};

class Asker {
 public:
  virtual ~Asker() = default;
  virtual Answer ask(const Question& q) = 0;
};

struct ToolCall {
  const core::Json& args;
  core::Lang lang;
  Asker& asker;
  std::function<void(const std::string&)> progress;  // a stage of a long step (may be empty)
  Runs& runs;                                        // the server's runs (run, run_status, cancel_run)
  core::Json request_id;                             // of this tools/call
  Runs::OnChange on_run_change;                      // a started run's progress (may be empty)
};

struct ToolResult {
  core::Json doc;             // the --json document, or the error document
  int exit_code = 0;          // the CLI's exit code for the same outcome
  core::Json input_required;  // set: return this instead (the person is asked)
  std::string run_id;         // set by `run` when a run started: doc is its handle
};

// The document run_status returns for a run: where it stands and, once ended, its result.
core::Json run_status_document(core::Lang lang, const RunSnapshot& run);
// One line for a person or an agent: stage, progress bar, memory, time.
std::string progress_text(core::Lang lang, const RunSnapshot& run);

struct Tool {
  std::string name;
  std::string description;
  std::vector<Param> params;
  bool read_only = false;
  std::function<ToolResult(ToolCall&)> call;
};

// Every tool, in the order of the workflow (tools/list keeps it); the plan tool's argument
// descriptions in `lang`.
const std::vector<Tool>& tools(core::Lang lang = core::Lang::en);

}  // namespace mcp
