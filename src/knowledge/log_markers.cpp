#include "knowledge/log_markers.h"

#include "core/embedded.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/diagnose/log_markers.json";

// `pattern` compiled; when it does not compile, the first such pattern is named in `error`.
std::regex compile(const std::string& pattern, const std::string& where, std::string& error) {
  try {
    return std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
  } catch (const std::regex_error& e) {
    if (error.empty()) error = where + " does not compile: " + e.what();
    return {};
  }
}

std::vector<std::regex> compile(const std::vector<std::string>& patterns, const std::string& where, std::string& error) {
  std::vector<std::regex> out;
  for (std::size_t i = 0; i < patterns.size(); ++i) out.push_back(compile(patterns[i], where + "/" + std::to_string(i), error));
  return out;
}

}  // namespace

core::Result<LogMarkers> parse_log_markers(const core::Json& doc) {
  StrictFields f{std::string(kPath)};
  std::string bad_pattern;
  LogMarkers out;
  out.line_filter = f.strings(doc, "", "line_filter");
  const core::Json& stages = f.array(doc, "", "stages");
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const std::string at = "/stages/" + std::to_string(i);
    LogMarkers::Stage s;
    s.name = f.string(stages[i], at, "name");
    s.patterns = compile(f.strings(stages[i], at, "patterns"), at + "/patterns", bad_pattern);
    if (f.ok() && (s.name.empty() || s.patterns.empty())) return core::fail(data_invalid(kPath, at + " has no name or no patterns"));
    out.stages.push_back(std::move(s));
  }
  const core::Json& hints = f.array(doc, "", "progress_stage_hints");
  for (std::size_t i = 0; i < hints.size(); ++i) {
    const std::string at = "/progress_stage_hints/" + std::to_string(i);
    out.progress_stage_hints.push_back({f.string(hints[i], at, "stage"), f.strings(hints[i], at, "prefixes")});
  }
  out.export_done = compile(f.strings(doc, "", "export_done"), "/export_done", bad_pattern);
  std::string ppl = f.string(doc, "", "perplexity");
  QPTQ_TRY(f.result());
  out.perplexity = compile(ppl, "/perplexity", bad_pattern);
  if (!bad_pattern.empty()) return core::fail(data_invalid(kPath, bad_pattern));
  return out;
}

core::Result<const LogMarkers*> log_markers() {
  static const core::Result<LogMarkers> parsed = []() -> core::Result<LogMarkers> {
    auto text = core::embedded_file(kPath);
    if (!text) return core::fail(data_missing(kPath));
    QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
    return parse_log_markers(doc);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
