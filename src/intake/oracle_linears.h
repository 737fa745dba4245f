// The model oracle's nn.Linear set as intake takes it (src/oracle runs the oracle; intake
// does not start processes, so the caller - the analyze flow - runs it and hands the answer
// in). When no safetensors headers can be read, intake uses this instead of the config-only
// estimate: these are the modules Quark will see, by the installed libraries themselves.
//
// From an oracle::ModelOracle `o`, the flow fills it as:
//   for (const auto& l : o.linear_modules) linears.linears.push_back({l.name, l.in_features, l.out_features});
//   linears.versions = report.versions.key();
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "intake/config_facts.h"
#include "intake/linear_inventory.h"
#include "knowledge/model_families.h"

namespace intake {

struct OracleLinear {
  std::string name;  // as Quark names it
  std::int64_t in_features = 0;
  std::int64_t out_features = 0;
};

// The oracle's forward pass on the meta device (oracle::ForwardCheck): "ok", "failed" (an error
// no data avoids: quark-cli fails the same way) or "inconclusive" (the meta device stopped it).
struct OracleForward {
  std::string status;
  std::string error;     // the libraries' words
  std::string function;  // e.g. "DbrxAttention.forward"
  std::string where;     // e.g. "transformers/models/dbrx/modeling_dbrx.py:216"
};

struct OracleLinears {
  std::string versions;  // e.g. "torch=2.11.0 transformers=5.16.1 amd-quark=0.13"
  std::vector<OracleLinear> linears;
  std::optional<OracleForward> forward;
  // Non-empty when the oracle gave no answer (no environment, a refusal, a timeout): why, in
  // English. `linears` is then empty and the config estimate stays the fallback.
  std::string unavailable;
};

// The inventory of those modules, each [out, in] in the config's dtype, roles and template
// exclusions applied to the names as Quark fnmatches them.
LinearInventory inventory_from_oracle(const OracleLinears& oracle, const ModelFacts& facts, const knowledge::ModelFamilies& fam,
                                      const std::vector<std::string>& exclusions);

}  // namespace intake
