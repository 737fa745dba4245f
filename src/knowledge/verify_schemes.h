// What a quark-cli export holds per quantized Linear, by scheme, and the other tables of
// verification (knowledge/verify/schemes.json): the dtypes that are not quantized, the weight
// holders that are not Linear, the KV-cache tensors per KV scheme, the tokenizer files.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct ExportedScheme {
  std::vector<std::string> weight_dtypes;     // any of these on disk
  std::vector<std::string> required_tensors;  // suffixes beside <module>.weight
  std::string config_weight_dtype;            // global_quant_config.weight.dtype
};

struct ExportedKvCache {
  std::vector<std::string> modules;           // glob patterns of the modules that carry it
  std::vector<std::string> required_tensors;  // suffixes beside their weight
};

struct VerifySchemes {
  // Algorithms that change excluded layers' values, never their dtype or shape.
  std::vector<std::string> rescaling_algorithms;
  std::vector<std::string> unquantized_dtypes;
  std::vector<std::string> non_linear_patterns;
  std::map<std::string, ExportedKvCache, std::less<>> kv_cache;  // by KV-cache scheme
  std::vector<std::string> tokenizer_all_of;
  std::vector<std::string> tokenizer_one_of;
  std::map<std::string, ExportedScheme, std::less<>> schemes;  // by scheme name
};

// The strict reading of a document shaped as knowledge/verify/schemes.json: internal
// "knowledge.data_invalid" naming the first missing or mistyped field.
core::Result<VerifySchemes> parse_verify_schemes(const core::Json& doc);

// Parsed once from the embedded file.
core::Result<const VerifySchemes*> verify_schemes();

}  // namespace knowledge
