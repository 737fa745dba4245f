#include "knowledge/verify_schemes.h"

#include "core/embedded.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/verify/schemes.json";

}  // namespace

core::Result<VerifySchemes> parse_verify_schemes(const core::Json& doc) {
  StrictFields f{std::string(kPath)};
  VerifySchemes out;
  out.rescaling_algorithms = f.strings(f.object(doc, "", "rescaling_algorithms"), "/rescaling_algorithms", "names");
  out.unquantized_dtypes = f.strings(doc, "", "unquantized_dtypes");
  out.non_linear_patterns = f.strings(doc, "", "non_linear_patterns");
  for (const auto& [name, kv] : f.object(doc, "", "kv_cache").items()) {
    const std::string at = "/kv_cache/" + name;
    out.kv_cache.emplace(name, ExportedKvCache{f.strings(kv, at, "modules"), f.strings(kv, at, "required_tensors")});
  }
  const core::Json& tok = f.object(doc, "", "tokenizer_files");
  out.tokenizer_all_of = f.strings(tok, "/tokenizer_files", "all_of");
  out.tokenizer_one_of = f.strings(tok, "/tokenizer_files", "one_of");
  for (const auto& [name, s] : f.object(doc, "", "schemes").items()) {
    const std::string at = "/schemes/" + name;
    out.schemes.emplace(name, ExportedScheme{f.strings(s, at, "weight_dtypes"), f.strings(s, at, "required_tensors"),
                                             f.string(s, at, "config_weight_dtype")});
  }
  QPTQ_TRY(f.result());
  return out;
}

core::Result<const VerifySchemes*> verify_schemes() {
  static const core::Result<VerifySchemes> parsed = []() -> core::Result<VerifySchemes> {
    auto text = core::embedded_file(kPath);
    if (!text) return core::fail(data_missing(kPath));
    QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
    return parse_verify_schemes(doc);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
