// The exact quantizable-linear inventory from safetensors headers: every 2-D weight of a
// Linear-like module (plus fused 3-D expert tensors, which Quark unfuses), with its role,
// shape and dtype, and whether Quark would quantize it after the template's default
// exclusions (fnmatch on the module name, as Quark does). The counting rules are written in
// references/model-intake.md; the data behind them is in knowledge/model_families.json.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "intake/config_facts.h"
#include "intake/name_template.h"
#include "intake/safetensors_header.h"
#include "knowledge/model_families.h"

namespace intake {

struct InventoryModule {
  std::string name;  // module name: the tensor name without its weight suffix
  std::string role;  // attention, mlp, experts, shared_experts, router, vision, audio, lm_head, embeddings, other
  std::string kind;  // linear, fused_experts, conv1d, embedding, non_linear (a router class, a position table)
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::uint64_t linear_modules = 0;  // nn.Linear modules it is in Quark: 1, experts x k when fused, 0
  bool quantized = false;            // linear and not excluded by default
  bool tied = false;                 // lm_head tied to the embeddings, not stored in the checkpoint
};

// Modules sharing a name template, role, kind, dtype, shape and flags; `indices` holds
// `width` numbers per module (the values of the template's "{}" placeholders), flat.
struct InventoryGroup {
  std::string templ;
  bool literal = false;  // the name itself contains braces: no placeholders
  std::string role;
  std::string kind;
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::uint64_t linear_modules = 0;  // per module
  bool quantized = false;
  bool tied = false;
  std::size_t width = 0;
  std::size_t count = 0;
  std::vector<std::uint32_t> indices;
};

struct DtypeTotals {
  std::uint64_t tensors = 0;
  std::uint64_t parameters = 0;
  std::uint64_t bytes = 0;
};

struct RoleTotals {
  std::uint64_t linear_modules = 0;
  std::uint64_t quantized_modules = 0;
  std::uint64_t parameters = 0;
};

// Tensors the checkpoint stores pre-quantized (packed weights, scales: the knowledge's
// pre_quantized_tensor_suffixes), by tensor name template.
struct PrequantizedTensors {
  std::string templ;   // "model.layers.{}.mlp.experts.gate_up_proj_blocks"
  std::string module;  // the template without the suffix: the module it belongs to
  DtypeTotals totals;
  bool module_counted = false;  // that module is in the inventory (an fp8 weight's scale); false:
                                // the weights it holds are in no linear-module count
};

// "model.layers.*.mlp.experts.gate_up_proj_blocks (x24)": the template with its numbers as
// "*", and how many tensors it stands for.
std::string prequantized_name(const PrequantizedTensors& pq);

struct LinearInventory {
  std::vector<InventoryGroup> groups;
  std::uint64_t module_count = 0;
  std::map<std::string, DtypeTotals> all_by_dtype;     // every tensor
  std::map<std::string, DtypeTotals> linear_by_dtype;  // linear-module weights only
  std::map<std::string, RoleTotals> by_role;
  std::uint64_t tensor_count = 0;
  std::uint64_t parameters = 0;
  std::uint64_t linear_modules = 0;  // what Quark sees (fused experts unfused)
  std::uint64_t quantized_modules = 0;
  std::uint64_t linear_parameters = 0;
  std::uint64_t quantized_parameters = 0;
  bool has_fused_experts = false;
  bool has_per_expert_tensors = false;
  bool has_conv1d = false;
  bool has_prequantized_tensors = false;          // scales / packed weights present
  std::vector<PrequantizedTensors> prequantized;  // first seen first
  std::vector<std::int64_t> expert_layers;        // layer indices that hold expert tensors
};

// What the name tests of the inventory need, shared read-only by every ShardScanner (one per
// header thread) and the InventoryBuilder that merges their parts.
struct InventoryRules {
  InventoryRules(const ModelFacts& facts, const knowledge::ModelFamilies& fam, std::vector<std::string> exclusions);
  const ModelFacts& facts;
  const knowledge::ModelFamilies& fam;
  std::vector<std::string> safe_patterns;    // exclusions that give the same answer on a template
  std::vector<std::string> unsafe_patterns;  // the others, matched on each module name
  bool conv1d_family = false;
  std::vector<std::string> non_linear_patterns;  // modules whose weight is not an nn.Linear's
  bool classes_valid = false;                    // every name test gives the same answer on a name's template
};

// What the tensors of one shard add to the inventory, in the order they came: groups in
// first-seen order, so that parts merged in shard order give the groups one pass over every
// tensor would give. A part holds no strings of its own: `groups` point at group
// descriptions (no members) kept by whoever made the part, which must outlive the merge.
struct InventoryPart {
  std::vector<const InventoryGroup*> groups;
  std::vector<std::uint32_t> counts;                              // per group: its modules in this part
  std::vector<std::uint32_t> indices;                             // the modules' indices, group after group
  std::vector<std::pair<std::string, DtypeTotals>> all_by_dtype;  // a few entries
  std::uint64_t tensor_count = 0;
  std::uint64_t parameters = 0;
  std::uint64_t module_count = 0;
  bool has_fused_experts = false;
  bool has_per_expert_tensors = false;
  bool has_conv1d = false;
  bool has_prequantized_tensors = false;
  std::vector<std::pair<std::string, DtypeTotals>> prequantized;  // by tensor name template, a few entries
  std::vector<std::int64_t> expert_layers;                        // in the order seen
  bool has_lm_head = false;
  std::optional<InventoryModule> embedding;  // the first token embedding, for a tied lm_head
};

// Classifies tensors (straight from the header parser) into a part. One per thread: it caches
// what a name template decides (role; exclusion patterns without digits, '?', '[' or braces),
// so a 46k-tensor checkpoint classifies a few dozen templates, and never holds per-tensor
// strings.
class ShardScanner {
 public:
  explicit ShardScanner(const InventoryRules& rules);
  ~ShardScanner();
  ShardScanner(ShardScanner&&) noexcept;
  ShardScanner(const ShardScanner&) = delete;
  ShardScanner& operator=(const ShardScanner&) = delete;

  void add_tensor(const TensorView& t);
  // What was added since the last call; the scanner starts a new part.
  InventoryPart take_part();

 private:
  struct State;
  std::unique_ptr<State> m_state;
};

// Merges parts (in shard order) into the inventory; a part's scanner must still exist.
class InventoryBuilder {
 public:
  // `exclusions`: the template's default patterns, fnmatched on module names as Quark does.
  InventoryBuilder(const ModelFacts& facts, const knowledge::ModelFamilies& fam, std::vector<std::string> exclusions);
  ~InventoryBuilder();
  InventoryBuilder(const InventoryBuilder&) = delete;
  InventoryBuilder& operator=(const InventoryBuilder&) = delete;

  const InventoryRules& rules() const;
  // Parts in shard order (all of a checkpoint's at once: each group's indices are then
  // allocated once, at their full size, not grown part after part).
  void add_parts(std::vector<InventoryPart> parts);
  // One thread's way: a tensor through the builder's own scanner (its part is merged next).
  void add_tensor(const TensorView& t);
  // A module given directly (tests, expansion round trips).
  void add_module(const InventoryModule& m);
  // Adds the tied lm_head when due and computes the totals.
  LinearInventory finish();

 private:
  struct State;
  std::unique_ptr<State> m_state;
};

}  // namespace intake
