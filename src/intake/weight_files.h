// Which weight files a model has, from its file listing and (when there is one) the
// safetensors index: the shards whose headers make the inventory, the shards the index names
// but the source lacks, and the weight format.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "intake/model_files.h"
#include "intake/safetensors_index.h"

namespace intake {

inline constexpr std::string_view kIndexFileName = "model.safetensors.index.json";

enum class WeightsFormat { safetensors, pytorch_bin, none };

// "safetensors", "pytorch_bin", "none": the artifact's files.weights_format.
std::string_view weights_format_name(WeightsFormat format);

struct WeightFiles {
  WeightsFormat format = WeightsFormat::none;
  std::vector<std::string> shards;          // to read, in the index's order
  std::vector<std::string> missing_shards;  // named by the index, not in the source
  std::optional<SafetensorsIndex> index;
};

// Whether a missing shard is an error (a local directory must be complete) or a fact to
// report (a cache snapshot may hold only some files).
enum class MissingShards { fail, report };

// The shard files the listing shows, sorted: top-level *.safetensors except consolidated.*
// (the same weights in another layout). Usually exactly the shards the index names; the
// header threads start on these before the index is read.
std::vector<std::string> listed_shards(const std::vector<FileEntry>& listing);

// Reads the index when the listing has one. Errors: the index's own (bad_input), and
// intake.index_shard_missing under MissingShards::fail.
core::Result<WeightFiles> find_weight_files(ModelFiles& files, const std::vector<FileEntry>& listing, MissingShards missing);

}  // namespace intake
