// Where a model's files come from: a local directory (or a Hugging Face cache snapshot,
// which is one) or the Hub over HTTP. Intake asks only for small configuration files, the
// file list and each shard's header; there is deliberately no call that reads tensor data.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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

// A small file's bytes followed by at least kHeaderPadding zero bytes, so that simdjson can
// parse them in place. The storage is the source's business (a string, or for a 4 MB index
// a read-only mapping of the file itself).
class PaddedText {
 public:
  PaddedText(std::shared_ptr<const char> data, std::size_t size, std::size_t capacity)
      : m_data(std::move(data)), m_size(size), m_capacity(capacity) {}
  explicit PaddedText(std::string text);
  std::string_view text() const { return {m_data.get(), m_size}; }
  std::size_t capacity() const { return m_capacity; }  // readable bytes from text().data()

 private:
  std::shared_ptr<const char> m_data;
  std::size_t m_size = 0;
  std::size_t m_capacity = 0;
};

class ModelFiles {
 public:
  virtual ~ModelFiles() = default;
  // Every file the source holds (top level and below), sorted by name.
  virtual core::Result<std::vector<FileEntry>> list() = 0;
  // A small file's text, or nullopt when the source does not have it.
  virtual core::Result<std::optional<std::string>> read_small(std::string_view name) = 0;
  // The same, padded for simdjson (the index); by default read_small's text, padded.
  virtual core::Result<std::optional<PaddedText>> read_padded(std::string_view name);
  // The 8-byte length and the JSON header of one shard, validated, each tensor handed to
  // `visit`; never the tensor data.
  virtual core::Result<ShardHeader> read_header(std::string_view shard, const TensorVisitor& visit) = 0;
  // How a file is named in messages (a path or a URL; never a credential).
  virtual std::string describe(std::string_view name) const = 0;
  // Bytes read from model files so far (tests prove no tensor bytes are read).
  virtual std::uint64_t bytes_read() const = 0;
  // Whether read_header may run on several threads at once (a local directory; not the Hub,
  // whose client is one connection).
  virtual bool concurrent_headers() const { return false; }
};

// A directory on disk. `root` must be an absolute real path.
class LocalModelFiles final : public ModelFiles {
 public:
  explicit LocalModelFiles(core::fs::path root) : m_root(std::move(root)) {}
  core::Result<std::vector<FileEntry>> list() override;
  core::Result<std::optional<std::string>> read_small(std::string_view name) override;
  core::Result<std::optional<PaddedText>> read_padded(std::string_view name) override;
  core::Result<ShardHeader> read_header(std::string_view shard, const TensorVisitor& visit) override;
  std::string describe(std::string_view name) const override;
  std::uint64_t bytes_read() const override { return m_bytes_read.load(std::memory_order_relaxed); }
  bool concurrent_headers() const override { return true; }

 private:
  // An open small file: the descriptor (closed by the caller) and its size, checked against
  // kMaxSmallFileBytes; nullopt when it does not exist.
  core::Result<std::optional<std::pair<int, std::uint64_t>>> open_small(const std::string& path);
  core::fs::path m_root;
  std::atomic<std::uint64_t> m_bytes_read{0};  // read_header runs on several threads
};

}  // namespace intake
