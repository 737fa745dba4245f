// The tensors of one safetensors file, from its header only, for verification: intake's
// checked parser (intake/safetensors_header.h) applied to a file on disk, plus where the data
// region starts so that byte ranges can be hashed. Any header defect becomes one verify error.
#pragma once

#include <cstdint>
#include <vector>

#include "core/fs.h"
#include "intake/safetensors_header.h"

namespace verify {

using TensorInfo = intake::TensorInfo;

struct TensorTable {
  core::fs::path path;
  std::uint64_t header_length = 0;
  std::uint64_t data_start = 0;  // 8 + header_length: absolute file offset of the data region
  std::vector<TensorInfo> tensors;
};

// Errors (bad_input "verify.header_invalid" with {path} and the parser's technical detail).
core::Result<TensorTable> read_tensor_table(const core::fs::path& path);

}  // namespace verify
