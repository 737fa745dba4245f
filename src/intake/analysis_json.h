// Step 1's document: model_analysis.json (artifacts::ModelAnalysis) from a reading and its
// risks, and its encoding. The reading is taken, not copied: encoding the inventory sorts its
// index lists in place.
#pragma once

#include "artifacts/model_analysis.h"
#include "core/json_io.h"
#include "intake/model_reading.h"
#include "intake/risks.h"
#include "intake/source_info.h"
#include "knowledge/model_families.h"

namespace intake {

artifacts::ModelAnalysis analysis_document(const SourceInfo& source, ModelReading reading, const RiskList& risks,
                                           const knowledge::ModelFamilies& fam);
core::Json analysis_json(const SourceInfo& source, ModelReading reading, const RiskList& risks, const knowledge::ModelFamilies& fam);

}  // namespace intake
