// libFuzzer target: the bytes are quant_plan.json in a workdir, read as `status` reads it
// (workflow::status_of) and then by its one typed reader (plan::read_plan_file), step 3's plan
// view (beside a real model_analysis.json) and the evaluation settings reader.
// Corpus: tests/fuzz/plan/.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "evaluate/settings_json.h"
#include "fuzz_workdir.h"
#include "manifest/plan_view.h"
#include "plan/plan_file.h"
#include "workflow/state.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const workflow::Workdir wd = fuzz::empty_workdir();
  fuzz::write_file(wd.plan(), std::string_view(reinterpret_cast<const char*>(data), size));
  auto status = workflow::status_of(wd);
  if (!status) __builtin_trap();
  const core::Json& doc = status->plan.doc;
  if (doc.is_null()) return 0;
  if (auto plan = plan::read_plan_file(doc); plan && plan->evaluation) (void)evaluate::settings_of(*plan->evaluation);
  (void)manifest::read_plan_view(doc, fuzz::fixture_artifact("model_analysis.json"));
  return 0;
}
