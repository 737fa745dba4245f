#include "manifest/run_manifest_file.h"

#include "core/atomic_file.h"
#include "core/schema.h"
#include "core/yaml_io.h"

namespace manifest {

core::Result<void> RunManifestFile::write() {
  QPTQ_TRY(core::validate_against(m_doc, core::kSchemaRunManifest, m_wd.manifest().string()));
  return core::write_file_atomic(m_wd.manifest(), core::dump_yaml(m_doc));
}

}  // namespace manifest
