#include "core/model_identity.h"
#include "core/errno_text.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <optional>
#include <system_error>

#include "core/sha256.h"

namespace core {

namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The bytes a safetensors reader parses before any tensor: 8-byte little-endian length and
// the header. A length beyond the file, or absurd, falls back to the first 8 bytes.
Result<std::string> safetensors_head(const fs::path& path, std::uint64_t size) {
  QPTQ_TRY_ASSIGN(std::string len, read_range(path, 0, 8));
  if (len.size() < 8) return len;
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(len[static_cast<std::size_t>(i)]);
  if (n > size - 8 || n > (256ull << 20)) return len;
  return read_range(path, 0, 8 + n);
}

// Weights in other formats: never read here (a .bin of a few MiB is still tensor data).
bool is_weight_file(const std::string& rel) {
  for (std::string_view ext : {".bin", ".pt", ".pth", ".ckpt", ".gguf", ".onnx", ".h5", ".msgpack", ".npz", ".pkl"}) {
    if (ends_with(rel, ext)) return true;
  }
  return false;
}

Result<Json> file_entry(const fs::path& path, const std::string& rel) {
  QPTQ_TRY(require_regular_file(path));
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    return make_error(ExitCode::bad_input, "core.io_error").with("path", path.string()).with_detail(errno_text(errno));
  }
  auto size = static_cast<std::uint64_t>(st.st_size);
  // Tensor bytes rewritten in place keep the size and the header: the modification time is
  // what tells (a copy that preserves it and changes only tensor data is not detected).
  std::int64_t mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  // Weights and large files are both identified by their size alone (sha256 null).
  std::optional<std::string> sha256;
  const char* covers = "size";
  if (is_weight_file(rel)) {
    // never read
  } else if (ends_with(rel, ".safetensors")) {
    QPTQ_TRY_ASSIGN(std::string head, safetensors_head(path, size));
    sha256 = sha256_hex(head);
    covers = "header";
  } else if (size <= kIdentityWholeFileBytes) {
    QPTQ_TRY_ASSIGN(std::string hex, sha256_file_hex(path));
    sha256 = hex;
    covers = "whole";
  }
  Json e = {{"path", rel}, {"size", size}, {"mtime_ns", mtime_ns}, {"sha256", sha256 ? Json(*sha256) : Json(nullptr)}, {"covers", covers}};
  return e;
}

Result<void> collect(const fs::path& dir, const std::string& prefix, int depth, std::map<std::string, fs::path>& out) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) return make_error(ExitCode::bad_input, "core.io_error").with("path", dir.string()).with_detail(ec.message());
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) return make_error(ExitCode::bad_input, "core.io_error").with("path", dir.string()).with_detail(ec.message());
    std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;  // .cache/huggingface, .git: not the model
    std::string rel = prefix.empty() ? name : prefix + "/" + name;
    if (fs::is_directory(it->path(), ec)) {
      if (depth < kIdentityMaxDepth) QPTQ_TRY(collect(it->path(), rel, depth + 1, out));
      continue;
    }
    out[rel] = it->path();
    if (out.size() > kIdentityMaxFiles) {
      return make_error(ExitCode::bad_input, "core.too_many_files")
          .with("path", dir.string())
          .with("max", std::to_string(kIdentityMaxFiles));
    }
  }
  return ok();
}

}  // namespace

Result<Json> local_model_identity(const fs::path& dir) {
  std::map<std::string, fs::path> files;  // sorted by relative path: a stable list
  QPTQ_TRY(collect(dir, "", 0, files));
  Json list = Json::array();
  for (const auto& [rel, path] : files) {
    QPTQ_TRY_ASSIGN(Json e, file_entry(path, rel));
    list.push_back(std::move(e));
  }
  return Json{{"kind", "local"}, {"path", dir.string()}, {"files", list}, {"digest", json_digest(list)}};
}

}  // namespace core
