// libFuzzer target: the bytes are run_manifest.yaml in a workdir, read as `status` and `run`
// read it (workflow::status_of: the YAML parse with its depth and alias-expansion bounds, the
// schema, the command block against its digest, the recorded run against /proc) and as
// `validate` does, then by the typed readers of its parts: the recorded command and the
// evaluator's settings. Corpus: tests/fuzz/manifest/.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "artifacts/evaluator.h"
#include "evaluate/settings_json.h"
#include "fuzz_workdir.h"
#include "workflow/command_digest.h"
#include "workflow/state.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const workflow::Workdir wd = fuzz::empty_workdir();
  fuzz::write_file(wd.manifest(), std::string_view(reinterpret_cast<const char*>(data), size));
  auto status = workflow::status_of(wd);
  if (!status) __builtin_trap();
  const core::Json& doc = status->manifest.doc;
  if (doc.is_null()) return 0;
  (void)status->to_json();
  (void)workflow::command_inconsistency(doc);
  if (auto cmd = workflow::read_recorded_command(doc); cmd && status->manifest.state == workflow::ArtifactState::valid) {
    // A manifest evaluate() accepts has a command whose digest is the one recorded.
    if (workflow::command_digest(*cmd) != cmd->digest) __builtin_trap();
  }
  if (const core::Json* s = core::json_object(doc, "evaluator")) {
    if (auto evaluator = artifacts::Evaluator::from_json(*s)) (void)evaluate::settings_of(evaluator->settings);
  }
  return 0;
}
