// Runs one job per shard on a few threads, started before the shard list is final: analyze
// sets the workers on the shard files the listing shows while the calling thread reads
// config.json and the 4 MB index of a checkpoint like DeepSeek-V3 (163 shards), then lends
// the calling thread to what is left.
//
// Shards are started in order, each exactly once. After a job fails no further shard is
// started, so every shard before the failed one has run: the caller can then find the first
// failure in its own order. What a job produces it stores itself, one slot per shard; finish()
// makes it visible to the caller.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace intake {

// Threads worth using for `shards` shards: min(cores this process may use, shards / 8, 8),
// at least 1 (a thread costs more than a few shards' headers).
unsigned header_threads_for(std::size_t shards);

class ShardPool {
 public:
  // Runs shard `shard` on thread `worker` (0 .. threads() - 1; the caller is the last);
  // false: it failed.
  using Job = std::function<bool(unsigned worker, std::size_t shard)>;

  // `threads` in all, the calling thread included: threads - 1 workers start now and wait
  // (a new thread can wait milliseconds for a core on a busy machine; a waiting one is woken
  // within microseconds).
  explicit ShardPool(unsigned threads);
  ~ShardPool();  // stops the workers after the shard they are on and joins them
  ShardPool(const ShardPool&) = delete;
  ShardPool& operator=(const ShardPool&) = delete;

  unsigned threads() const { return m_threads; }
  // Shards 0 .. count - 1, to the workers. Once per pool; `job` and whatever it uses must
  // outlive the pool (or finish()).
  void start(std::size_t count, Job job);
  // The calling thread runs the shards nobody has started (none after a failure), then waits
  // for those in flight. Afterwards the workers are idle and `ran(shard)` tells which ran.
  void finish();
  bool ran(std::size_t shard) const;
  // Starts nothing more and waits for the shards in flight: for a caller that leaves early,
  // before what the jobs use goes away.
  void stop();

 private:
  class Workers;
  unsigned m_threads = 1;
  std::unique_ptr<Workers> m_workers;
};

}  // namespace intake
