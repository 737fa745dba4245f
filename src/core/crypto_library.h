// libcrypto (OpenSSL 3), loaded with dlopen instead of linked: a missing library is then an
// error the tool renders (core::load_crypto, called by the entry point once the command line
// is parsed) rather than the dynamic loader's, and --help, --version and usage errors do not
// pay its 1-1.5 ms of relocations.
#pragma once

#include <string>

#include <openssl/evp.h>  // types and constants only; every function comes from CryptoApi

namespace core {

struct CryptoApi {
  EVP_MD_CTX* (*md_ctx_new)() = nullptr;
  void (*md_ctx_free)(EVP_MD_CTX*) = nullptr;
  const EVP_MD* (*sha256)() = nullptr;
  int (*digest_init_ex)(EVP_MD_CTX*, const EVP_MD*, ENGINE*) = nullptr;
  int (*digest_update)(EVP_MD_CTX*, const void*, size_t) = nullptr;
  int (*digest_final_ex)(EVP_MD_CTX*, unsigned char*, unsigned*) = nullptr;
  int (*digest)(const void*, size_t, unsigned char*, unsigned*, const EVP_MD*, ENGINE*) = nullptr;
  unsigned char* (*hmac)(const EVP_MD*, const void*, int, const unsigned char*, size_t, unsigned char*, unsigned*) = nullptr;
  int (*rand_bytes)(unsigned char*, int) = nullptr;
  std::string load_error;  // non-empty when libcrypto could not be loaded
};

// Loaded once per process (thread-safe) and never unloaded.
const CryptoApi& crypto_api();

}  // namespace core
