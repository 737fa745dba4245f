#include "intake/safetensors_index.h"

#include <unordered_map>

#include <simdjson.h>

namespace intake {

namespace {

core::Error index_error(std::string_view source, std::string detail) {
  return core::make_error(core::ExitCode::bad_input, "intake.index_invalid")
      .with("source", std::string(source))
      .with_detail(std::move(detail));
}

bool plain_shard_name(std::string_view s) {
  constexpr std::string_view kExt = ".safetensors";
  if (s.size() <= kExt.size() || s.substr(s.size() - kExt.size()) != kExt) return false;
  if (s.find('/') != std::string_view::npos || s.find('\\') != std::string_view::npos) return false;
  if (s.find("..") != std::string_view::npos || s.find('\0') != std::string_view::npos) return false;
  return true;
}

}  // namespace

core::Result<SafetensorsIndex> parse_index(std::string_view json, std::string_view source) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  auto err = parser.parse(json.data(), json.size(), true).get(root);
  if (err != simdjson::SUCCESS) return index_error(source, simdjson::error_message(err));
  simdjson::dom::object obj;
  if (root.get_object().get(obj) != simdjson::SUCCESS) return index_error(source, "not a JSON object");
  SafetensorsIndex idx;
  simdjson::dom::object meta;
  if (obj["metadata"].get_object().get(meta) == simdjson::SUCCESS) {
    std::uint64_t total = 0;
    simdjson::dom::element ts;
    if (meta["total_size"].get(ts) == simdjson::SUCCESS) {
      // Some exporters write total_size as a float; accept an integral value either way.
      double d = 0;
      if (ts.get_uint64().get(total) == simdjson::SUCCESS) {
        idx.total_size = total;
      } else if (ts.get_double().get(d) == simdjson::SUCCESS && d >= 0 && d < 1.8e19) {
        idx.total_size = static_cast<std::uint64_t>(d);
      } else {
        return index_error(source, "metadata.total_size is not a non-negative number");
      }
    }
  }
  simdjson::dom::object map;
  if (obj["weight_map"].get_object().get(map) != simdjson::SUCCESS) {
    return index_error(source, "weight_map missing or not an object");
  }
  std::unordered_map<std::string_view, std::uint32_t> seen;  // views into the parser's DOM
  for (auto field : map) {
    std::string_view shard;
    if (field.value.get_string().get(shard) != simdjson::SUCCESS) {
      return index_error(source, "weight_map['" + std::string(field.key) + "'] is not a string");
    }
    if (!plain_shard_name(shard)) {
      return index_error(source, "weight_map names '" + std::string(shard) + "', which is not a .safetensors file name in the model directory");
    }
    auto it = seen.find(shard);
    if (it == seen.end()) {
      seen.emplace(shard, static_cast<std::uint32_t>(idx.shards.size()));
      idx.shards.emplace_back(shard);
      idx.shard_tensors.push_back(1);
    } else {
      ++idx.shard_tensors[it->second];
    }
    ++idx.tensor_count;
  }
  if (idx.shards.empty()) return index_error(source, "weight_map is empty");
  return idx;
}

}  // namespace intake
