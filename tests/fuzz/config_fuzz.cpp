// libFuzzer target: the bytes are a model's config.json, read by intake exactly as `analyze`
// reads a config-only model (no safetensors headers): the BOM and nesting checks, the JSON
// parse, the typed config reader with its implausible-value bounds and the config estimate,
// then model_analysis.json built from it. A rejected config is an ordinary result; a crash,
// a sanitizer report, a hang, or an analysis that fails its own schema (the artifact
// writer, workflow::write_artifact, would refuse it and blame model_analysis.json) is a bug. Corpus: tests/fuzz/config/.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/schema.h"
#include "intake/analysis.h"
#include "memory_model_files.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::MemoryModelFiles files({{"config.json", std::string(reinterpret_cast<const char*>(data), size)}});
  intake::SourceInfo src;
  src.kind = "local";
  src.input = src.model_path = "/fuzz/model";
  auto analysis = intake::analyze_files(files, src, 1);
  if (analysis && !core::schema_issues(*analysis, core::kSchemaModelAnalysis).empty()) __builtin_trap();
  return 0;
}
