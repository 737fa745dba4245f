#include "intake/hub_files.h"

#include "core/json_io.h"
#include "intake/repo_id.h"

namespace intake {

namespace {

constexpr std::uint64_t kMaxListingBytes = 32ull << 20;

}  // namespace

HubModelFiles::HubModelFiles(std::string repo_id, std::string revision, HubSettings settings)
    : m_repo(std::move(repo_id)), m_revision(std::move(revision)), m_http(std::move(settings)) {}

std::string HubModelFiles::file_url(std::string_view name) const {
  const std::string& rev = m_commit.empty() ? m_revision : m_commit;
  return m_http.settings().endpoint + "/" + m_repo + "/resolve/" + url_encode(rev, false) + "/" + url_encode(name, true);
}

std::string HubModelFiles::describe(std::string_view name) const { return file_url(name); }

core::Error HubModelFiles::status_error(long status, const std::string& url, std::string_view what) const {
  if (status == 401 || status == 403) {
    return core::make_error(core::ExitCode::network, "intake.hub_unauthorized")
        .with("repo", m_repo)
        .with("status", std::to_string(status))
        .with("url", url);
  }
  if (status == 404) {
    return core::make_error(core::ExitCode::bad_input, "intake.hub_not_found")
        .with("repo", m_repo)
        .with("revision", m_revision)
        .with("what", std::string(what));
  }
  return core::make_error(core::ExitCode::network, "intake.hub_http_error").with("url", url).with("status", std::to_string(status));
}

core::Result<std::vector<FileEntry>> HubModelFiles::list() {
  std::string url = m_http.settings().endpoint + "/api/models/" + m_repo + "/revision/" + url_encode(m_revision, false) + "?blobs=true";
  QPTQ_TRY_ASSIGN(HttpResponse resp, m_http.get(url, std::nullopt, kMaxListingBytes));
  if (resp.status != 200) return status_error(resp.status, url, m_repo);
  QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(resp.body, "HTTP response from " + url));
  const core::Json* siblings = core::json_array(doc, "siblings");
  if (siblings == nullptr) {
    return core::make_error(core::ExitCode::network, "intake.hub_bad_listing").with("url", url);
  }
  if (auto sha = core::json_string(doc, "sha")) {
    if (!is_commit_sha(*sha)) {
      return core::make_error(core::ExitCode::network, "intake.hub_bad_commit").with("url", url).with("sha", sha->substr(0, 80));
    }
    m_commit = *sha;
  }
  std::vector<FileEntry> out;
  for (const auto& s : *siblings) {
    auto name = core::json_string(s, "rfilename");
    if (!name) continue;
    FileEntry e;
    e.name = *name;
    if (auto size = core::json_int(s, "size"); size && *size >= 0) e.size = static_cast<std::uint64_t>(*size);
    m_sizes[e.name] = e.size;
    out.push_back(std::move(e));
  }
  std::sort(out.begin(), out.end(), [](const FileEntry& a, const FileEntry& b) { return a.name < b.name; });
  m_listed = true;
  return out;
}

core::Result<std::optional<std::string>> HubModelFiles::read_small(std::string_view name) {
  if (m_listed && m_sizes.find(name) == m_sizes.end()) return std::optional<std::string>{};
  std::string url = file_url(name);
  // The listing's size refuses a file too large for a configuration file before a byte of it
  // is fetched; the transfer's own limit covers a listing that lies.
  if (auto it = m_sizes.find(name); it != m_sizes.end() && it->second && *it->second > kMaxSmallFileBytes) {
    return core::make_error(core::ExitCode::bad_input, "intake.file_too_large")
        .with("path", url)
        .with("limit", std::to_string(kMaxSmallFileBytes));
  }
  QPTQ_TRY_ASSIGN(HttpResponse resp, m_http.get(url, std::nullopt, kMaxSmallFileBytes));
  m_bytes_read += resp.body.size();
  if (resp.status == 404) return std::optional<std::string>{};
  if (resp.status != 200) return status_error(resp.status, url, name);
  return std::optional<std::string>(std::move(resp.body));
}

core::Result<ShardHeader> HubModelFiles::read_header(std::string_view shard, const TensorVisitor& visit) {
  std::string url = file_url(shard);
  QPTQ_TRY_ASSIGN(HttpResponse first, m_http.get(url, std::make_pair(std::uint64_t{0}, std::uint64_t{7}), 8));
  m_bytes_read += first.body.size();
  if (first.status != 206 && first.status != 200) return status_error(first.status, url, shard);
  std::optional<std::uint64_t> size = first.total_size;
  if (auto it = m_sizes.find(shard); it != m_sizes.end() && it->second) size = it->second;
  QPTQ_TRY_ASSIGN(std::uint64_t n, parse_header_length(first.body, url, size));
  std::string json;
  if (n > 0) {
    QPTQ_TRY_ASSIGN(HttpResponse second, m_http.get(url, std::make_pair(std::uint64_t{8}, 8 + n - 1), n));
    m_bytes_read += second.body.size();
    if (second.status != 206 && second.status != 200) return status_error(second.status, url, shard);
    if (second.body.size() != n) {
      return core::make_error(core::ExitCode::network, "intake.hub_truncated")
          .with("url", url)
          .with_detail("got " + std::to_string(second.body.size()) + " of " + std::to_string(n) + " header bytes");
    }
    json = std::move(second.body);
  }
  ShardHeader out;
  QPTQ_TRY_ASSIGN(out.header, visit_header(json, url, size, visit));
  out.file_size = size.value_or(8 + n + out.header.data_bytes);
  return out;
}

}  // namespace intake
