#include "evaluate/baseline_cache.h"

#include <cstdlib>

#include "core/atomic_file.h"
#include "core/fs.h"
#include "core/json_io.h"
#include "core/local_secret.h"
#include "core/model_identity.h"
#include "core/sha256.h"
#include "evaluate/run_evaluation.h"

namespace evaluate {

namespace {

// Entries of another layout are other keys, never misread.
constexpr const char* kFormat = "baseline-1";
// A baseline is a few windows of figures and a few canary texts: anything larger is not one.
constexpr std::uint64_t kMaxEntryBytes = 4u << 20;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? v : "";
}

}  // namespace

BaselineCache BaselineCache::for_this_user() {
  BaselineCache c;
  const std::string xdg = env("XDG_CACHE_HOME");
  const std::string home = env("HOME");
  if (!xdg.empty()) {
    c.dir = std::filesystem::path(xdg) / "quark-ptq" / "baselines";
  } else if (!home.empty()) {
    c.dir = std::filesystem::path(home) / ".cache" / "quark-ptq" / "baselines";
  }
  auto secret = core::local_secret(core::default_config_dir(env("XDG_CONFIG_HOME"), home));
  if (secret && !c.dir.empty()) c.secret = *secret;
  return c;
}

std::string BaselineCache::key_of(const Request& req) {
  auto identity = core::local_model_identity(req.source);
  auto text = core::sha256_file_hex(req.text);
  if (!identity || !text) return "";
  const Settings& s = req.settings;
  core::Json doc = {
      {"format", kFormat},
      {"source", core::json_string(*identity, "digest").value_or("")},
      {"source_path", req.source.string()},
      {"text", *text},
      {"settings",
       {{"windows", s.windows}, {"seq_len", s.seq_len}, {"canary_tokens", s.canary_tokens}, {"budget_seconds", s.budget_seconds}}},
      {"python", req.python}};
  return core::sha256_hex(core::canonical_dump(doc));
}

bool BaselineCache::fetch(const std::string& key, const std::filesystem::path& into) const {
  if (secret.empty() || key.empty()) return false;
  const auto path = dir / (key + ".json");
  auto text = core::read_file(path, kMaxEntryBytes);
  auto mac = core::read_file(path.string() + ".mac", 256);
  if (!text || !mac || *mac != core::hmac_sha256_hex(secret, *text)) return false;
  return core::write_file_atomic(into, *text).has_value();
}

void BaselineCache::keep(const std::string& key, const std::filesystem::path& from) const {
  if (secret.empty() || key.empty()) return;
  auto text = core::read_file(from, kMaxEntryBytes);
  if (!text || !core::parse_json(*text, from.string())) return;
  if (!core::create_directories(dir)) return;
  const auto path = dir / (key + ".json");
  // The code first: a crash between the two writes leaves a miss, never an unchecked entry.
  if (!core::write_file_atomic(path.string() + ".mac", core::hmac_sha256_hex(secret, *text))) return;
  (void)core::write_file_atomic(path, *text);
}

}  // namespace evaluate
