// Config values with which the installed transformers' forward pass fails in a known place,
// each with the risk that names its fix (knowledge/intake/forward_risks.json). DBRX with
// attn_config.clip_qkv null: transformers 5.16.1's DbrxAttention clamps with no bounds.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct ForwardRisk {
  std::string model_type;      // config.model_type
  std::string object;          // the (text) config's object that holds the field, e.g. attn_config
  std::string field;           // null or absent in that object: the rule holds, e.g. clip_qkv
  std::string fails_in;        // prefix of the failing function the oracle names, e.g. "DbrxAttention."
  std::string risk;            // catalog id when the oracle's forward pass failed there (high)
  std::string unchecked_risk;  // catalog id when no oracle answer could check it (medium)

  // Whether `config` (the text config, of this rule's model type) has `object` with `field`
  // null or absent.
  bool holds_for(const core::Json& config) const;
};

struct ForwardRisks {
  std::vector<ForwardRisk> rules;

  // The rules of `model_type` that hold for its text config.
  std::vector<ForwardRisk> holding(std::string_view model_type, const core::Json& config) const;
};

// The strict reading of a document shaped as knowledge/intake/forward_risks.json: internal
// "knowledge.data_invalid" naming the first missing or mistyped field.
core::Result<ForwardRisks> parse_forward_risks(const core::Json& doc);

// Parsed once from the embedded file.
core::Result<const ForwardRisks*> forward_risks();

}  // namespace knowledge
