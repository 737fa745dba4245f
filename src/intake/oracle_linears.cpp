#include "intake/oracle_linears.h"

#include "core/glob_match.h"

namespace intake {

namespace {

// safetensors' name for the config's dtype (the inventory's dtype column).
std::string dtype_name(const std::optional<std::string>& d) {
  if (!d) return "unknown";
  if (*d == "bfloat16") return "BF16";
  if (*d == "float16") return "F16";
  if (*d == "float32") return "F32";
  return *d;
}

}  // namespace

LinearInventory inventory_from_oracle(const OracleLinears& oracle, const ModelFacts& facts, const knowledge::ModelFamilies& fam,
                                      const std::vector<std::string>& exclusions) {
  InventoryBuilder builder(facts, fam, exclusions);
  std::string dtype = dtype_name(facts.dtype);
  for (const auto& l : oracle.linears) {
    InventoryModule m;
    m.name = l.name;
    m.role = fam.role_of(l.name);
    m.kind = "linear";
    m.dtype = dtype;
    m.shape = {static_cast<std::uint64_t>(l.out_features), static_cast<std::uint64_t>(l.in_features)};
    m.linear_modules = 1;
    m.quantized = !core::glob_match_any(exclusions, l.name);
    builder.add_module(m);
  }
  return builder.finish();
}

}  // namespace intake
