// libFuzzer target: the bytes are model_analysis.json in a workdir, read as `status` reads it
// (workflow::status_of: parse, digest, schema) and then by every typed reader of the analysis:
// the inventory expansion of intake, the typed document and the planner's module list from it,
// and step 3's plan view (beside a real quant_plan.json). Whatever the bytes, each reader
// returns a value or an error.
// Corpus: tests/fuzz/analysis/.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "artifacts/analysis_upgrade.h"
#include "fuzz_workdir.h"
#include "intake/inventory.h"
#include "manifest/plan_view.h"
#include "plan/module_inventory.h"
#include "workflow/state.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const workflow::Workdir wd = fuzz::empty_workdir();
  fuzz::write_file(wd.analysis(), std::string_view(reinterpret_cast<const char*>(data), size));
  auto status = workflow::status_of(wd);
  if (!status) __builtin_trap();  // only checkpoints.json can fail it, and there is none
  const core::Json& doc = status->analysis.doc;
  if (status->analysis.state == workflow::ArtifactState::missing) __builtin_trap();
  if (doc.is_null()) return 0;
  (void)intake::expand_inventory(doc);
  if (auto typed = artifacts::read_model_analysis(doc)) (void)plan::inventory_from_analysis(*typed);
  (void)manifest::read_plan_view(fuzz::fixture_artifact("quant_plan.json"), doc);
  return 0;
}
