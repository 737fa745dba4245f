#include "verify/model_tensors.h"

#include <algorithm>
#include <set>

#include "core/json_io.h"

namespace verify {

ModelTensors load_model_tensors(const core::fs::path& dir, VerifyReport* report) {
  ModelTensors m;
  auto add = [report](std::string id, CheckStatus s, std::string msg, std::vector<core::MessageArg> args) {
    if (report != nullptr) report->add(std::move(id), s, std::move(msg), std::move(args));
  };
  std::map<std::string, std::string> weight_map;  // tensor -> shard file name
  const core::fs::path index_path = dir / "model.safetensors.index.json";
  if (core::exists(index_path)) {
    m.has_index = true;
    auto index = core::read_json_file(index_path);
    const core::Json* wm = index ? core::json_object(*index, "weight_map") : nullptr;
    if (wm == nullptr) {
      add("index", CheckStatus::fail, "verify.index_invalid", {{"path", index_path.string()}});
      return m;
    }
    std::set<std::string> shards;
    for (const auto& [tensor, shard] : wm->items()) {
      if (!shard.is_string()) continue;
      std::string s = shard.get<std::string>();
      // A shard name is a plain file name in the directory.
      if (s.find('/') != std::string::npos || s.find("..") != std::string::npos) continue;
      weight_map[tensor] = s;
      shards.insert(s);
    }
    m.shard_files.assign(shards.begin(), shards.end());
  } else {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
      if (e.path().extension() == ".safetensors") m.shard_files.push_back(e.path().filename().string());
    }
    std::sort(m.shard_files.begin(), m.shard_files.end());
  }
  if (m.shard_files.empty()) {
    add("weights_present", CheckStatus::fail, "verify.weights_missing", {{"path", dir.string()}});
    return m;
  }

  std::vector<std::string> missing;
  std::vector<std::string> bad;
  std::set<std::string> seen;
  for (const auto& shard : m.shard_files) {
    core::fs::path p = dir / shard;
    if (!core::exists(p)) {
      missing.push_back(shard);
      continue;
    }
    if (auto size = core::file_size(p)) m.weight_bytes += *size;
    auto table = read_tensor_table(p);
    if (!table) {
      bad.push_back(shard + " (" + table.error().detail + ")");
      continue;
    }
    for (auto& t : table->tensors) {
      if (m.has_index) {
        auto it = weight_map.find(t.name);
        if (it == weight_map.end() || it->second != shard) continue;  // the index is the authority
      }
      seen.insert(t.name);
      std::string name = t.name;
      m.tensors[name] = LocatedTensor{std::move(t), p, table->data_start};
    }
  }
  if (!missing.empty()) {
    add("shards_present", CheckStatus::fail, "verify.shard_missing",
        {{"count", std::to_string(missing.size())}, {"shards", examples(missing)}});
  }
  if (!bad.empty()) {
    add("headers", CheckStatus::fail, "verify.headers_bad", {{"count", std::to_string(bad.size())}, {"shards", examples(bad)}});
  } else if (missing.empty()) {
    add("headers", CheckStatus::pass, "verify.headers_ok",
        {{"count", std::to_string(m.shard_files.size())}, {"tensors", std::to_string(m.tensors.size())}});
  }
  if (m.has_index && missing.empty() && bad.empty()) {
    std::vector<std::string> absent;
    for (const auto& [tensor, shard] : weight_map) {
      if (!seen.count(tensor)) absent.push_back(tensor + " -> " + shard);
    }
    if (absent.empty()) {
      add("index", CheckStatus::pass, "verify.index_ok",
          {{"shards", std::to_string(m.shard_files.size())}, {"tensors", std::to_string(weight_map.size())}});
    } else {
      add("index", CheckStatus::fail, "verify.index_tensor_missing",
          {{"count", std::to_string(absent.size())}, {"tensors", examples(absent)}});
    }
  }
  return m;
}

}  // namespace verify
