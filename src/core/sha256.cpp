#include "core/sha256.h"
#include "core/errno_text.h"

#include <cassert>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include <vector>

#include "core/crypto_library.h"
#include "core/text.h"

namespace core {

namespace {

Error crypto_missing(const CryptoApi& api) {
  return make_error(ExitCode::env_not_ready, "core.crypto_missing").with_detail(api.load_error);
}

}  // namespace

Result<void> load_crypto() {
  const CryptoApi& api = crypto_api();
  if (!api.load_error.empty()) return crypto_missing(api);
  return ok();
}

Result<Sha256> Sha256::start() {
  const CryptoApi& api = crypto_api();
  if (!api.load_error.empty()) return crypto_missing(api);
  Sha256 h(api.md_ctx_new());
  api.digest_init_ex(h.m_ctx, api.sha256(), nullptr);
  return h;
}

Sha256::~Sha256() {
  if (m_ctx != nullptr) crypto_api().md_ctx_free(m_ctx);
}

void Sha256::update(const void* data, std::size_t size) { crypto_api().digest_update(m_ctx, data, size); }

std::string Sha256::finish_hex() {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned len = 0;
  crypto_api().digest_final_ex(m_ctx, md, &len);
  return to_hex(md, len);
}

std::string sha256_hex(std::string_view data) {
  const CryptoApi& api = crypto_api();
  assert(api.load_error.empty() && "load_crypto() first");
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned n = 0;
  api.digest(data.data(), data.size(), md, &n, api.sha256(), nullptr);
  return to_hex(md, n);
}

Result<std::string> sha256_file_hex(const fs::path& path) {
  QPTQ_TRY_ASSIGN(Sha256 h, Sha256::start());
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return make_error(ExitCode::bad_input, "core.io_error").with("path", path.string()).with_detail(errno_text(errno));
  }
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  std::vector<char> buf(1 << 20);
  for (;;) {
    ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      return make_error(ExitCode::bad_input, "core.io_error").with("path", path.string()).with_detail(errno_text(err));
    }
    if (n == 0) break;
    h.update(buf.data(), static_cast<std::size_t>(n));
  }
  ::close(fd);
  return h.finish_hex();
}

std::string json_digest(const Json& j) { return "sha256:" + sha256_hex(canonical_dump(j)); }

}  // namespace core
