// Where a model's files come from: a local directory (or a Hugging Face cache snapshot,
// which is one) or the Hub over HTTP. Intake asks only for small configuration files, the
// file list and each shard's header; there is deliberately no call that reads tensor data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fs.h"
#include "intake/safetensors_header.h"

namespace intake {

struct FileEntry {
  std::string name;                   // relative to the model root, '/'-separated
  std::optional<std::uint64_t> size;  // bytes, when the source tells us
};

struct ShardHeader {
  HeaderSummary header;
  std::uint64_t file_size = 0;
};

// Small files (config.json, generation_config.json, the index) are capped at this size.
inline constexpr std::uint64_t kMaxSmallFileBytes = 64ull << 20;

class ModelFiles {
 public:
  virtual ~ModelFiles() = default;
  // Every file the source holds (top level and below), sorted by name.
  virtual core::Result<std::vector<FileEntry>> list() = 0;
  // A small file's text, or nullopt when the source does not have it.
  virtual core::Result<std::optional<std::string>> read_small(std::string_view name) = 0;
  // The 8-byte length and the JSON header of one shard, validated, each tensor handed to
  // `visit`; never the tensor data.
  virtual core::Result<ShardHeader> read_header(std::string_view shard, const TensorVisitor& visit) = 0;
  // How a file is named in messages (a path or a URL; never a credential).
  virtual std::string describe(std::string_view name) const = 0;
  // Bytes read from model files so far (tests prove no tensor bytes are read).
  virtual std::uint64_t bytes_read() const = 0;
};

// A directory on disk. `root` must be an absolute real path.
class LocalModelFiles final : public ModelFiles {
 public:
  explicit LocalModelFiles(core::fs::path root) : m_root(std::move(root)) {}
  core::Result<std::vector<FileEntry>> list() override;
  core::Result<std::optional<std::string>> read_small(std::string_view name) override;
  core::Result<ShardHeader> read_header(std::string_view shard, const TensorVisitor& visit) override;
  std::string describe(std::string_view name) const override;
  std::uint64_t bytes_read() const override { return m_bytes_read; }

 private:
  core::fs::path m_root;
  std::uint64_t m_bytes_read = 0;
};

}  // namespace intake
