// The tensors of a safetensors file, from its header only. Verification needs the same facts
// as intake (name, dtype, shape, byte range) plus the checks that the header agrees with the
// file: offsets tile the data region, dtype x shape == byte length, the data ends at the end
// of the file. The field names match intake::TensorInfo (branch `intake`), so this reader can
// be replaced by intake::parse_header once that lands in main.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/fs.h"

namespace verify {

struct TensorInfo {
  std::string name;
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::uint64_t begin = 0;  // relative to the data region
  std::uint64_t end = 0;
};

struct TensorTable {
  core::fs::path path;
  std::uint64_t header_length = 0;
  std::uint64_t data_start = 0;  // 8 + header_length: absolute file offset of the data region
  std::vector<TensorInfo> tensors;
};

// Bytes per element of a safetensors dtype; 0 when unknown (then sizes are not checked).
double dtype_bytes(const std::string& dtype);

// Errors (bad_input "verify.header_invalid" with {path} and a technical detail).
core::Result<TensorTable> read_tensor_table(const core::fs::path& path);

}  // namespace verify
