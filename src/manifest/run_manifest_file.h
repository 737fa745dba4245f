// Step 4 adds `run` and `result` to run_manifest.yaml beside the recorded command, which is
// never rewritten. Every write is schema-checked and atomic, so a crash or a kill of
// quark-ptq at any moment leaves either the previous or the next valid manifest.
#pragma once

#include "core/json_io.h"
#include "core/result.h"
#include "workflow/workdir.h"

namespace manifest {

class RunManifestFile {
 public:
  RunManifestFile(workflow::Workdir wd, core::Json manifest) : m_wd(std::move(wd)), m_doc(std::move(manifest)) {}

  core::Json& doc() { return m_doc; }
  const core::Json& doc() const { return m_doc; }
  // Validates against the run_manifest schema and writes the YAML atomically.
  core::Result<void> write();

 private:
  workflow::Workdir m_wd;
  core::Json m_doc;
};

}  // namespace manifest
