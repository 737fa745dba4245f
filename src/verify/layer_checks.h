// Planned vs. actual, per layer: every Linear the plan quantizes carries a weight of the
// expected dtype with its scales; every excluded one is untouched (same dtype and, with a
// local source, byte-identical data by hash); none is left unquantized unexpectedly.
#pragma once

#include <optional>

#include "verify/expectations.h"
#include "verify/model_tensors.h"

namespace verify {

// `exclusions`: the patterns the export applied (config's quantization_config.exclude, or the
// plan's). `source`: the source model's tensors, when a local source is given.
void check_layers(const ModelTensors& output, const Expectations& expect, const std::vector<std::string>& exclusions,
                  const ModelTensors* source, VerifyReport& report);

}  // namespace verify
