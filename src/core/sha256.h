// SHA-256 through OpenSSL's EVP interface (SHA-NI where the CPU has it). libcrypto is loaded
// with dlopen (core/crypto_library.h): the entry point calls load_crypto() once before a
// command runs, so a missing library is one error at the start, never a failure mid-command.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "core/fs.h"
#include "core/json_io.h"

struct evp_md_ctx_st;  // OpenSSL's EVP_MD_CTX

namespace core {

// Loads libcrypto (once per process; later calls return the first answer): env_not_ready,
// "core.crypto_missing" when it cannot be loaded.
Result<void> load_crypto();

// Streaming SHA-256, for data hashed in pieces (verify's file hasher).
class Sha256 {
 public:
  // Errors (env_not_ready, "core.crypto_missing") when libcrypto cannot be loaded.
  static Result<Sha256> start();
  Sha256(Sha256&& other) noexcept : m_ctx(other.m_ctx) { other.m_ctx = nullptr; }
  Sha256& operator=(Sha256&& other) noexcept {
    std::swap(m_ctx, other.m_ctx);
    return *this;
  }
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  ~Sha256();

  void update(const void* data, std::size_t size);
  // The digest in hex; the object is spent afterwards.
  std::string finish_hex();

 private:
  explicit Sha256(evp_md_ctx_st* ctx) : m_ctx(ctx) {}
  evp_md_ctx_st* m_ctx = nullptr;
};

// These two require load_crypto() to have succeeded (their callers bind digests into
// artifacts and have no error to return); calling them without libcrypto is a bug.
std::string sha256_hex(std::string_view data);
// "sha256:<hex>" of canonical_dump(j): the digest that confirmations are bound to.
std::string json_digest(const Json& j);

// Streams the file in large chunks; never maps it whole.
Result<std::string> sha256_file_hex(const fs::path& path);

}  // namespace core
