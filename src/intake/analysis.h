// Builds model_analysis.json from a model's files: read (model_reading.h), judge
// (risk_assessment.h), write out (analysis_json.h).
#pragma once

#include "core/json_io.h"
#include "intake/model_files.h"
#include "intake/oracle_linears.h"
#include "intake/source_info.h"

namespace intake {

// The artifact, not yet validated or written. Errors are bad input (config missing or
// malformed, a broken header or index) or network failures from `files`. `header_threads`:
// how many threads read shard headers (0: as many as pay on this machine; the artifact and
// the error reported are the same for any count).
// `oracle`: the model oracle's Linear set (oracle_linears.h), used when no headers can be read.
core::Result<core::Json> analyze_files(ModelFiles& files, const SourceInfo& source, unsigned header_threads = 0,
                                       const OracleLinears* oracle = nullptr);

}  // namespace intake
