#include "intake/hub_settings.h"

#include <cstdlib>
#include <string_view>

namespace intake {

namespace {

std::optional<std::string> process_env(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  if (v == nullptr) return std::nullopt;
  return std::string(v);
}

bool truthy(const std::optional<std::string>& v) {
  if (!v) return false;
  return *v == "1" || *v == "ON" || *v == "on" || *v == "true" || *v == "TRUE" || *v == "yes" || *v == "YES";
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return s.substr(i);
}

}  // namespace

HubSettings hub_settings_from_env() { return hub_settings_from(process_env); }

HubSettings hub_settings_from(const std::function<std::optional<std::string>(const std::string&)>& getenv) {
  auto env = [&getenv](const char* name) -> std::optional<std::string> {
    auto v = getenv(name);
    if (!v || v->empty()) return std::nullopt;
    return v;
  };
  HubSettings s;
  if (auto e = env("HF_ENDPOINT")) {
    s.endpoint = *e;
    while (!s.endpoint.empty() && s.endpoint.back() == '/') s.endpoint.pop_back();
  }
  s.offline = truthy(env("HF_HUB_OFFLINE"));
  core::fs::path home;
  if (auto h = env("HF_HOME")) {
    home = *h;
  } else if (auto x = env("XDG_CACHE_HOME")) {
    home = core::fs::path(*x) / "huggingface";
  } else {
    home = core::fs::path(env("HOME").value_or("/")) / ".cache" / "huggingface";
  }
  if (auto c = env("HF_HUB_CACHE")) {
    s.cache_dir = *c;
  } else if (auto c2 = env("HUGGINGFACE_HUB_CACHE")) {
    s.cache_dir = *c2;
  } else {
    s.cache_dir = home / "hub";
  }
  if (auto t = env("HF_TOKEN")) {
    s.token = trim(*t);
  } else {
    auto text = core::read_range(home / "token", 0, 4096);
    if (text && !trim(*text).empty()) s.token = trim(*text);
  }
  if (auto t = env("QPTQ_HUB_TIMEOUT_MS")) {
    char* end = nullptr;
    long v = std::strtol(t->c_str(), &end, 10);
    if (end != nullptr && *end == '\0' && v > 0) s.timeout_ms = v;
  }
  return s;
}

std::string redact(std::string text, const HubSettings& settings) {
  if (!settings.token || settings.token->empty()) return text;
  const std::string& tok = *settings.token;
  std::size_t pos = 0;
  while ((pos = text.find(tok, pos)) != std::string::npos) {
    text.replace(pos, tok.size(), "***");
    pos += 3;
  }
  return text;
}

}  // namespace intake
