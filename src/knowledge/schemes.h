// The quantization schemes of one Quark release (knowledge/quark/<release>/schemes.json):
// weight / activation formats, bytes per weight (the estimator uses it) and the accelerator
// architectures that run the scheme natively; anywhere else inference is emulated.
#pragma once

#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct TensorFormat {
  std::string format;  // "fp8_e4m3", "int4", "mxfp4", ...
  int bits = 0;
  std::string granularity;  // "per_tensor", "per_channel", "per_group", "per_token"
  std::optional<int> group_size;
  bool dynamic = false;
};

struct Scheme {
  std::string name;
  std::string family;  // "fp8", "int4_wo", "mxfp4", ... (algorithm fit)
  TensorFormat weight;
  std::optional<TensorFormat> activation;  // none: weight-only
  double bytes_per_weight = 0;             // including scales, approximate
  std::vector<std::string> native_on;      // architectures: "gfx942", "sm_90", "cpu", ...
  std::string alias_of;                    // "" unless the name is an alias
  std::string note;

  bool weight_only() const { return !activation.has_value(); }
  bool native(const std::string& arch) const;
};

class SchemeCatalog {
 public:
  // A copy of schemes(release)'s catalog.
  static core::Result<SchemeCatalog> load(const std::string& release);
  // knowledge/quark/<release>/schemes.json's document, read strictly.
  static core::Result<SchemeCatalog> from_json(const core::Json& doc, const std::string& release);

  const std::string& release() const { return m_release; }
  bool verified() const { return m_verified; }
  const std::vector<Scheme>& all() const { return m_schemes; }
  const Scheme* find(const std::string& name) const;
  std::vector<std::string> names() const;

 private:
  friend core::Result<const SchemeCatalog*> schemes(std::string_view release);
  static core::Result<SchemeCatalog> parse(const std::string& release);
  std::string m_release;
  bool m_verified = false;
  std::vector<Scheme> m_schemes;
};

// The release's catalog, parsed once. Errors: internal "knowledge.missing_file" for a release
// without the file, internal "knowledge.data_invalid" when a scheme lacks a name, a weight
// format or bytes_per_weight.
core::Result<const SchemeCatalog*> schemes(std::string_view release);

}  // namespace knowledge
