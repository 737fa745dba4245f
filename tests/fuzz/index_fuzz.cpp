// libFuzzer target: the bytes are a model.safetensors.index.json. parse_index reads it in place
// when the buffer leaves simdjson's padding and from a copy otherwise: both must agree, and an
// accepted index must be consistent (one count per shard, the counts summing to the entries,
// shard names plain .safetensors file names). Then the index is read as `analyze` reads it
// beside a valid config with no shard files present. Corpus: tests/fuzz/index/.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "intake/analysis.h"
#include "intake/safetensors_index.h"
#include "memory_model_files.h"

namespace {

constexpr const char* kConfig =
    R"({"model_type": "llama", "architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,)"
    R"( "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 128, "vocab_size": 256})";

bool plain_shard_name(const std::string& s) {
  return s.size() > 12 && s.compare(s.size() - 12, 12, ".safetensors") == 0 && s.find('/') == std::string::npos &&
         s.find('\\') == std::string::npos && s.find("..") == std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto copied = intake::parse_index(bytes, "fuzz");
  std::string padded(bytes);
  padded.append(simdjson::SIMDJSON_PADDING, '\0');
  auto in_place = intake::parse_index(std::string_view(padded.data(), size), "fuzz", padded.size());
  if (copied.has_value() != in_place.has_value()) __builtin_trap();
  if (copied) {
    if (copied->shards != in_place->shards || copied->tensor_count != in_place->tensor_count ||
        copied->total_size != in_place->total_size || copied->shard_tensors != in_place->shard_tensors) {
      __builtin_trap();
    }
    std::size_t sum = 0;
    for (auto count : copied->shard_tensors) sum += count;
    if (copied->shard_tensors.size() != copied->shards.size() || sum != copied->tensor_count) __builtin_trap();
    for (const auto& s : copied->shards) {
      if (!plain_shard_name(s)) __builtin_trap();
    }
  } else if (copied.error().id != in_place.error().id) {
    __builtin_trap();
  }
  fuzz::MemoryModelFiles files({{"config.json", kConfig}, {"model.safetensors.index.json", std::string(bytes)}});
  intake::SourceInfo src;
  src.kind = "local";
  src.input = src.model_path = "/fuzz/model";
  (void)intake::analyze_files(files, src, 1);
  return 0;
}
