// What identifies a local model directory, cheaply enough to record at intake and check
// again just before the approved command starts: every regular file below it (relative path
// and size) and the SHA-256 of what the libraries read first: each small file whole (config,
// tokenizer, any remote code) and each safetensors shard's header (its 8-byte length and the
// JSON after it). Tensor bytes beyond a header are covered by the size only: hashing
// hundreds of GiB before every run would cost more than it protects (docs/artifacts.md).
// Weights in other formats (.bin, .pt, .pth, .gguf...) are never read: size only. Every file
// also records its modification time (mtime_ns), so tensor bytes rewritten in place are seen.
//
// The result, as recorded (model_analysis.json source.identity, run_manifest.yaml
// inputs.model_identity):
//   {"kind": "local", "path": "<dir>", "files": [{"path", "size", "mtime_ns", "sha256", "covers": "whole" | "header" | "size"}...],
//    "digest": "sha256:..."}    digest: json_digest of the files list
// artifacts::ModelIdentity reads it, writes it into the manifest and compares two of them.
#pragma once

#include <string>

#include "core/fs.h"
#include "core/json_io.h"

namespace core {

// Files at most this large are hashed whole.
inline constexpr std::uint64_t kIdentityWholeFileBytes = 64ull << 20;
// Directories this deep below the model directory are still read (hidden ones never).
inline constexpr int kIdentityMaxDepth = 4;
// At most this many files: a model directory with more is refused ("core.too_many_files").
inline constexpr std::size_t kIdentityMaxFiles = 20000;

Result<Json> local_model_identity(const fs::path& dir);

}  // namespace core
