#pragma once
// The text of an errno value, safe to call from several threads at once. std::strerror may
// return a buffer it shares between threads (clang-tidy's concurrency-mt-unsafe), and verify's
// hasher, the run log and intake's shard pool report I/O errors from worker threads.
#include <string>

namespace core {

std::string errno_text(int err);

}  // namespace core
