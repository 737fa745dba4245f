// All tensors of a model directory, across shards: from model.safetensors.index.json when
// there is one (cross-checked against every shard header), else from every *.safetensors.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "verify/report.h"
#include "verify/tensor_table.h"

namespace verify {

struct LocatedTensor {
  TensorInfo info;
  core::fs::path file;
  std::uint64_t data_start = 0;  // absolute file offset of the shard's data region
};

struct ModelTensors {
  std::map<std::string, LocatedTensor> tensors;
  std::vector<std::string> shard_files;
  std::uint64_t weight_bytes = 0;  // sum of the shard file sizes that exist
  bool has_index = false;
};

// Reads headers only. With a report, adds the checks weights_present, index and headers;
// without one (the source model), problems just leave tensors out.
ModelTensors load_model_tensors(const core::fs::path& dir, VerifyReport* report);

}  // namespace verify
