// The linear-layer estimate used when no safetensors headers can be read (pytorch .bin
// weights, shards not in the cache offline). It synthesizes Llama-style module names from the
// config (attention q/k/v/o, or MLA q_a/q_b/kv_a/kv_b/o; MLP gate/up/down; per MoE layer a
// router, every expert's gate/up/down and the shared experts) and matches the template's
// exclusions against them. `method` says exactly that, so nobody mistakes it for a count.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "intake/config_facts.h"
#include "knowledge/model_families.h"

namespace intake {

struct Estimate {
  std::uint64_t linear_modules = 0;
  std::uint64_t quantized_modules = 0;
  std::string method;
};

// Bounded whatever the config claims: the names are synthesized once per kind of layer (and
// once per expert module) when no exclusion pattern tells indices apart, and a config that
// implies more than config_limits::linear_modules modules is refused
// ("intake.config_implausible_total", bad_input, naming `source`).
core::Result<Estimate> estimate_linears(const ModelFacts& facts, const knowledge::ModelFamilies& fam,
                                        const std::vector<std::string>& exclusions, std::string_view source);

}  // namespace intake
