// Follows quark-cli's log as it streams: which stage the run is in (from the milestone lines
// of knowledge::log_markers()), the latest tqdm progress, whether the export
// finished, and the perplexity when evaluation printed one. Lines arrive ANSI-stripped.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace knowledge {
struct LogMarkers;
}  // namespace knowledge

namespace runner {

struct StageRecord {
  std::string name;        // "loading_model", "loading_dataset", "quantizing", "exporting", "evaluating"
  std::string started_at;  // UTC ISO-8601
  double started_s = 0;    // seconds since the child started
  double seconds = 0;      // duration (until the next stage or the end)
  std::string progress;    // last tqdm position seen, e.g. "9/20" (may be empty)
};

struct Progress {
  int percent = -1;
  std::string position;  // "n/total"
  std::string label;     // text before the bar, e.g. "Calibrating"
};

// Parses one tqdm rendering, e.g. "Calibrating:  45%|####5     | 9/20 [00:05<00:06, 1.8it/s]".
std::optional<Progress> parse_tqdm(std::string_view line);

class LogWatch {
 public:
  // Over the shipped markers (knowledge::log_markers()); a broken data file is a bug
  // (internal, knowledge.data_invalid).
  static core::Result<LogWatch> from_knowledge();
  explicit LogWatch(const knowledge::LogMarkers& markers) : m_markers(&markers) {}

  // Returns true when this line started a new stage. `now_s` is the time since start.
  bool feed(std::string_view line, bool progress_line, double now_s, const std::string& now_iso);
  // Closes the current stage at `end_s`.
  void finish(double end_s);

  const std::vector<StageRecord>& stages() const { return m_stages; }
  std::string current_stage() const { return m_stages.empty() ? std::string() : m_stages.back().name; }
  bool export_done() const { return m_export_done; }
  std::optional<double> perplexity() const { return m_perplexity; }
  // The latest progress bar seen since the current stage began.
  const std::optional<Progress>& latest_progress() const { return m_progress; }

 private:
  int stage_index(const std::string& name) const;
  void begin_stage(const std::string& name, double now_s, const std::string& now_iso);

  const knowledge::LogMarkers* m_markers;
  std::vector<StageRecord> m_stages;
  bool m_export_done = false;
  std::optional<double> m_perplexity;
  std::optional<Progress> m_progress;
};

}  // namespace runner
