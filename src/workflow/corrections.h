// Checkpoint 1 corrections: `--set KEY=VALUE`, where KEY is one of the correctable fields of
// model_analysis.json below and VALUE is typed by the value it replaces:
//   - JSON of the same type as the current value (or JSON null) is taken as JSON;
//   - a string field takes any other text verbatim (model.transformers_version=4.45 stays "4.45");
//   - a list field takes comma-separated names (exclude_defaults=lm_head,*.gate; empty: []);
//   - a new key takes JSON when the text parses as JSON, a string otherwise.
// The corrected document is revalidated by the caller before anything is written.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "artifacts/checkpoints.h"
#include "core/json_io.h"
#include "core/result.h"

namespace workflow {

// A field the person may correct, and what the correction changes downstream. Only fields
// that flow into the plan are correctable: a correction that changed nothing would be
// confirmed and then ignored. Risks are not among them (a correction never hides a risk the
// person has not seen).
struct CorrectableField {
  std::string_view key;      // the dotted path
  std::string_view changes;  // what it changes (English, for the refusal's list)
};
std::span<const CorrectableField> correctable_fields();
// Their keys, comma-separated (for messages).
std::string correctable_keys();

// quantization_targets.exclude_defaults_source once checkpoint 1 corrected the exclusions: the
// planner then takes them as the person's (--exclude_layers), not the template's defaults.
inline constexpr std::string_view kCorrectedExclusionsSource = "corrected at checkpoint 1";

struct Correction {
  std::string key;    // the dotted path as typed
  std::string value;  // the text after '=' as typed
};

// "KEY=VALUE" -> Correction, or ExitCode::usage "workflow.correction_syntax".
core::Result<Correction> parse_correction(std::string_view text);

// The analysis with the corrections applied, as a document to check against the schema and read
// (the caller writes it through artifacts::ModelAnalysis, the one writer), with what changed:
// one entry per key in the order first corrected, its first "from" and its last "to".
struct CorrectedAnalysis {
  core::Json doc;
  std::vector<artifacts::AppliedCorrection> applied;
  bool exclusions_corrected = false;  // then the exclusions are the person's (kCorrectedExclusionsSource)
};

// Applies the corrections in order to a copy of `doc`. Errors (ExitCode::usage): a key that is
// not correctable ("workflow.correction_not_correctable", listing the correctable keys), a path
// through a non-object.
core::Result<CorrectedAnalysis> apply_corrections(const core::Json& doc, const std::vector<Correction>& corrections);

}  // namespace workflow
