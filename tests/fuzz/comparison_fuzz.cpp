// libFuzzer target: the bytes are comparison_manifest.yaml in the workdir of a real comparison
// (SmolLM2 on the CPU, fp8 against int4_wo_64: tests/fixtures/compare/smollm2-cpu, its analysis,
// plan, checkpoints and both candidates' workdirs), read as `status`, `run` and `report` read
// it: workflow::status_of (the YAML parse, the schema, the typed reader with its name and
// digest checks, each candidate's workdir against the digest it binds), the typed record's own
// reader, and report.html's typed inputs. Corpus: tests/fuzz/comparison/.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "fuzz_workdir.h"
#include "report/read_workdir.h"
#include "artifacts/comparison_manifest.h"
#include "workflow/state.h"

namespace {

const workflow::Workdir& comparison_workdir() {
  static const workflow::Workdir wd = [] {
    const workflow::Workdir w = fuzz::empty_workdir();
    const auto fixture = std::filesystem::path(QPTQ_SOURCE_DIR) / "tests/fixtures/compare/smollm2-cpu";
    std::error_code ec;
    std::filesystem::copy(fixture, w.root, std::filesystem::copy_options::recursive | std::filesystem::copy_options::overwrite_existing,
                          ec);
    if (ec) std::abort();
    return w;
  }();
  return wd;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const workflow::Workdir& wd = comparison_workdir();
  fuzz::write_file(wd.comparison_manifest(), std::string_view(reinterpret_cast<const char*>(data), size));
  auto status = workflow::status_of(wd);
  if (!status) __builtin_trap();
  if (!status->comparison) __builtin_trap();  // the fixture's plan is a comparison
  (void)status->to_json();
  const core::Json& doc = status->comparison_manifest.doc;
  if (status->comparison_manifest.state == workflow::ArtifactState::valid) {
    // A comparison manifest status accepts is one whose digest its entries give, and whose
    // candidates each hold the manifest it binds.
    auto record = artifacts::ComparisonManifest::from_json(doc);
    if (!record || record->recomputed_digest() != record->digest) __builtin_trap();
    for (const auto& c : status->candidates) {
      if (!c.problem.empty() || !artifacts::is_candidate_name(c.name)) __builtin_trap();
    }
  }
  (void)report::read_workdir(wd);
  return 0;
}
