#include "intake/header_reader.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>

namespace intake {

namespace {

constexpr unsigned kMaxThreads = 8;
constexpr std::size_t kShardsPerThread = 8;

// One tensor as a worker saw it, kept until the calling thread replays it in shard order.
struct RecordedTensor {
  std::size_t name_at = 0;
  std::size_t name_len = 0;
  std::size_t dtype_at = 0;
  std::size_t dtype_len = 0;
  std::size_t shape_at = 0;
  std::size_t rank = 0;
  std::uint64_t bytes = 0;
  std::uint64_t begin = 0;
};

// A shard's result. Slots are a small ring reused shard after shard, so that the recorded
// names cost fresh pages only for the first few shards (page faults were most of the cost of
// recording every shard into its own memory).
struct Slot {
  std::string text;  // names and dtypes, back to back
  std::vector<std::uint64_t> shapes;
  std::vector<RecordedTensor> tensors;
  std::optional<core::Result<ShardHeader>> result;
  std::size_t shard = 0;  // which shard it holds, when `ready`
  bool ready = false;

  void clear() {
    text.clear();
    shapes.clear();
    tensors.clear();
    result.reset();
    ready = false;
  }
};

}  // namespace

// The shards, the ring their results land in, and the threads that fill it. Shards are
// claimed in order, at most kRing ahead of the one the caller consumes. The calling thread
// takes shards too whenever the next one in order is not ready; it alone visits tensors and
// calls `done`. Everything shared is guarded by m_mutex (a lock per shard is nothing next to
// parsing a shard).
class HeaderReader::Pool {
 public:
  static constexpr std::size_t kRing = 16;
  static constexpr int kSpins = 200;

  explicit Pool(ModelFiles& files) : m_files(files), m_ring(kRing) {}
  ~Pool() { stop(); }

  // Stops and joins the workers. read() calls it on every way out: the shard list the workers
  // read belongs to the caller and may be gone right after.
  void stop() {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_stop = true;
      ++m_events;
    }
    m_changed.notify_all();
    for (auto& t : m_threads) {
      if (t.joinable()) t.join();
    }
  }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  void start(unsigned workers) {
    for (unsigned k = 0; k < workers; ++k) {
      try {
        m_threads.emplace_back([this] { work(); });
      } catch (const std::system_error&) {
        break;  // no more threads to be had: the ones running (and the caller) do the rest
      }
    }
  }

