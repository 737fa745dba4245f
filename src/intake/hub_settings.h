// Hugging Face Hub settings from the environment, read once per analysis: HF_ENDPOINT,
// HF_HUB_OFFLINE, HF_HUB_CACHE / HF_HOME, HF_TOKEN (or the token file under HF_HOME). The
// token is kept only in memory for the Authorization header; it is never logged, written to
// an artifact or put into an error (see redact()).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/fs.h"

namespace intake {

struct HubSettings {
  std::string endpoint = "https://huggingface.co";
  bool offline = false;
  core::fs::path cache_dir;          // .../hub
  std::optional<std::string> token;  // secret
  long timeout_ms = 30000;           // per request, QPTQ_HUB_TIMEOUT_MS
};

HubSettings hub_settings_from_env();
// The same, read through `getenv` (a test's environment, or prepare's).
HubSettings hub_settings_from(const std::function<std::optional<std::string>(const std::string&)>& getenv);

// `text` with every occurrence of the token replaced by "***".
std::string redact(std::string text, const HubSettings& settings);

}  // namespace intake
