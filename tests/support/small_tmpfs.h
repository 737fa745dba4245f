// A real, small filesystem for tests of a full disk (ENOSPC), not a mock: `body` runs in a
// forked child whose private mount namespace has a tmpfs of `bytes` mounted at `dir`. The
// namespace is a user namespace where the kernel allows one (no root needed), else, as root,
// a mount namespace alone. The mount is gone when the child exits.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>

namespace test_support {

// The exit status the child reports when no tmpfs can be mounted here.
inline constexpr int kNoTmpfs = 77;

// The child's exit status: body()'s return value, kNoTmpfs, or 128 + the signal that ended it.
int in_small_tmpfs(const std::filesystem::path& dir, std::size_t bytes, const std::function<int()>& body);

// Writes to `dir`/name until the filesystem is full (ENOSPC); false if it never fills.
bool fill_filesystem(const std::filesystem::path& dir, const char* name);

}  // namespace test_support
