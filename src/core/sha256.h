// SHA-256 through OpenSSL's EVP interface (SHA-NI where the CPU has it).
#pragma once

#include <string>
#include <string_view>

#include "core/fs.h"
#include "core/json_io.h"

namespace core {

std::string sha256_hex(std::string_view data);
// Streams the file in large chunks; never maps it whole.
Result<std::string> sha256_file_hex(const fs::path& path);
// "sha256:<hex>" of canonical_dump(j): the digest that confirmations are bound to.
std::string json_digest(const Json& j);

}  // namespace core
