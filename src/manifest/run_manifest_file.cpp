#include "manifest/run_manifest_file.h"

#include "workflow/artifact_files.h"

namespace manifest {

core::Result<void> RunManifestFile::write() {
  QPTQ_TRY(workflow::write_artifact(m_wd, workflow::Artifact::manifest, m_doc));
  return core::ok();
}

}  // namespace manifest
