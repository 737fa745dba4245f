#include "core/crypto_library.h"

#include <dlfcn.h>

namespace core {

namespace {

// The soname of the ABI the headers describe (Debian 12: libssl3).
constexpr const char* kCryptoLibrary = "libcrypto.so.3";

template <typename Fn>
bool bind(void* lib, const char* name, Fn& out) {
  out = reinterpret_cast<Fn>(::dlsym(lib, name));
  return out != nullptr;
}

}  // namespace

const CryptoApi& crypto_api() {
  static const CryptoApi api = [] {
    CryptoApi a;
    void* lib = ::dlopen(kCryptoLibrary, RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
      const char* why = ::dlerror();
      a.load_error = std::string("cannot load ") + kCryptoLibrary + ": " + (why != nullptr ? why : "unknown error");
      return a;
    }
    bool ok = bind(lib, "EVP_MD_CTX_new", a.md_ctx_new) && bind(lib, "EVP_MD_CTX_free", a.md_ctx_free) &&
              bind(lib, "EVP_sha256", a.sha256) && bind(lib, "EVP_DigestInit_ex", a.digest_init_ex) &&
              bind(lib, "EVP_DigestUpdate", a.digest_update) && bind(lib, "EVP_DigestFinal_ex", a.digest_final_ex) &&
              bind(lib, "EVP_Digest", a.digest);
    if (!ok) a.load_error = std::string(kCryptoLibrary) + " lacks a function quark-ptq needs";
    return a;
  }();
  return api;
}

}  // namespace core
