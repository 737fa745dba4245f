// Step 1's serialisation: model_analysis.json from a reading and its risks. The fields are
// those of references/contracts/model_analysis.schema.json, in its order. The reading is
// taken, not copied: encoding the inventory sorts its index lists in place.
#pragma once

#include "core/json_io.h"
#include "intake/model_reading.h"
#include "intake/risks.h"
#include "intake/source_info.h"
#include "knowledge/model_families.h"

namespace intake {

core::Json analysis_json(const SourceInfo& source, ModelReading reading, const RiskList& risks, const knowledge::ModelFamilies& fam);

}  // namespace intake
