#include "knowledge/log_markers.h"

#include "core/embedded.h"
#include "knowledge/compiled_patterns.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/diagnose/log_markers.json";
// Matched against every line quark-cli prints: compiled for matching speed.
constexpr auto kMarkerFlags = std::regex::ECMAScript | std::regex::optimize;

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
    s.patterns = compile_patterns(f.strings(stages[i], at, "patterns"), at + "/patterns", bad_pattern, kMarkerFlags);
    if (f.ok() && (s.name.empty() || s.patterns.empty())) return core::fail(data_invalid(kPath, at + " has no name or no patterns"));
    out.stages.push_back(std::move(s));
  }
  const core::Json& hints = f.array(doc, "", "progress_stage_hints");
  for (std::size_t i = 0; i < hints.size(); ++i) {
    const std::string at = "/progress_stage_hints/" + std::to_string(i);
    out.progress_stage_hints.push_back({f.string(hints[i], at, "stage"), f.strings(hints[i], at, "prefixes")});
  }
  out.export_done = compile_patterns(f.strings(doc, "", "export_done"), "/export_done", bad_pattern, kMarkerFlags);
  std::string ppl = f.string(doc, "", "perplexity");
  QPTQ_TRY(f.result());
  out.perplexity = compile_pattern(ppl, "/perplexity", bad_pattern, kMarkerFlags);
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
