// run.diagnosis as recorded: why a run failed (diagnose classifies; the rule's texts are kept
// in English beside its id so that another release, or another language, can show them) and
// what the run was when it failed. One reader and one writer of that record.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artifacts/fields.h"
#include "artifacts/run_peak.h"
#include "core/json_io.h"
#include "core/messages.h"

namespace artifacts {

// The command that failed, as the manifest recorded it.
struct DiagnosedCommand {
  std::vector<std::string> argv;
  std::string display;
  std::string digest;
};

// What the run was: its command, how it ended, the last stage reached, the versions it ran
// with and its memory peak. Written as a whole; null where the run did not say.
struct DiagnosedRun {
  DiagnosedCommand command;
  std::optional<std::int64_t> exit_code;
  std::optional<std::string> signal;  // "SIGKILL"
  std::optional<std::string> stage;
  std::string torch_version;  // "unknown" when the environment report does not say
  std::string transformers_version;
  std::string quark_version;
  std::optional<RunPeak> resources;
};

struct Diagnosis {
  std::string rule;  // a rule of knowledge/diagnose/rules.json
  std::string category = "unclassified";
  std::string cause;  // the rule's texts in English, as written
  std::string suggestion;
  std::optional<int> return_to_checkpoint;  // 1 to 4
  // The change to the plan or the environment the rule advises, keyed as the rule states it
  // (knowledge's plan_change, or the regrouping of layers a group does not divide). Advice for
  // the person: no step reads it back.
  core::Json plan_change = core::Json::object();
  bool package_change_needs_confirmation = false;
  std::vector<core::MessageArg> facts;  // captured and known values, in order
  std::vector<std::string> evidence;    // the log lines that matched, in log order
  std::string error_text;               // the whole final traceback
  std::optional<DiagnosedRun> run;

  core::Json to_json() const;
};

// The record at `f` (run/diagnosis); an error of a field's type goes to *error.
Diagnosis diagnosis_of(Fields f, std::string* error);

}  // namespace artifacts
