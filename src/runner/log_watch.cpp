#include "runner/log_watch.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <regex>

#include "knowledge/log_markers.h"

namespace runner {

namespace {

constexpr std::size_t kMaxMatchedLine = 4096;

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

std::optional<Progress> parse_tqdm(std::string_view line) {
  // The percentage sits right before the first '|' of the bar.
  auto bar = line.find('|');
  if (bar == std::string_view::npos || bar == 0) return std::nullopt;
  std::size_t end = bar;
  while (end > 0 && line[end - 1] == ' ') --end;
  if (end == 0 || line[end - 1] != '%') return std::nullopt;
  std::size_t digits_end = end - 1;
  std::size_t digits_begin = digits_end;
  while (digits_begin > 0 && std::isdigit(static_cast<unsigned char>(line[digits_begin - 1]))) --digits_begin;
  if (digits_begin == digits_end) return std::nullopt;
  // The digits come from the child's output: read them with a range check (atoi's overflow on
  // "99999999999%" is undefined), and a percentage over 100 is no tqdm bar.
  Progress p;
  const char* first = line.data() + digits_begin;
  const char* last = line.data() + digits_end;
  if (auto [ptr, ec] = std::from_chars(first, last, p.percent); ec != std::errc() || ptr != last || p.percent > 100) return std::nullopt;
  std::string_view label = line.substr(0, digits_begin);
  while (!label.empty() && (label.back() == ' ' || label.back() == ':')) label.remove_suffix(1);
  p.label = std::string(label);
  auto bar2 = line.find('|', bar + 1);
  if (bar2 != std::string_view::npos) {
    std::string_view rest = line.substr(bar2 + 1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    auto sp = rest.find(' ');
    std::string_view pos = rest.substr(0, sp);
    if (pos.find('/') != std::string_view::npos) p.position = std::string(pos);
  }
  return p;
}

core::Result<LogWatch> LogWatch::from_knowledge() {
  QPTQ_TRY_ASSIGN(const knowledge::LogMarkers* markers, knowledge::log_markers());
  return LogWatch(*markers);
}

int LogWatch::stage_index(const std::string& name) const {
  for (std::size_t i = 0; i < m_markers->stages.size(); ++i) {
    if (m_markers->stages[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

void LogWatch::begin_stage(const std::string& name, double now_s, const std::string& now_iso) {
  if (!m_stages.empty()) m_stages.back().seconds = now_s - m_stages.back().started_s;
  m_stages.push_back({name, now_iso, now_s, 0, ""});
  m_progress.reset();
}

bool LogWatch::feed(std::string_view line, bool progress_line, double now_s, const std::string& now_iso) {
  if (line.empty()) return false;
  auto progress = parse_tqdm(line);
  if (progress) {
    // A calibration bar can be the first sign of quantization when no milestone is logged.
    bool started = false;
    for (const auto& h : m_markers->progress_stage_hints) {
      bool match = false;
      for (const auto& pre : h.prefixes) match = match || starts_with(progress->label, pre);
      // Only forward: an evaluation bar never reopens quantization.
      if (match && stage_index(h.stage) > stage_index(current_stage())) {
        begin_stage(h.stage, now_s, now_iso);
        started = true;
      }
    }
    if (!m_stages.empty() && !progress->position.empty()) m_stages.back().progress = progress->position;
    m_progress = *progress;
    return started;
  }
  if (progress_line || line.size() > kMaxMatchedLine) return false;
  bool candidate = m_markers->line_filter.empty();
  for (const auto& f : m_markers->line_filter) candidate = candidate || line.find(f) != std::string_view::npos;
  if (!candidate) return false;
  std::string s(line);
  bool started = false;
  for (const auto& sp : m_markers->stages) {
    bool hit = false;
    for (const auto& re : sp.patterns) hit = hit || std::regex_search(s, re);
    if (hit) {
      if (current_stage() != sp.name) {
        begin_stage(sp.name, now_s, now_iso);
        started = true;
      }
      break;
    }
  }
  for (const auto& re : m_markers->export_done) {
    if (std::regex_search(s, re)) m_export_done = true;
  }
  std::smatch m;
  if (std::regex_search(s, m, m_markers->perplexity)) m_perplexity = std::strtod(m[1].str().c_str(), nullptr);
  return started;
}

void LogWatch::finish(double end_s) {
  if (!m_stages.empty()) m_stages.back().seconds = end_s - m_stages.back().started_s;
}

}  // namespace runner
