#include "core/crypto_library.h"

#include "core/shared_library.h"

namespace core {

// The soname of the ABI the headers describe (Debian 12: libssl3).
constexpr const char* kCryptoLibrary = "libcrypto.so.3";

const CryptoApi& crypto_api() {
  static const CryptoApi api = [] {
    CryptoApi a;
    SharedLibrary lib(kCryptoLibrary);
    lib.bind("EVP_MD_CTX_new", a.md_ctx_new);
    lib.bind("EVP_MD_CTX_free", a.md_ctx_free);
    lib.bind("EVP_sha256", a.sha256);
    lib.bind("EVP_DigestInit_ex", a.digest_init_ex);
    lib.bind("EVP_DigestUpdate", a.digest_update);
    lib.bind("EVP_DigestFinal_ex", a.digest_final_ex);
    lib.bind("EVP_Digest", a.digest);
    lib.bind("HMAC", a.hmac);
    lib.bind("RAND_bytes", a.rand_bytes);
    a.load_error = lib.error();
    return a;
  }();
  return api;
}

}  // namespace core
