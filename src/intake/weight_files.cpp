#include "intake/weight_files.h"

#include <algorithm>
#include <set>

namespace intake {

namespace {

constexpr std::string_view kSingleShard = "model.safetensors";

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_top_level_shard(std::string_view name) {
  return ends_with(name, ".safetensors") && name.find('/') == std::string_view::npos && name.rfind("consolidated", 0) != 0;
}

bool is_pytorch_bin(std::string_view name) {
  return name == "pytorch_model.bin" || name == "pytorch_model.bin.index.json" ||
         (ends_with(name, ".bin") && name.rfind("pytorch_model", 0) == 0);
}

}  // namespace

std::string_view weights_format_name(WeightsFormat format) {
  switch (format) {
    case WeightsFormat::safetensors:
      return "safetensors";
    case WeightsFormat::pytorch_bin:
      return "pytorch_bin";
    case WeightsFormat::none:
      break;
  }
  return "none";
}

std::vector<std::string> listed_shards(const std::vector<FileEntry>& listing) {
  std::vector<std::string> out;
  for (const auto& f : listing) {
    if (is_top_level_shard(f.name)) out.push_back(f.name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

core::Result<WeightFiles> find_weight_files(ModelFiles& files, const std::vector<FileEntry>& listing, MissingShards missing) {
  std::set<std::string, std::less<>> names;
  for (const auto& f : listing) names.insert(f.name);
  WeightFiles w;
  if (names.count(kIndexFileName) != 0) {
    QPTQ_TRY_ASSIGN(auto text, files.read_padded(kIndexFileName));
    if (text) {
      QPTQ_TRY_ASSIGN(auto idx, parse_index(text->text(), files.describe(kIndexFileName), text->capacity()));
      for (const auto& s : idx.shards) {
        if (names.count(s) != 0) {
          w.shards.push_back(s);
        } else if (missing == MissingShards::fail) {
          return core::make_error(core::ExitCode::bad_input, "intake.index_shard_missing")
              .with("index", files.describe(kIndexFileName))
              .with("shard", s);
        } else {
          w.missing_shards.push_back(s);
        }
      }
      w.index = std::move(idx);
      w.format = WeightsFormat::safetensors;
      return w;
    }
  }
  if (names.count(kSingleShard) != 0) {
    w.shards.emplace_back(kSingleShard);
  } else {
    w.shards = listed_shards(listing);  // shards without an index
  }
  if (!w.shards.empty()) {
    w.format = WeightsFormat::safetensors;
  } else if (std::any_of(names.begin(), names.end(), [](const std::string& n) { return is_pytorch_bin(n); })) {
    w.format = WeightsFormat::pytorch_bin;
  }
  return w;
}

}  // namespace intake
