#include "runner/log_watch.h"

#include <cctype>
#include <cstdlib>

#include "core/embedded.h"

namespace runner {

namespace {

constexpr const char* kMarkersPath = "knowledge/diagnose/log_markers.json";
constexpr std::size_t kMaxMatchedLine = 4096;

core::Error bad_markers(const std::string& what) {
  return core::make_error(core::ExitCode::internal, "runner.knowledge_invalid").with("path", kMarkersPath).with_detail(what);
}

core::Result<std::regex> compile(const std::string& pattern) {
  try {
    return std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
  } catch (const std::regex_error& e) {
    return bad_markers(pattern + ": " + e.what());
  }
}

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
  Progress p;
  p.percent = std::atoi(std::string(line.substr(digits_begin, digits_end - digits_begin)).c_str());
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
  auto text = core::embedded_file(kMarkersPath);
  if (!text) return bad_markers("not embedded");
  QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kMarkersPath));
  return from_json(doc);
}

core::Result<LogWatch> LogWatch::from_json(const core::Json& markers) {
  LogWatch w;
  const core::Json* stages = core::json_array(markers, "stages");
  if (stages == nullptr) return bad_markers("no stages");
  for (const auto& s : *stages) {
    StagePattern sp;
    sp.name = core::json_string(s, "name").value_or("");
    for (const auto& p : core::json_string_list(s, "patterns")) {
      QPTQ_TRY_ASSIGN(std::regex re, compile(p));
      sp.patterns.push_back(std::move(re));
    }
    if (sp.name.empty() || sp.patterns.empty()) return bad_markers("stage without name or patterns");
    w.m_stage_patterns.push_back(std::move(sp));
  }
  if (const core::Json* hints = core::json_array(markers, "progress_stage_hints")) {
    for (const auto& h : *hints) {
      w.m_hints.push_back({core::json_string(h, "stage").value_or(""), core::json_string_list(h, "prefixes")});
    }
  }
  w.m_line_filter = core::json_string_list(markers, "line_filter");
  for (const auto& p : core::json_string_list(markers, "export_done")) {
    QPTQ_TRY_ASSIGN(std::regex re, compile(p));
    w.m_export_done_patterns.push_back(std::move(re));
  }
  auto ppl = core::json_string(markers, "perplexity");
  if (!ppl) return bad_markers("no perplexity pattern");
  QPTQ_TRY_ASSIGN(w.m_perplexity_re, compile(*ppl));
  return w;
}

int LogWatch::stage_index(const std::string& name) const {
  for (std::size_t i = 0; i < m_stage_patterns.size(); ++i) {
    if (m_stage_patterns[i].name == name) return static_cast<int>(i);
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
    for (const auto& h : m_hints) {
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
  bool candidate = m_line_filter.empty();
  for (const auto& f : m_line_filter) candidate = candidate || line.find(f) != std::string_view::npos;
  if (!candidate) return false;
  std::string s(line);
  bool started = false;
  for (const auto& sp : m_stage_patterns) {
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
  for (const auto& re : m_export_done_patterns) {
    if (std::regex_search(s, re)) m_export_done = true;
  }
  std::smatch m;
  if (std::regex_search(s, m, m_perplexity_re)) m_perplexity = std::strtod(m[1].str().c_str(), nullptr);
  return started;
}

void LogWatch::finish(double end_s) {
  if (!m_stages.empty()) m_stages.back().seconds = end_s - m_stages.back().started_s;
}

}  // namespace runner
