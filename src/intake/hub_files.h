// ModelFiles over the Hugging Face Hub HTTP API: the file list with sizes from
// /api/models/<repo>/revision/<rev>?blobs=true, small files from /<repo>/resolve/<sha>/<file>,
// and each shard's header by two Range requests (8 bytes, then the header). Pinning the
// commit sha from the listing keeps every later request on the same revision.
#pragma once

#include <map>

#include "intake/http_client.h"
#include "intake/model_files.h"

namespace intake {

class HubModelFiles final : public ModelFiles {
 public:
  HubModelFiles(std::string repo_id, std::string revision, HubSettings settings);
  core::Result<std::vector<FileEntry>> list() override;
  core::Result<std::optional<std::string>> read_small(std::string_view name) override;
  core::Result<ShardHeader> read_header(std::string_view shard, const TensorVisitor& visit) override;
  std::string describe(std::string_view name) const override;
  std::uint64_t bytes_read() const override { return m_bytes_read; }
  // The commit the listing resolved the revision to (empty before list()).
  const std::string& commit() const { return m_commit; }

 private:
  std::string file_url(std::string_view name) const;
  core::Error status_error(long status, const std::string& url, std::string_view what) const;

  std::string m_repo;
  std::string m_revision;
  HttpClient m_http;
  std::string m_commit;
  std::map<std::string, std::optional<std::uint64_t>, std::less<>> m_sizes;
  bool m_listed = false;
  std::uint64_t m_bytes_read = 0;
};

}  // namespace intake
