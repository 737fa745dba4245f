// The libcurl adapter: GET with an optional byte range, redirects followed (http/https only),
// a deadline, and a cap on the body so that a server ignoring Range cannot make us download
// tensor data. CURL state and errors stay in http_client.cpp; callers get values.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "core/result.h"
#include "intake/hub_settings.h"

namespace intake {

struct HttpResponse {
  long status = 0;
  std::string body;
  std::optional<std::uint64_t> total_size;  // from Content-Range: bytes a-b/TOTAL
};

class HttpClient {
 public:
  explicit HttpClient(HubSettings settings);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // `range` is inclusive [first, last]. A body longer than `max_bytes` aborts the transfer:
  // intake.hub_too_large for a ranged read, bad_input intake.file_too_large for a whole file. Transport failures: network
  // "intake.hub_unreachable". HTTP error statuses are returned as responses, not errors.
  core::Result<HttpResponse> get(const std::string& url, std::optional<std::pair<std::uint64_t, std::uint64_t>> range,
                                 std::uint64_t max_bytes);
  const HubSettings& settings() const { return m_settings; }

 private:
  HubSettings m_settings;
  void* m_curl = nullptr;  // CURL*, reused so that connections are kept alive
};

}  // namespace intake
