// A secret of this user's quark-ptq, and HMAC-SHA256 under it: what quark-ptq keeps in a
// directory others can write (its caches) carries a code that only a holder of the secret can
// make, so a planted or edited entry is recognised and ignored. The secret lives apart from the
// caches, in <config>/quark-ptq/secret (created on first use, 32 random bytes, mode 0600 in a
// 0700 directory) and is used only when it is still a regular file of this user that nobody
// else can read or write.
#pragma once

#include <string>
#include <string_view>

#include "core/fs.h"
#include "core/result.h"

namespace core {

// $XDG_CONFIG_HOME/quark-ptq, else $HOME/.config/quark-ptq ("" when neither is set).
fs::path default_config_dir(std::string_view xdg_config_home, std::string_view home);

// The secret under `dir`, created when there is none. Errors (bad_input "core.secret_unusable"
// with the reason) when it cannot be made or is not private: the caller then keeps nothing.
Result<std::string> local_secret(const fs::path& dir);

// HMAC-SHA256 of `data` under `key`, in hex (requires load_crypto()).
std::string hmac_sha256_hex(std::string_view key, std::string_view data);

}  // namespace core
