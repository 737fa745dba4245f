#include "mcp/runs.h"

#include <random>

#include "core/clock.h"

namespace mcp {

namespace {

// 128 random bits in hex: a run id is also a tasks-extension taskId, which must be unguessable.
std::string fresh_id() {
  std::random_device rd;
  std::string s;
  const char* hex = "0123456789abcdef";
  for (int i = 0; i < 32; ++i) s.push_back(hex[rd() % 16]);
  return s;
}

}  // namespace

struct Runs::Entry {
  mutable std::mutex mutex;
  std::condition_variable cv;
  RunSnapshot snap;
  bool launched = false;
  runner::StopSwitch stop;
  OnChange on_change;
  std::thread thread;
};

class Runs::Reporter final : public RunReport {
 public:
  explicit Reporter(Entry& e) : m_e(e) {}
  void launched() override {
    {
      std::lock_guard<std::mutex> lock(m_e.mutex);
      m_e.launched = true;
    }
    m_e.cv.notify_all();
  }
  void stage(const std::string& stage) override {
    change([&](RunSnapshot& s) {
      s.stage = stage;
      s.progress.percent = -1;  // the bar seen belonged to the stage before
      s.progress.position.clear();
    });
  }
  void progress(const runner::LiveProgress& p) override {
    change([&](RunSnapshot& s) { s.progress = p; });
  }
  template <typename F>
  void change(F f) {
    RunSnapshot copy;
    {
      std::lock_guard<std::mutex> lock(m_e.mutex);
      f(m_e.snap);
      m_e.snap.updated_at = core::now_utc_iso8601();
      copy = m_e.snap;
    }
    if (m_e.on_change) m_e.on_change(copy);
  }

 private:
  Entry& m_e;
};

Runs::~Runs() { stop_all_and_wait(); }

std::variant<std::string, Finished> Runs::start(std::string workdir, core::Json request_id, OnChange on_change, Body body) {
  auto e = std::make_shared<Entry>();
  e->snap.id = fresh_id();
  e->snap.workdir = std::move(workdir);
  e->snap.request_id = std::move(request_id);
  e->snap.created_at = core::now_utc_iso8601();
  e->snap.updated_at = e->snap.created_at;
  e->snap.stage = "launching";
  e->on_change = std::move(on_change);
  Entry* raw = e.get();
  e->thread = std::thread([raw, body = std::move(body)] {
    Reporter report(*raw);
    Finished f = body(raw->stop, report);
    bool was_launched = false;
    {
      std::lock_guard<std::mutex> lock(raw->mutex);
      raw->snap.ended = true;
      raw->snap.stage = "ended";
      raw->snap.result = std::move(f);
      raw->snap.updated_at = core::now_utc_iso8601();
      was_launched = raw->launched;
    }
    raw->cv.notify_all();
    if (was_launched && raw->on_change) {
      RunSnapshot copy;
      {
        std::lock_guard<std::mutex> lock(raw->mutex);
        copy = raw->snap;
      }
      raw->on_change(copy);
    }
  });
  std::unique_lock<std::mutex> lock(e->mutex);
  e->cv.wait(lock, [&] { return e->launched || e->snap.ended; });
  if (!e->launched) {
    Finished f = *e->snap.result;
    lock.unlock();
    e->thread.join();
    return f;
  }
  lock.unlock();
  std::lock_guard<std::mutex> runs_lock(m_mutex);
  m_runs[e->snap.id] = e;
  return e->snap.id;
}

std::shared_ptr<Runs::Entry> Runs::find(const std::string& id) const {
  std::lock_guard<std::mutex> lock(m_mutex);
  auto it = m_runs.find(id);
  return it == m_runs.end() ? nullptr : it->second;
}

std::optional<RunSnapshot> Runs::get(const std::string& id) const {
  auto e = find(id);
  if (!e) return std::nullopt;
  std::lock_guard<std::mutex> lock(e->mutex);
  return e->snap;
}

bool Runs::cancel(const std::string& id) {
  auto e = find(id);
  if (!e) return false;
  {
    std::lock_guard<std::mutex> lock(e->mutex);
    if (!e->snap.ended) e->snap.cancel_requested = true;
  }
  e->stop.request(SIGINT);
  return true;
}

std::optional<RunSnapshot> Runs::going() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  for (const auto& [id, e] : m_runs) {
    std::lock_guard<std::mutex> entry_lock(e->mutex);
    if (!e->snap.ended) return e->snap;
  }
  return std::nullopt;
}

std::optional<std::string> Runs::started_by(const core::Json& request_id) const {
  std::lock_guard<std::mutex> lock(m_mutex);
  for (const auto& [id, e] : m_runs) {
    if (e->snap.request_id == request_id) return id;  // set once at start, never changed
  }
  return std::nullopt;
}

void Runs::stop_all_and_wait() {
  std::map<std::string, std::shared_ptr<Entry>> all;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    all = m_runs;
  }
  for (auto& [id, e] : all) {
    {
      std::lock_guard<std::mutex> lock(e->mutex);
      if (!e->snap.ended) e->snap.cancel_requested = true;
    }
    e->stop.request(SIGINT);
  }
  for (auto& [id, e] : all) {
    if (e->thread.joinable()) e->thread.join();
  }
}

}  // namespace mcp
