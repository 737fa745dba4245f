// run_manifest.yaml as a JSON document (docs/artifacts.md, references/contracts/
// run_manifest.schema.json): the published fields (workflow, inputs, outputs, steps,
// checkpoints) plus built_from, environment with its verdict, estimate and command.
#pragma once

#include <string>
#include <vector>

#include "artifacts/prepared_manifest.h"
#include "core/json_io.h"
#include "envprobe/report.h"
#include "manifest/command_builder.h"
#include "manifest/estimate.h"
#include "manifest/output_dir.h"
#include "manifest/plan_view.h"
#include "workflow/state.h"

namespace manifest {

struct ManifestParts {
  const PlanView& plan;
  const workflow::WorkflowStatus& status;
  const envprobe::EnvReport& env;
  const Estimate& estimate;
  const OutputDir& output;
  const BuiltCommand& command;
  const std::string& display;
  const std::vector<std::string>& expected_files;
  const artifacts::ModelIdentity& model_identity;  // inputs.model_identity (core/model_identity.h, or the Hub commit)
  const std::string& prepare_command;              // steps[]: `quark-ptq prepare` with the options it was given
};

// The typed document (its one encoding is artifacts::PreparedManifest::to_json). command.digest
// is left empty: it is computed from the finished document (workflow::recompute_command_digest),
// because it covers more than the command block.
core::Result<artifacts::PreparedManifest> build_manifest(const ManifestParts& p);

}  // namespace manifest