  void begin(const std::vector<std::string>& shards) {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_shards = &shards;
      ++m_events;
    }
    m_changed.notify_all();
  }

  // Shard `c` (the next one in order) once it is ready; meanwhile the caller parses shards
  // ahead too rather than sleep. nullptr: nobody had claimed shard `c`, and now the caller
  // has; it reads it straight into its visitor, with nothing to record and replay.
  Slot* wait_for(std::size_t c) {
    Slot& slot = m_ring[c % kRing];
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!(slot.ready && slot.shard == c)) {
      if (claimable()) {
        std::size_t i = m_next++;
        if (i == c) return nullptr;
        lock.unlock();
        parse(i);
        lock.lock();
        continue;
      }
      wait_for_change(lock);
    }
    return &slot;
  }

  // The caller is done with shard `c`: its slot can take shard c + kRing.
  void release(std::size_t c) {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_ring[c % kRing].clear();
      m_consumed = c + 1;
      ++m_events;
    }
    m_changed.notify_all();
  }

 private:
  void work() {
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stop && (m_shards == nullptr || m_next < m_shards->size())) {
      if (!claimable()) {
        wait_for_change(lock);
        continue;
      }
      std::size_t i = m_next++;
      lock.unlock();
      parse(i);
      lock.lock();
    }
  }

  // With the lock held: the next shard exists, is still needed, and its slot is free.
  bool claimable() const {
    return !m_stop && m_shards != nullptr && m_next < m_shards->size() && m_next < m_consumed + kRing;
  }

  // Waits (lock held on entry and exit) until something changed. It spins for a few
  // microseconds first: sleeping and being woken costs more than a shard takes to parse.
  void wait_for_change(std::unique_lock<std::mutex>& lock) {
    std::uint64_t seen = m_events.load();
    lock.unlock();
    for (int k = 0; k < kSpins && m_events.load() == seen; ++k) {
      std::this_thread::yield();
    }
    lock.lock();
    m_changed.wait(lock, [&] { return m_stop || m_events.load() != seen; });
  }

  // Runs without the lock: slot i % kRing belongs to whoever claimed shard i.
  void parse(std::size_t i) {
    Slot& slot = m_ring[i % kRing];
    auto record = [&slot](const TensorView& t) {
      RecordedTensor r;
      r.name_at = slot.text.size();
      r.name_len = t.name.size();
      slot.text.append(t.name);
      r.dtype_at = slot.text.size();
      r.dtype_len = t.dtype.size();
      slot.text.append(t.dtype);
      r.shape_at = slot.shapes.size();
      r.rank = t.rank;
      slot.shapes.insert(slot.shapes.end(), t.shape, t.shape + t.rank);
      r.bytes = t.bytes;
      r.begin = t.begin;
      slot.tensors.push_back(r);
    };
    auto result = m_files.read_header((*m_shards)[i], record);
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      // Shards after a failed one are not needed; those before it are all claimed already.
      if (!result) m_stop = true;
      slot.result.emplace(std::move(result));
      slot.shard = i;
      slot.ready = true;
      ++m_events;
    }
    m_changed.notify_all();
  }

  ModelFiles& m_files;
  const std::vector<std::string>* m_shards = nullptr;  // set by begin()
  std::vector<Slot> m_ring;
  std::vector<std::thread> m_threads;
  std::mutex m_mutex;
  std::condition_variable m_changed;
  std::size_t m_next = 0;      // the next shard to claim
  std::size_t m_consumed = 0;  // shards the caller is done with
  bool m_stop = false;
  std::atomic<std::uint64_t> m_events{0};  // bumped, under the lock, at every change
};

unsigned header_threads_for(std::size_t shards) {
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  std::size_t by_shards = shards / kShardsPerThread;
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>({cores, by_shards, kMaxThreads})));
}

HeaderReader::HeaderReader(ModelFiles& files, std::size_t expected_shards, unsigned threads) : m_files(files) {
  if (threads == 0) threads = header_threads_for(expected_shards);
  if (threads > 1 && files.concurrent_headers()) {
    m_pool = std::make_unique<Pool>(files);
    m_pool->start(threads - 1);  // the calling thread is the last one
  }
}

HeaderReader::~HeaderReader() = default;

core::Result<void> HeaderReader::read(const std::vector<std::string>& shards, const TensorVisitor& visit,
                                      const ShardDone& done) {
  if (m_pool == nullptr) {
    for (std::size_t i = 0; i < shards.size(); ++i) {
      QPTQ_TRY_ASSIGN(ShardHeader h, m_files.read_header(shards[i], visit));
      QPTQ_TRY(done(i, h));
    }
    return core::ok();
  }
  struct StopOnExit {
    Pool& pool;
    ~StopOnExit() { pool.stop(); }
  } stop_on_exit{*m_pool};
  m_pool->begin(shards);
  for (std::size_t c = 0; c < shards.size(); ++c) {
    Slot* slot = m_pool->wait_for(c);
    if (slot == nullptr) {
      QPTQ_TRY_ASSIGN(ShardHeader h, m_files.read_header(shards[c], visit));
      QPTQ_TRY(done(c, h));
      m_pool->release(c);
      continue;
    }
    for (const auto& r : slot->tensors) {
      TensorView t;
      t.name = std::string_view(slot->text).substr(r.name_at, r.name_len);
      t.dtype = std::string_view(slot->text).substr(r.dtype_at, r.dtype_len);
      t.shape = slot->shapes.data() + r.shape_at;
      t.rank = r.rank;
      t.bytes = r.bytes;
      t.begin = r.begin;
      visit(t);
    }
    if (!*slot->result) return std::move(*slot->result).error();
    QPTQ_TRY(done(c, **slot->result));
    m_pool->release(c);
  }
  return core::ok();
}

}  // namespace intake
