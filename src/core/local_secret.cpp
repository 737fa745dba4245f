#include "core/local_secret.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cassert>
#include <cerrno>

#include "core/atomic_file.h"
#include "core/crypto_library.h"
#include "core/errno_text.h"
#include "core/text.h"

namespace core {

namespace {

constexpr std::size_t kSecretBytes = 32;

Error unusable(const fs::path& path, std::string why) {
  return make_error(ExitCode::bad_input, "core.secret_unusable").with("path", path.string()).with_detail(std::move(why));
}

// Private to this user: ours, and no permission for group or others.
bool is_private(const struct stat& st) { return st.st_uid == ::geteuid() && (st.st_mode & 077) == 0; }

}  // namespace

fs::path default_config_dir(std::string_view xdg_config_home, std::string_view home) {
  if (!xdg_config_home.empty()) return fs::path(xdg_config_home) / "quark-ptq";
  if (!home.empty()) return fs::path(home) / ".config" / "quark-ptq";
  return {};
}

Result<std::string> local_secret(const fs::path& dir) {
  if (dir.empty()) return unusable(dir, "no configuration directory (neither XDG_CONFIG_HOME nor HOME is set)");
  const fs::path path = dir / "secret";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return unusable(path, ec.message());
  struct stat dst {};
  if (::lstat(dir.c_str(), &dst) != 0 || !S_ISDIR(dst.st_mode) || !is_private(dst)) {
    // A directory made by create_directories gets the umask's mode: tighten ours once.
    if (S_ISDIR(dst.st_mode) && dst.st_uid == ::geteuid() && ::chmod(dir.c_str(), 0700) == 0 && ::lstat(dir.c_str(), &dst) == 0 &&
        is_private(dst)) {
      // now private
    } else {
      return unusable(path, "its directory is not a private directory of this user");
    }
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) {
    const CryptoApi& api = crypto_api();
    assert(api.load_error.empty() && "load_crypto() first");
    unsigned char bytes[kSecretBytes];
    if (api.rand_bytes(bytes, static_cast<int>(kSecretBytes)) != 1) return unusable(path, "no random bytes from libcrypto");
    std::string secret(reinterpret_cast<const char*>(bytes), kSecretBytes);
    QPTQ_TRY(write_file_atomic(path, secret, 0600));
    fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  }
  if (fd < 0) return unusable(path, errno_text(errno));
  struct stat st {};
  std::string secret(kSecretBytes, '\0');
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && is_private(st) && st.st_size == static_cast<off_t>(kSecretBytes) &&
            ::read(fd, secret.data(), kSecretBytes) == static_cast<ssize_t>(kSecretBytes);
  ::close(fd);
  if (!ok) return unusable(path, "not a private 32-byte file of this user");
  return secret;
}

std::string hmac_sha256_hex(std::string_view key, std::string_view data) {
  const CryptoApi& api = crypto_api();
  assert(api.load_error.empty() && "load_crypto() first");
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned n = 0;
  api.hmac(api.sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()), data.size(), md,
           &n);
  return to_hex(md, n);
}

}  // namespace core
