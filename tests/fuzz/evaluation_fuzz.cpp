// libFuzzer target: the bytes are the evaluator's result file (evaluation-<unique>.json in the
// workdir's evaluation directory, writable by anyone who can write the workdir), read as
// run_evaluation reads it and judged with the smoke settings. Whatever it holds, the verdict is
// one of the four, a pass has both checks passing, anything else says why, and the recorded form
// says the same verdict and can be written.
// Corpus: tests/fuzz/evaluation/.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/json_io.h"
#include "evaluate/evaluation.h"
#include "evaluate/settings_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto doc = core::parse_json(std::string_view(reinterpret_cast<const char*>(data), size), "evaluation.json");
  if (!doc || !doc->is_object()) return 0;
  // The smoke budget and the balanced threshold, as knowledge/plan/rules.json sets them.
  static const evaluate::Settings settings =
      evaluate::settings_of(artifacts::PlanEvaluation{"smoke", 8, 256, 16, 900.0, 5.0, 1.96, std::nullopt});
  evaluate::EvaluationResult r = evaluate::judge(*doc, settings);
  using evaluate::Status;
  if (r.verdict == Status::pass && (r.canary.status != Status::pass || r.perplexity.status != Status::pass)) __builtin_trap();
  if (r.verdict != Status::pass && r.reason.empty()) __builtin_trap();
  // What run_manifest.yaml records says the same verdict, and dumps (no NaN, no invalid UTF-8
  // from the evaluator's texts reaching the YAML writer as an exception).
  core::Json recorded = r.record().to_json();
  const core::Json* verdict = core::json_at(recorded, "verdict");
  if (verdict == nullptr || !verdict->is_string() || *verdict != std::string(evaluate::status_name(r.verdict))) __builtin_trap();
  (void)core::dump_compact(recorded);
  return 0;
}
