#include "intake/safetensors_index.h"

#include <unordered_map>

#include <simdjson.h>

#include "intake/json_text.h"

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

core::Result<SafetensorsIndex> parse_index(std::string_view json, std::string_view source, std::size_t capacity) {
  // On-demand parsing: the DOM of a 3 MB index would cost more memory than everything else.
  simdjson::ondemand::parser parser;
  simdjson::padded_string copy;
  simdjson::padded_string_view view(json.data(), json.size(), capacity);
  if (capacity < json.size() + simdjson::SIMDJSON_PADDING) {
    copy = simdjson::padded_string(json);
    view = simdjson::padded_string_view(copy.data(), copy.size(), copy.size() + simdjson::SIMDJSON_PADDING);
  }
  simdjson::ondemand::document doc;
  if (auto err = parser.iterate(view).get(doc); err != simdjson::SUCCESS) return index_error(source, simdjson::error_message(err));
  simdjson::ondemand::object obj;
  if (doc.get_object().get(obj) != simdjson::SUCCESS) return index_error(source, "not a JSON object");
  SafetensorsIndex idx;
  bool have_map = false;
  // Without a backslash anywhere, every string is its own raw text: the 47k names and shard
  // names of a large index need not be decoded into simdjson's string buffer (megabytes of
  // fresh pages). Keys are then not looked at at all: stage 1 validated them.
  const bool plain_text = !json_text::has_escapes(json);
  // Keys view simdjson's string buffer, which lives as long as `parser`.
  std::unordered_map<std::string_view, std::uint32_t> seen;
  for (auto field : obj) {
    std::string_view key;
    if (field.unescaped_key().get(key) != simdjson::SUCCESS) return index_error(source, "unreadable key");
    if (key == "metadata") {
      simdjson::ondemand::object meta;
      if (field.value().get_object().get(meta) != simdjson::SUCCESS) continue;
      for (auto m : meta) {
        std::string_view mk;
        if (m.unescaped_key().get(mk) != simdjson::SUCCESS) return index_error(source, "unreadable metadata key");
        if (mk != "total_size") continue;
        std::uint64_t total = 0;
        double d = 0;
        auto value = m.value();
        simdjson::ondemand::number_type type;
        if (value.get_number_type().get(type) != simdjson::SUCCESS) {
          return index_error(source, "metadata.total_size is not a non-negative number");
        }
        // Some exporters write total_size as a float; accept an integral value either way.
        if (type == simdjson::ondemand::number_type::unsigned_integer || type == simdjson::ondemand::number_type::signed_integer) {
          if (value.get_uint64().get(total) != simdjson::SUCCESS) return index_error(source, "metadata.total_size is negative");
          idx.total_size = total;
        } else if (value.get_double().get(d) == simdjson::SUCCESS && d >= 0 && d < 1.8e19) {
          idx.total_size = static_cast<std::uint64_t>(d);
        } else {
          return index_error(source, "metadata.total_size is not a non-negative number");
        }
      }
      continue;
    }
    if (key != "weight_map") continue;
    simdjson::ondemand::object map;
    if (field.value().get_object().get(map) != simdjson::SUCCESS) return index_error(source, "weight_map missing or not an object");
    have_map = true;
    for (auto entry_result : map) {
      simdjson::ondemand::field entry;
      std::string_view name;
      std::string_view shard;
      if (std::move(entry_result).get(entry) != simdjson::SUCCESS) return index_error(source, "unreadable weight_map key");
      if (!plain_text || !json_text::raw_string(entry.value().raw_json_token(), shard)) {
        // Escapes somewhere in the text (or a value that is not a string): decode properly.
        if (entry.unescaped_key().get(name) != simdjson::SUCCESS) return index_error(source, "unreadable weight_map key");
        if (entry.value().get_string().get(shard) != simdjson::SUCCESS) {
          return index_error(source, "weight_map['" + std::string(name) + "'] is not a string");
        }
      }
      // Consecutive entries often name the same shard: check the last one first. A name is
      // checked once, when first seen.
      if (!idx.shards.empty() && idx.shards.back() == shard) {
        ++idx.shard_tensors.back();
      } else if (auto it = seen.find(shard); it != seen.end()) {
        ++idx.shard_tensors[it->second];
      } else {
        if (!plain_shard_name(shard)) {
          return index_error(source,
                             "weight_map names '" + std::string(shard) + "', which is not a .safetensors file name in the model directory");
        }
        seen.emplace(shard, static_cast<std::uint32_t>(idx.shards.size()));
        idx.shards.emplace_back(shard);
        idx.shard_tensors.push_back(1);
      }
      ++idx.tensor_count;
    }
  }
  if (!have_map) return index_error(source, "weight_map missing or not an object");
  if (idx.shards.empty()) return index_error(source, "weight_map is empty");
  return idx;
}

}  // namespace intake
