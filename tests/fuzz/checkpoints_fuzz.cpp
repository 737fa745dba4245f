// libFuzzer target: the bytes are checkpoints.json in a workdir, read by its one reader
// (workflow::load_confirmations) and schema-checked as `validate` does, then through
// workflow::status_of with a real run's three artifacts beside it, so each confirmation meets
// the checkpoint logic. A confirmation passes only with its checkpoint's decision. The three
// artifacts are the same bytes on every execution: read once (workflow::read_artifacts, the
// first half of evaluate(wd)), each execution evaluates the confirmations against them.
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
  static const workflow::WorkdirArtifacts artifacts = [] {
    workflow::WorkdirArtifacts a = workflow::read_artifacts(wd);
    // The recorded run is whole: a fixture that no longer passes would test nothing.
    for (const auto* st : {&a.analysis, &a.plan, &a.manifest}) {
      if (st->state != workflow::ArtifactState::valid) std::abort();
    }
    return a;
  }();
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  fuzz::write_file(wd.checkpoints(), bytes);
  auto all = workflow::load_confirmations(wd);
  if (auto doc = core::parse_json(bytes, "checkpoints.json")) (void)core::schema_issues(*doc, core::kSchemaCheckpoints);
  if (!all) return 0;
  const workflow::WorkflowStatus status = workflow::status_of(wd, *all, artifacts);
  for (const auto& cp : status.checkpoints) {
    if (cp.state == workflow::CheckpointState::confirmed && (!cp.confirmation || !workflow::passes_checkpoint(*cp.confirmation))) {
      __builtin_trap();
    }
    (void)workflow::require_confirmed(status, cp.checkpoint);
  }
  return 0;
}
