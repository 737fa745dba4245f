// A model directory held in memory, for the fuzz targets that feed intake one file at a time:
// the named files and nothing else, listed with their sizes; shards have no header to read.
#pragma once

#include <map>
#include <string>

#include "intake/model_files.h"

namespace fuzz {

class MemoryModelFiles final : public intake::ModelFiles {
 public:
  explicit MemoryModelFiles(std::map<std::string, std::string> files) : m_files(std::move(files)) {}
  core::Result<std::vector<intake::FileEntry>> list() override {
    std::vector<intake::FileEntry> out;
    for (const auto& [name, text] : m_files) out.push_back({name, text.size()});
    return out;
  }
  core::Result<std::optional<std::string>> read_small(std::string_view name) override {
    auto it = m_files.find(std::string(name));
    if (it == m_files.end()) return std::optional<std::string>{};
    return std::optional<std::string>(it->second);
  }
  core::Result<intake::ShardHeader> read_header(std::string_view shard, const intake::TensorVisitor&) override {
    return core::make_error(core::ExitCode::bad_input, "intake.header_invalid").with("path", std::string(shard));
  }
  std::string describe(std::string_view name) const override { return "fuzz/" + std::string(name); }
  std::uint64_t bytes_read() const override { return 0; }

 private:
  std::map<std::string, std::string> m_files;
};

}  // namespace fuzz
