// Planned vs. actual, per layer: every Linear the plan quantizes carries a weight of the
// expected dtype with its scales; every excluded one is untouched (same dtype and, with a
// local source, byte-identical data by hash); none is left unquantized unexpectedly.
#pragma once

#include <optional>

#include "verify/expectations.h"
#include "verify/model_tensors.h"

namespace verify {

// `exclusions`: what the export says it excluded (config's quantization_config.exclude). The
// plan's exclusions and the non-Linear weight holders (routers) must come out untouched too;
// a planned exclusion holds when every module it matches is unquantized and, with a source,
// byte-identical, whether or not `exclusions` names it. `source`: the source model's tensors,
// under the export's names, when a local source is given. `tied_embeddings`: the output's
// config.json ties lm_head to the input embedding (tie_word_embeddings: true).
void check_layers(const ModelTensors& output, const Expectations& expect, const std::vector<std::string>& exclusions,
                  const ModelTensors* source, VerifyReport& report, bool tied_embeddings = false);

}  // namespace verify
