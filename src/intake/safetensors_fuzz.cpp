// libFuzzer target for the untrusted-input parsers: the bytes are tried as a whole
// safetensors file (8-byte length, header, data of the remaining size) and as a
// model.safetensors.index.json. Any crash, sanitizer report or unchecked overflow is a bug;
// a rejected input is an ordinary, expected result. The corpus in
// tests/fixtures/fuzz/safetensors/ is replayed under ctest by fuzz_replay_main.cpp.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "intake/safetensors_header.h"
#include "intake/safetensors_index.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto n = intake::parse_header_length(bytes.substr(0, 8), "fuzz", size);
  if (n) {
    auto header = intake::parse_header(bytes.substr(8, static_cast<std::size_t>(*n)), "fuzz", size);
    if (header) {
      // Invariants of an accepted header: offsets tile the data region inside the file.
      std::uint64_t total = 0;
      for (const auto& t : header->tensors) {
        if (t.end < t.begin || t.end > header->data_bytes) __builtin_trap();
        total += t.end - t.begin;
      }
      if (total != header->data_bytes || 8 + *n + header->data_bytes != size) __builtin_trap();
      // The parser reads with On-Demand, which skips what it does not look at: an accepted
      // header must still be valid JSON to the full (DOM) parser, with as many entries.
      simdjson::dom::parser dom;
      simdjson::dom::object root;
      std::string json(bytes.substr(8, static_cast<std::size_t>(*n)));
      if (dom.parse(json).get_object().get(root) != simdjson::SUCCESS) __builtin_trap();
      std::size_t tensors = 0;
      for (auto field : root) tensors += field.key == "__metadata__" ? 0 : 1;
      if (tensors != header->tensors.size()) __builtin_trap();
    }
  }
  auto index = intake::parse_index(bytes, "fuzz");
  if (index) {
    std::size_t sum = 0;
    for (auto count : index->shard_tensors) sum += count;
    if (index->shard_tensors.size() != index->shards.size() || sum != index->tensor_count) __builtin_trap();
  }
  return 0;
}
