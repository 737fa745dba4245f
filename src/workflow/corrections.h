// Checkpoint 1 corrections: `--set KEY=VALUE`, where KEY is a dotted path into
// model_analysis.json (model.model_type, quantization_targets.exclude_defaults, risks.0.severity)
// and VALUE is typed by the value it replaces:
//   - JSON of the same type as the current value (or JSON null) is taken as JSON;
//   - a string field takes any other text verbatim (model.transformers_version=4.45 stays "4.45");
//   - a list field takes comma-separated names (exclude_defaults=lm_head,*.gate; empty: []);
//   - a new key takes JSON when the text parses as JSON, a string otherwise.
// The corrected document is revalidated by the caller before anything is written.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace workflow {

struct Correction {
  std::string key;    // the dotted path as typed
  std::string value;  // the text after '=' as typed
};

// "KEY=VALUE" -> Correction, or ExitCode::usage "workflow.correction_syntax".
core::Result<Correction> parse_correction(std::string_view text);

// Applies the corrections in order to a copy of `doc`. `record` receives
// {KEY: {"from": old or null, "to": new}}. Errors (ExitCode::usage): a path through a
// non-object, a protected key (artifact, schema_version), an index out of range.
core::Result<core::Json> apply_corrections(const core::Json& doc, const std::vector<Correction>& corrections, core::Json& record);

}  // namespace workflow
