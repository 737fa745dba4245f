// Reads the headers of every shard of a checkpoint, on several threads when the source allows
// it and there are enough shards to pay for the threads (DeepSeek-V3 has 163).
//
// Whatever the thread count, the caller sees exactly what one thread would give: tensors are
// visited shard by shard in shard order, `done` is called after each shard's tensors, and the
// error returned is the first one in shard order (a read error of shard 7 wins over one of
// shard 9 even when shard 9 failed first). The inventory depends on the order tensors arrive,
// so this is what keeps model_analysis.json byte-identical.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "intake/model_files.h"

namespace intake {

using ShardDone = std::function<core::Result<void>(std::size_t shard, const ShardHeader& header)>;

// Threads worth using for `shards` shards on this machine: min(cores, shards / 8, 8), at
// least 1 (a thread costs more than a few shards' headers).
unsigned header_threads_for(std::size_t shards);

class HeaderReader {
 public:
  // Starts the threads at once, before the shard list is known (`expected_shards`: how many
  // shard files there seem to be): a new thread can wait milliseconds for a core on a busy
  // machine, a sleeping one is woken within microseconds. `threads` 0 picks
  // header_threads_for(expected_shards); sources without concurrent_headers() use one thread.
  HeaderReader(ModelFiles& files, std::size_t expected_shards, unsigned threads = 0);
  ~HeaderReader();
  HeaderReader(const HeaderReader&) = delete;
  HeaderReader& operator=(const HeaderReader&) = delete;

  // Once per reader.
  core::Result<void> read(const std::vector<std::string>& shards, const TensorVisitor& visit, const ShardDone& done);

 private:
  class Pool;
  ModelFiles& m_files;
  std::unique_ptr<Pool> m_pool;  // null: one thread
};

}  // namespace intake
