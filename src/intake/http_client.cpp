#include "intake/http_client.h"

#include <charconv>
#include <cstring>

#include <curl/curl.h>

#include "core/shared_library.h"

namespace intake {

namespace {

// libcurl is loaded on first use, not linked: only Hub models need it, and linking it makes
// every start of the binary pay for loading its ~35 shared libraries (TLS, LDAP, Kerberos,
// ...), about 6 ms of a 10 ms local `analyze`. The soname is the ABI the headers describe.
constexpr const char* kCurlLibrary = "libcurl.so.4";

struct CurlApi {
  CURLcode (*global_init)(long) = nullptr;
  CURL* (*easy_init)() = nullptr;
  void (*easy_cleanup)(CURL*) = nullptr;
  void (*easy_reset)(CURL*) = nullptr;
  CURLcode (*easy_setopt)(CURL*, CURLoption, ...) = nullptr;
  CURLcode (*easy_perform)(CURL*) = nullptr;
  CURLcode (*easy_getinfo)(CURL*, CURLINFO, ...) = nullptr;
  const char* (*easy_strerror)(CURLcode) = nullptr;
  curl_slist* (*slist_append)(curl_slist*, const char*) = nullptr;
  void (*slist_free_all)(curl_slist*) = nullptr;
  std::string load_error;  // non-empty when libcurl could not be loaded
};

// Loaded once per process and never unloaded; curl_global_init runs once after loading.
const CurlApi& curl_api() {
  static const CurlApi api = [] {
    CurlApi a;
    core::SharedLibrary lib(kCurlLibrary);
    bool ok = lib.bind("curl_global_init", a.global_init) && lib.bind("curl_easy_init", a.easy_init) &&
              lib.bind("curl_easy_cleanup", a.easy_cleanup) && lib.bind("curl_easy_reset", a.easy_reset) &&
              lib.bind("curl_easy_setopt", a.easy_setopt) && lib.bind("curl_easy_perform", a.easy_perform) &&
              lib.bind("curl_easy_getinfo", a.easy_getinfo) && lib.bind("curl_easy_strerror", a.easy_strerror) &&
              lib.bind("curl_slist_append", a.slist_append) && lib.bind("curl_slist_free_all", a.slist_free_all);
    a.load_error = lib.error();
    if (ok) a.global_init(CURL_GLOBAL_DEFAULT);
    return a;
  }();
  return api;
}

struct Sink {
  std::string* body;
  std::uint64_t max_bytes;
  bool overflow = false;
  std::optional<std::uint64_t> total;
};

std::size_t on_body(char* data, std::size_t size, std::size_t n, void* user) {
  auto* sink = static_cast<Sink*>(user);
  std::size_t bytes = size * n;
  if (sink->body->size() + bytes > sink->max_bytes) {
    sink->overflow = true;
    return 0;  // aborts the transfer
  }
  sink->body->append(data, bytes);
  return bytes;
}

// "Content-Range: bytes 0-7/123456" -> 123456. Headers of redirect responses arrive too;
// the last one wins.
std::size_t on_header(char* data, std::size_t size, std::size_t n, void* user) {
  auto* sink = static_cast<Sink*>(user);
  std::size_t bytes = size * n;
  std::string_view line(data, bytes);
  constexpr std::string_view kName = "content-range:";
  if (line.size() > kName.size() && strncasecmp(line.data(), kName.data(), kName.size()) == 0) {
    auto slash = line.find('/');
    if (slash != std::string_view::npos) {
      std::uint64_t total = 0;
      auto rest = line.substr(slash + 1);
      auto r = std::from_chars(rest.data(), rest.data() + rest.size(), total);
      if (r.ec == std::errc()) sink->total = total;
    }
  }
  return bytes;
}

}  // namespace

// The handle is created on the first request: constructing a client (every Hub adapter
// does) must not load libcurl.
HttpClient::HttpClient(HubSettings settings) : m_settings(std::move(settings)) {}

HttpClient::~HttpClient() {
  if (m_curl != nullptr) curl_api().easy_cleanup(static_cast<CURL*>(m_curl));
}

core::Result<HttpResponse> HttpClient::get(const std::string& url, std::optional<std::pair<std::uint64_t, std::uint64_t>> range,
                                           std::uint64_t max_bytes) {
  const CurlApi& api = curl_api();
  if (!api.load_error.empty()) {
    return core::make_error(core::ExitCode::network, "intake.hub_unreachable").with("url", url).with_detail(api.load_error);
  }
  if (m_curl == nullptr) m_curl = api.easy_init();
  auto* curl = static_cast<CURL*>(m_curl);
  if (curl == nullptr) {
    return core::make_error(core::ExitCode::network, "intake.hub_unreachable").with("url", url).with_detail("curl_easy_init failed");
  }
  api.easy_reset(curl);
  HttpResponse resp;
  Sink sink{&resp.body, max_bytes, false, std::nullopt};
  std::string range_text;
  struct curl_slist* headers = nullptr;
  std::string auth;
  if (m_settings.token) {
    auth = "Authorization: Bearer " + *m_settings.token;
    headers = api.slist_append(headers, auth.c_str());
  }
  headers = api.slist_append(headers, "User-Agent: quark-ptq/0.1 (config and safetensors headers only)");
  api.easy_setopt(curl, CURLOPT_URL, url.c_str());
  api.easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
  api.easy_setopt(curl, CURLOPT_MAXREDIRS, 10L);
  // Never send the token to another host after a redirect (curl's default; stated here).
  api.easy_setopt(curl, CURLOPT_UNRESTRICTED_AUTH, 0L);
  api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  api.easy_setopt(curl, CURLOPT_TIMEOUT_MS, m_settings.timeout_ms);
  api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, m_settings.timeout_ms);
  api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  api.easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
  api.easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  api.easy_setopt(curl, CURLOPT_HEADERDATA, &sink);
  api.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  if (range) {
    range_text = std::to_string(range->first) + "-" + std::to_string(range->second);
    api.easy_setopt(curl, CURLOPT_RANGE, range_text.c_str());
  }
  char errbuf[CURL_ERROR_SIZE] = {0};
  api.easy_setopt(curl, CURLOPT_ERRORBUFFER, errbuf);
  CURLcode rc = api.easy_perform(curl);
  api.slist_free_all(headers);
  if (sink.overflow) {
    // A ranged read that overflows is a server that ignored the range (it was sending tensor
    // data); a whole-file read that overflows is a file too large for what it claims to be.
    if (!range) {
      return core::make_error(core::ExitCode::bad_input, "intake.file_too_large")
          .with("path", url)
          .with("limit", std::to_string(max_bytes));
    }
    return core::make_error(core::ExitCode::network, "intake.hub_too_large").with("url", url).with("limit", std::to_string(max_bytes));
  }
  if (rc != CURLE_OK) {
    std::string detail = errbuf[0] != '\0' ? errbuf : api.easy_strerror(rc);
    if (rc == CURLE_OPERATION_TIMEDOUT) {
      return core::make_error(core::ExitCode::network, "intake.hub_timeout")
          .with("url", url)
          .with("ms", std::to_string(m_settings.timeout_ms))
          .with_detail(redact(detail, m_settings));
    }
    if (rc == CURLE_PARTIAL_FILE || rc == CURLE_RECV_ERROR || rc == CURLE_GOT_NOTHING) {
      return core::make_error(core::ExitCode::network, "intake.hub_truncated").with("url", url).with_detail(redact(detail, m_settings));
    }
    return core::make_error(core::ExitCode::network, "intake.hub_unreachable").with("url", url).with_detail(redact(detail, m_settings));
  }
  api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &resp.status);
  resp.total_size = sink.total;
  return resp;
}

}  // namespace intake
