// libFuzzer target: the bytes are checkpoints.json in a workdir, read by its one reader
// (workflow::load_confirmations) and schema-checked as `validate` does, then through
// workflow::evaluate with a real run's three artifacts beside it, so each confirmation meets
// the checkpoint logic. A confirmation passes only with its checkpoint's decision.
// Corpus: tests/fuzz/checkpoints/.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "core/schema.h"
#include "fuzz_workdir.h"
#include "workflow/state.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const workflow::Workdir wd = [] {
    workflow::Workdir w = fuzz::empty_workdir();
    const auto fixture = fuzz::fixture_dir();
    for (const char* name : {"model_analysis.json", "quant_plan.json", "run_manifest.yaml"}) {
      std::filesystem::copy_file(fixture / name, w.root / name, std::filesystem::copy_options::overwrite_existing);
    }
    return w;
  }();
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  fuzz::write_file(wd.checkpoints(), bytes);
  auto all = workflow::load_confirmations(wd);
  if (auto doc = core::parse_json(bytes, "checkpoints.json")) (void)core::schema_issues(*doc, core::kSchemaCheckpoints);
  auto status = workflow::evaluate(wd);
  if (all.has_value() != status.has_value()) __builtin_trap();
  if (!status) return 0;
  for (const auto& cp : status->checkpoints) {
    if (cp.state == workflow::CheckpointState::confirmed && (!cp.confirmation || !workflow::passes_checkpoint(*cp.confirmation))) {
      __builtin_trap();
    }
    (void)workflow::require_confirmed(*status, cp.checkpoint);
  }
  return 0;
}
