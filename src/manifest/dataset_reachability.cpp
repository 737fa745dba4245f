#include "manifest/dataset_reachability.h"

#include <algorithm>
#include <memory>

#include "intake/http_client.h"
#include "intake/hub_settings.h"

namespace manifest {

namespace {

// Long enough for a slow proxy, short enough that prepare never looks hung.
constexpr long kDeadlineMs = 10000;
// The dataset's API record is a few kB; nothing larger is read.
constexpr std::uint64_t kMaxBody = 1 << 20;

}  // namespace

envprobe::DatasetReachable hub_dataset_reachability(const envprobe::EnvGetter& getenv) {
  intake::HubSettings settings = intake::hub_settings_from(getenv);
  settings.timeout_ms = std::min(settings.timeout_ms, kDeadlineMs);
  auto client = std::make_shared<intake::HttpClient>(settings);
  return [client](const std::string& repo_id) -> std::optional<envprobe::HubRefusal> {
    const std::string& endpoint = client->settings().endpoint;
    auto resp = client->get(endpoint + "/api/datasets/" + repo_id, std::nullopt, kMaxBody);
    if (!resp) {
      std::string detail = intake::redact(resp.error().detail, client->settings());
      return envprobe::HubRefusal{"envprobe.hub.unreachable", {{"endpoint", endpoint}, {"detail", detail.empty() ? "-" : detail}}};
    }
    if (resp->status == 200) return std::nullopt;
    const std::vector<core::MessageArg> args = {{"endpoint", endpoint}, {"status", std::to_string(resp->status)}};
    if (resp->status == 401 || resp->status == 403) return envprobe::HubRefusal{"envprobe.hub.needs_access", args};
    if (resp->status == 404) return envprobe::HubRefusal{"envprobe.hub.not_found", args};
    return envprobe::HubRefusal{"envprobe.hub.status", args};
  };
}

}  // namespace manifest
