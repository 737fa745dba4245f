#include "intake/shard_pool.h"

#include <algorithm>
#include <sched.h>

#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace intake {

namespace {

constexpr unsigned kMaxThreads = 8;
constexpr std::size_t kShardsPerThread = 8;

// The cores this process may run on: a container or `taskset` may allow fewer than the
// machine has (which is all std::thread::hardware_concurrency() reports).
unsigned usable_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace

// Everything shared is guarded by one mutex: a lock per shard is nothing next to parsing a
// shard's header.
class ShardPool::Workers {
 public:
  explicit Workers(unsigned count) {
    for (unsigned k = 0; k < count; ++k) {
      try {
        m_threads.emplace_back([this, k] { work(k); });
      } catch (const std::system_error&) {
        break;  // no more threads to be had: the ones running and the caller do the rest
      }
    }
  }

  ~Workers() {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_stop = true;
    }
    m_changed.notify_all();
    for (auto& t : m_threads) t.join();
  }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  void start(std::size_t count, Job job) {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_job = std::move(job);
      m_ran.assign(count, false);
      m_started = true;
    }
    m_changed.notify_all();
  }

  void finish(unsigned caller) {
    std::unique_lock<std::mutex> lock(m_mutex);
    while (claimable()) run_next(caller, lock);
    m_changed.wait(lock, [&] { return m_in_flight == 0; });
    m_stop = true;  // the workers leave; nothing is started any more
    m_changed.notify_all();
  }

  void stop() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_stop = true;
    m_changed.notify_all();
    m_changed.wait(lock, [&] { return m_in_flight == 0; });
  }

  bool ran(std::size_t shard) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return shard < m_ran.size() && m_ran[shard];
  }

 private:
  bool claimable() const { return m_started && !m_stop && !m_failed && m_next < m_ran.size(); }

  // With the lock held on entry and exit; runs the job without it.
  void run_next(unsigned worker, std::unique_lock<std::mutex>& lock) {
    std::size_t shard = m_next++;
    ++m_in_flight;
    lock.unlock();
    bool ok = m_job(worker, shard);
    lock.lock();
    m_ran[shard] = true;
    if (!ok) m_failed = true;
    if (--m_in_flight == 0) m_changed.notify_all();
  }

  void work(unsigned worker) {
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
      m_changed.wait(lock, [&] { return m_stop || claimable(); });
      if (m_stop) return;
      while (claimable()) run_next(worker, lock);
    }
  }

  std::vector<std::thread> m_threads;
  mutable std::mutex m_mutex;
  std::condition_variable m_changed;
  Job m_job;
  std::vector<bool> m_ran;  // per shard: its job has returned
  std::size_t m_next = 0;   // the next shard to start
  std::size_t m_in_flight = 0;
  bool m_started = false;
  bool m_failed = false;
  bool m_stop = false;
};

unsigned header_threads_for(std::size_t shards) {
  unsigned cores = usable_cores();
  std::size_t by_shards = shards / kShardsPerThread;
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>({cores, by_shards, kMaxThreads})));
}

ShardPool::ShardPool(unsigned threads) : m_threads(std::max(1u, threads)), m_workers(std::make_unique<Workers>(m_threads - 1)) {}

ShardPool::~ShardPool() = default;

void ShardPool::start(std::size_t count, Job job) { m_workers->start(count, std::move(job)); }

void ShardPool::finish() { m_workers->finish(m_threads - 1); }

void ShardPool::stop() { m_workers->stop(); }

bool ShardPool::ran(std::size_t shard) const { return m_workers->ran(shard); }

}  // namespace intake
