// Step 1's judgement: the risks of a model, decided from what was read and the model-family
// rules alone (no files, no clock), so that every rule is tested on a table of readings.
// The rules are written in references/model-intake.md; their order is the artifact's.
#pragma once

#include "intake/model_reading.h"
#include "intake/risks.h"
#include "knowledge/model_families.h"

namespace intake {

RiskList assess_risks(const ModelReading& reading, const knowledge::ModelFamilies& fam);

}  // namespace intake
