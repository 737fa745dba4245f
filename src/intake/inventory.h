// The compact, exact module inventory stored in model_analysis.json, and its expansion.
//
// DeepSeek-V3 has ~47k tensors; listing every module name would make the artifact megabytes.
// Instead modules are grouped by name template (pure-numeric segments replaced by "{}") and
// by role, kind, dtype, shape and quantized flag; each group carries its index sets as blocks
// of range lists, one list per "{}", meaning the cartesian product:
//
//   {"name": "model.layers.{}.mlp.experts.{}.up_proj", "indices": [["3-60", "0-255"]],
//    "count": 14848, "role": "experts", "kind": "linear", "dtype": "BF16",
//    "shape": [2048, 7168], "linear_modules": 1, "quantized": true}
//
// A group whose index tuples are not one product is split into several blocks, so the
// encoding is exact. `expand_inventory` gives the planner and the verifier the full list
// (the same names Quark fnmatches its patterns against).
#pragma once

#include <vector>

#include "artifacts/model_analysis.h"
#include "core/json_io.h"
#include "intake/linear_inventory.h"

namespace intake {

// model_analysis.json's inventory groups from the builder's groups (their index lists get
// sorted in place), and the same encoded as the "groups" array.
std::vector<artifacts::InventoryGroupRecord> group_records(std::vector<InventoryGroup>& groups);
core::Json encode_groups(std::vector<InventoryGroup>& groups);
// The same from a plain module list.
core::Json encode_inventory(const std::vector<InventoryModule>& modules);

// Every module of `analysis` (a whole model_analysis.json, or its "inventory" object, or the
// "groups" array). Errors (bad_input "intake.inventory_invalid") when the encoding is broken;
// an analysis without an exact inventory (estimate only) yields an empty list.
core::Result<std::vector<InventoryModule>> expand_inventory(const core::Json& analysis);

// "0-3,7,9-10" <-> {0,1,2,3,7,9,10} (sorted, distinct).
std::string format_ranges(const std::vector<std::uint32_t>& sorted_values);
core::Result<std::vector<std::uint32_t>> parse_ranges(std::string_view text);

}  // namespace intake
