// run_manifest.yaml as `prepare` writes it, and its prepare-side sections read back.
//
// PreparedManifest is the one writer of the document: prepare (manifest/manifest_doc.cpp,
// manifest/prepare_flow.cpp) fills the typed sections and encodes them here, in the order the
// document has always had (golden tests compare its bytes, and the command digest hashes
// parts of it). PreparedSections is what the later steps read of those sections: each with
// its strict reader, a field of the wrong type one error naming it.
#pragma once

#include <optional>
#include <string>

#include "artifacts/command.h"
#include "artifacts/environment_record.h"
#include "artifacts/estimate_record.h"
#include "artifacts/executor.h"
#include "artifacts/manifest_inputs.h"
#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

struct PreparedManifest {
  std::string quark_ptq_version;
  std::string created_at;
  Inputs inputs;
  Outputs outputs;
  BuiltFrom built_from;
  EnvironmentRecord environment;
  EstimateRecord estimate;
  Command command;
  core::Json steps = core::Json::array();        // what ran at each step (manifest::steps_json), only shown
  core::Json checkpoints = core::Json::array();  // the checkpoints' states when prepared, only shown
  std::optional<Executor> executor;              // prepare always sets it (manifest/slurm_executor.cpp)
  core::Json evaluator = core::Json(nullptr);    // manifest/evaluator_block.cpp's section, left out when null
  core::Json history = core::Json::array();      // the runs retired from the manifest replaced, left out when empty

  // The document; `executor` is written once set (the command digest covers it, so prepare
  // computes the digest from the document without the command's digest first).
  core::Json to_json() const;
};

// The prepare-side sections of a manifest, each unset when the manifest lacks it.
struct PreparedSections {
  std::optional<Inputs> inputs;
  std::optional<Outputs> outputs;
  std::optional<BuiltFrom> built_from;
  std::optional<EnvironmentRecord> environment;
  std::optional<EstimateRecord> estimate;

  // outputs.output_dir, "" when not recorded.
  std::string output_dir() const { return outputs ? outputs->output_dir : ""; }
  bool environment_ready() const { return environment && environment->ready(); }

  // bad_input "artifacts.field_invalid" naming the first field of the wrong type.
  static core::Result<PreparedSections> from_json(const core::Json& manifest);
};

// `history` as recorded (the runs artifacts::retire_run moved there), [] when none: carried
// into the manifest prepare writes next.
core::Json recorded_history(const core::Json& manifest);

// The sections as far as they read, a field of the wrong type unset (for `status`, which
// shows a damaged manifest rather than failing on it).
PreparedSections prepared_sections_as_read(const core::Json& manifest);

}  // namespace artifacts
