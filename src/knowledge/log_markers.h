// The milestone lines of quark-cli's log (knowledge/diagnose/log_markers.json): which line
// begins which stage, the progress bars that begin one, the export's last line and the
// perplexity line. The patterns are compiled here (ECMAScript, optimized), so a pattern that
// does not compile is a broken file like a missing field.
#pragma once

#include <regex>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct LogMarkers {
  struct Stage {
    std::string name;
    std::vector<std::regex> patterns;  // a line matching one begins the stage
  };
  struct ProgressHint {
    std::string stage;  // begun by a progress bar whose label starts with one of
    std::vector<std::string> prefixes;
  };
  std::vector<std::string> line_filter;  // the regexes are tried only on lines holding one
  std::vector<Stage> stages;             // in log order
  std::vector<ProgressHint> progress_stage_hints;
  std::vector<std::regex> export_done;
  std::regex perplexity;  // group 1: the value
};

// The strict reading of a document shaped as knowledge/diagnose/log_markers.json: internal
// "knowledge.data_invalid" naming the first missing or mistyped field or the pattern that does
// not compile.
core::Result<LogMarkers> parse_log_markers(const core::Json& doc);

// Parsed once from the embedded file.
core::Result<const LogMarkers*> log_markers();

}  // namespace knowledge
