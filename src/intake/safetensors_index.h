// model.safetensors.index.json: which shard holds which tensor. Parsed with simdjson (the
// DeepSeek-V3 index maps ~47k names). Shard names must be plain file names in the model
// directory: a name with '/', '\\' or "..", or not ending in .safetensors, is refused.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace intake {

struct SafetensorsIndex {
  std::optional<std::uint64_t> total_size;  // metadata.total_size when present
  std::vector<std::string> shards;          // distinct shard names, in first-seen order
  std::size_t tensor_count = 0;             // entries in weight_map
  std::vector<std::size_t> shard_tensors;   // per shard: how many weight_map entries name it
};

// Errors (bad_input): intake.index_invalid naming `source`. When `capacity` (the bytes
// allocated at json.data()) leaves simdjson's 64 bytes of padding, the text is not copied.
core::Result<SafetensorsIndex> parse_index(std::string_view json, std::string_view source, std::size_t capacity = 0);

}  // namespace intake
