#include "oracle/oracle_cache.h"

#include <cstdlib>

#include "core/local_secret.h"
#include "core/atomic_file.h"
#include "core/fs.h"
#include "core/json_io.h"
#include "core/sha256.h"
#include "oracle/run_oracle.h"

namespace oracle {

namespace {

// Bumped when the script's answer gains a field that callers act on (2: "forward").
constexpr const char* kCacheFormat = "answer=2";

core::Json shapes_json(const std::vector<ParameterShape>& ps) {
  core::Json out = core::Json::array();
  for (const auto& p : ps) out.push_back(core::Json::array({p.name, p.shape}));
  return out;
}

template <typename T>
core::Json opt(const std::optional<T>& v) {
  return v ? core::Json(*v) : core::Json(nullptr);
}

}  // namespace

std::string answer_to_json(const OracleAnswer& answer, const LibraryVersions& versions) {
  core::Json j = core::Json::object();
  j["versions"] = {
      {"python", versions.python}, {"torch", versions.torch}, {"transformers", versions.transformers}, {"amd-quark", versions.amd_quark}};
  if (const auto* r = std::get_if<OracleRefusal>(&answer)) {
    j["status"] = "refused";
    j["refusal"] = {{"code", r->code}, {"detail", r->detail}};
    return core::dump_pretty(j);
  }
  const auto& o = std::get<ModelOracle>(answer);
  j["status"] = "ok";
  j["config_sha256"] = o.config_sha256;
  j["model_type"] = o.model_type;
  j["text_model_type"] = opt(o.text_model_type);
  j["model_class"] = o.model_class;
  j["class_rule"] = o.class_rule;
  core::Json linears = core::Json::array();
  for (const auto& l : o.linear_modules) {
    linears.push_back({{"name", l.name},
                       {"in_features", l.in_features},
                       {"out_features", l.out_features},
                       {"bias", l.bias},
                       {"origin", l.from_moe_preparation ? "moe_preparation" : "model"},
                       {"checkpoint", opt(l.checkpoint)}});
  }
  j["linear_modules"] = std::move(linears);
  core::Json others = core::Json::array();
  for (const auto& n : o.non_linear_modules) {
    others.push_back({{"name", n.name}, {"class", n.class_name}, {"kind", n.kind}, {"parameters", shapes_json(n.parameters)}});
  }
  j["non_linear_modules"] = std::move(others);
  core::Json prepared = core::Json::array();
  for (const auto& p : o.moe_preparation) {
    prepared.push_back(
        {{"name", p.name}, {"from_class", p.from_class}, {"to_class", p.to_class}, {"parameters", shapes_json(p.parameters)}});
  }
  j["moe_preparation"] = std::move(prepared);
  core::Json tensors = core::Json::array();
  for (const auto& t : o.checkpoint_tensors) tensors.push_back(core::Json::array({t.name, t.shape, t.dtype}));
  j["checkpoint_tensors"] = std::move(tensors);
  core::Json renames = core::Json::array();
  for (const auto& r : o.renames) {
    renames.push_back({{"type", r.type},
                       {"source_patterns", r.source_patterns},
                       {"target_patterns", r.target_patterns},
                       {"operations", r.operations},
                       {"scope_prefix", opt(r.scope_prefix)}});
  }
  j["renames"] = std::move(renames);
  j["tied_weights"] = o.tied_weights;
  if (o.forward) {
    const char* status = o.forward->status == ForwardCheck::Status::ok       ? "ok"
                         : o.forward->status == ForwardCheck::Status::failed ? "failed"
                                                                             : "inconclusive";
    auto text = [](const std::string& s) { return s.empty() ? core::Json(nullptr) : core::Json(s); };
    j["forward"] = {
        {"status", status}, {"error", text(o.forward->error)}, {"function", text(o.forward->function)}, {"where", text(o.forward->where)}};
  }
  return core::dump_pretty(j);
}

std::filesystem::path OracleCache::default_dir() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x != '\0') {
    return std::filesystem::path(x) / "quark-ptq" / "oracle";
  }
  const char* home = std::getenv("HOME");
  return std::filesystem::path(home != nullptr && *home != '\0' ? home : "/tmp") / ".cache" / "quark-ptq" / "oracle";
}

std::filesystem::path OracleCache::path_for(const std::string& config_sha256, const LibraryVersions& versions) const {
  // The versions enter the file name through a digest: they are free text from the probe. So
  // does the answer's format: an answer cached before the forward check would hide its risk.
  return m_dir / (config_sha256 + "-" + core::sha256_hex(versions.key() + " " + kCacheFormat).substr(0, 16) + ".json");
}

std::optional<OracleAnswer> OracleCache::find(const std::string& config_sha256, const LibraryVersions& versions) const {
  if (m_secret.empty()) return std::nullopt;
  const auto path = path_for(config_sha256, versions);
  auto text = core::read_file(path);
  if (!text) return std::nullopt;
  auto mac = core::read_file(path.string() + ".mac");
  if (!mac || *mac != core::hmac_sha256_hex(m_secret, *text)) return std::nullopt;
  auto answer = parse_oracle_model(*text, "oracle cache");
  if (!answer) return std::nullopt;
  auto parsed = core::parse_json(*text, "oracle cache");
  const core::Json* v = parsed ? core::json_object(*parsed, "versions") : nullptr;
  if (v == nullptr || core::json_string(*v, "transformers").value_or("") != versions.transformers ||
      core::json_string(*v, "torch").value_or("") != versions.torch ||
      core::json_string(*v, "amd-quark").value_or("") != versions.amd_quark) {
    return std::nullopt;
  }
  if (const auto* o = std::get_if<ModelOracle>(&*answer); o != nullptr && o->config_sha256 != config_sha256) return std::nullopt;
  return std::move(answer).value();
}

core::Result<void> OracleCache::store(const std::string& config_sha256, const LibraryVersions& versions, const OracleAnswer& answer) const {
  if (m_secret.empty()) return core::ok();
  QPTQ_TRY(core::create_directories(m_dir));
  const auto path = path_for(config_sha256, versions);
  const std::string text = answer_to_json(answer, versions);
  // The code first: a crash between the two writes leaves a miss, never an unchecked answer.
  QPTQ_TRY(core::write_file_atomic(path.string() + ".mac", core::hmac_sha256_hex(m_secret, text)));
  return core::write_file_atomic(path, text);
}

core::Result<OracleResult> model_oracle(const OracleRequest& request) {
  std::filesystem::path config = request.config;
  std::error_code ec;
  if (std::filesystem::is_directory(config, ec)) config /= "config.json";
  QPTQ_TRY_ASSIGN(std::string digest, core::sha256_file_hex(config));
  OracleCache cache(request.cache_dir, request.cache_secret);
  if (request.expected) {
    if (auto hit = cache.find(digest, *request.expected)) return OracleResult{std::move(*hit), *request.expected, true};
  }
  QPTQ_TRY_ASSIGN(OracleReport report, run_oracle(request.python, {config}, request.timeout_seconds));
  OracleResult result{std::move(report.answers.front()), report.versions, false};
  // A cache that cannot be written costs a re-run next time, nothing else.
  (void)cache.store(digest, result.versions, result.answer);
  return result;
}

}  // namespace oracle
