#include "intake/http_client.h"

#include <charconv>
#include <cstring>
#include <mutex>

#include <curl/curl.h>

namespace intake {

namespace {

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

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

HttpClient::HttpClient(HubSettings settings) : m_settings(std::move(settings)) {
  global_init();
  m_curl = curl_easy_init();
}

HttpClient::~HttpClient() {
  if (m_curl != nullptr) curl_easy_cleanup(static_cast<CURL*>(m_curl));
}

core::Result<HttpResponse> HttpClient::get(const std::string& url,
                                           std::optional<std::pair<std::uint64_t, std::uint64_t>> range,
                                           std::uint64_t max_bytes) {
  auto* curl = static_cast<CURL*>(m_curl);
  if (curl == nullptr) {
    return core::make_error(core::ExitCode::network, "intake.hub_unreachable").with("url", url).with_detail("curl_easy_init failed");
  }
  curl_easy_reset(curl);
  HttpResponse resp;
  Sink sink{&resp.body, max_bytes, false, std::nullopt};
  std::string range_text;
  struct curl_slist* headers = nullptr;
  std::string auth;
  if (m_settings.token) {
    auth = "Authorization: Bearer " + *m_settings.token;
    headers = curl_slist_append(headers, auth.c_str());
  }
  headers = curl_slist_append(headers, "User-Agent: quark-ptq/0.1 (config and safetensors headers only)");
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 10L);
  // Never send the token to another host after a redirect (curl's default; stated here).
  curl_easy_setopt(curl, CURLOPT_UNRESTRICTED_AUTH, 0L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, m_settings.timeout_ms);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, m_settings.timeout_ms);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &sink);
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  if (range) {
    range_text = std::to_string(range->first) + "-" + std::to_string(range->second);
    curl_easy_setopt(curl, CURLOPT_RANGE, range_text.c_str());
  }
  char errbuf[CURL_ERROR_SIZE] = {0};
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errbuf);
  CURLcode rc = curl_easy_perform(curl);
  curl_slist_free_all(headers);
  if (sink.overflow) {
    return core::make_error(core::ExitCode::network, "intake.hub_too_large")
        .with("url", url)
        .with("limit", std::to_string(max_bytes));
  }
  if (rc != CURLE_OK) {
    std::string detail = errbuf[0] != '\0' ? errbuf : curl_easy_strerror(rc);
    if (rc == CURLE_OPERATION_TIMEDOUT) {
      return core::make_error(core::ExitCode::network, "intake.hub_timeout")
          .with("url", url)
          .with("ms", std::to_string(m_settings.timeout_ms))
          .with_detail(redact(detail, m_settings));
    }
    if (rc == CURLE_PARTIAL_FILE || rc == CURLE_RECV_ERROR || rc == CURLE_GOT_NOTHING) {
      return core::make_error(core::ExitCode::network, "intake.hub_truncated").with("url", url).with_detail(redact(detail, m_settings));
    }
    return core::make_error(core::ExitCode::network, "intake.hub_unreachable")
        .with("url", url)
        .with_detail(redact(detail, m_settings));
  }
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &resp.status);
  resp.total_size = sink.total;
  return resp;
}

}  // namespace intake
