// The safetensors header parser: untrusted bytes in, validated tensor table out. It mirrors
// safetensors' own rules (safetensors/src/tensor.rs): an 8-byte little-endian length, a
// bounded JSON header, offsets that tile the data region exactly (sorted, contiguous, no
// holes, no overlap), and shape x dtype size == byte length. All arithmetic is checked.
// Only the header is ever looked at; tensor data never is. simdjson parses the JSON (a
// DeepSeek-V3-sized checkpoint has ~6 MB of headers; nlohmann is too slow for that).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace intake {

// safetensors' MAX_HEADER_SIZE.
inline constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

struct TensorInfo {
  std::string name;
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::uint64_t begin = 0;  // offsets relative to the start of the data region
  std::uint64_t end = 0;
};

struct SafetensorsHeader {
  std::uint64_t header_length = 0;                            // N, the JSON length after the 8-byte prefix
  std::vector<TensorInfo> tensors;                            // in header order
  std::vector<std::pair<std::string, std::string>> metadata;  // "__metadata__"
  std::uint64_t data_bytes = 0;                               // end of the last tensor
  std::vector<std::string> unknown_dtypes;                    // kept as opaque data, sizes not checked
};

// Bits per element of a safetensors dtype name; 0 for an unknown name.
unsigned dtype_bits(std::string_view dtype);

// Decodes the 8-byte prefix. `file_size`, when known, bounds the header. Errors (bad_input):
// intake.header_too_short, intake.header_too_large.
core::Result<std::uint64_t> parse_header_length(std::string_view prefix, std::string_view source, std::optional<std::uint64_t> file_size);

// A tensor as the visitor sees it: views into the parser's buffers, valid during the call.
struct TensorView {
  std::string_view name;
  std::string_view dtype;
  const std::uint64_t* shape = nullptr;
  std::size_t rank = 0;
  std::uint64_t bytes = 0;  // end - begin
  std::uint64_t begin = 0;  // offset in the data region
};
using TensorVisitor = std::function<void(const TensorView&)>;

// Summary of a validated header (what the visitor does not get).
struct HeaderSummary {
  std::uint64_t header_length = 0;
  std::uint64_t data_bytes = 0;
  std::size_t tensor_count = 0;
  std::vector<std::string> unknown_dtypes;
};

// Validates the whole header first, then calls `visit` once per tensor in header order (so a
// rejected header produces no visits). No per-tensor allocation: this is the fast path that
// intake uses on ~46k tensors.
// `padded`: the caller guarantees kHeaderPadding readable bytes after `json` (saves a copy).
core::Result<HeaderSummary> visit_header(std::string_view json, std::string_view source, std::optional<std::uint64_t> file_size,
                                         const TensorVisitor& visit, bool padded = false);
inline constexpr std::size_t kHeaderPadding = 64;  // simdjson's SIMDJSON_PADDING

// Parses and validates the JSON header. With `file_size` the data region must end exactly at
// the end of the file. Errors (bad_input), each naming `source`: intake.header_json,
// intake.header_entry, intake.header_overflow, intake.header_size_mismatch, intake.header_partial_byte,
// intake.header_overlap, intake.header_gap, intake.header_data_length.
core::Result<SafetensorsHeader> parse_header(std::string_view json, std::string_view source, std::optional<std::uint64_t> file_size);

}  // namespace intake
