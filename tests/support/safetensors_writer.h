// Header-only safetensors fixtures: each shard is the 8-byte length, the JSON header and a
// data region that is only declared (ftruncate makes it a sparse hole). A checkpoint of any
// declared size costs a few kilobytes of disk, and reading tensor data would return zeros,
// which is why the tests count bytes read instead.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace test_support {

struct TensorSpec {
  std::string name;
  std::string dtype;
  std::vector<std::uint64_t> shape;
};

// Expands a tensors.json spec: {"dtype": "BF16", "tensors": [[pattern, shape, dtype?], ...]}
// where a pattern may hold ranges like "model.layers.{0-31}.mlp.up_proj.weight".
std::vector<TensorSpec> expand_spec(const nlohmann::json& spec);

// One shard at `path`: returns the header length N.
std::uint64_t write_shard(const std::filesystem::path& path, const std::vector<TensorSpec>& tensors);

// `shards` files model-0000i-of-0000n.safetensors plus model.safetensors.index.json in `dir`
// (or a single model.safetensors when shards == 1).
void write_checkpoint(const std::filesystem::path& dir, const std::vector<TensorSpec>& tensors, int shards);

// Bytes of one element group: element count x dtype bits / 8.
std::uint64_t tensor_bytes(const TensorSpec& t);

}  // namespace test_support
