// The tensor layout of a BF16 DeepSeek-V3 checkpoint (61 decoder layers, the first 3 dense,
// 256 routed + 1 shared expert, MLA attention, one MTP layer at index 61): ~46k tensors,
// ~1.37 TB declared. Only names, dtypes and shapes; the benchmark writes header-only shards.
#pragma once

#include <vector>

#include "support/safetensors_writer.h"

namespace bench {

std::vector<test_support::TensorSpec> deepseek_v3_tensors();

}  // namespace bench
