// The source's figures kept between evaluations: a comparison evaluates every candidate
// against the same source on the same text with the same settings, and a second comparison of
// the same model does too, so the source is measured once and its windows and canary reused
// (the evaluator's --baseline). Keyed by the source's identity (core::local_model_identity: its
// files, sizes, headers and modification times), the text's SHA-256, the settings and the
// interpreter; the evaluator itself refuses a baseline measured with other libraries, device or
// dtype. The cache directory can be written by others: each entry carries an HMAC under this
// user's secret (core::local_secret), and an entry without a valid one is a miss; without a
// secret nothing is kept or read.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/result.h"

namespace evaluate {

struct Request;

struct BaselineCache {
  std::filesystem::path dir;
  std::string secret;  // "": nothing is kept or read

  // $XDG_CACHE_HOME/quark-ptq/baselines, else ~/.cache/quark-ptq/baselines; with the secret in
  // the user's config directory (none when it cannot be made or is not private).
  static BaselineCache for_this_user();

  // The entry's key for `req` ("" when the source or the text cannot be read).
  static std::string key_of(const Request& req);

  // A valid entry for `key` copied to `into` (the evaluator reads it there); false on a miss.
  bool fetch(const std::string& key, const std::filesystem::path& into) const;
  // Keeps what the evaluator wrote to `from` (its --baseline-out) under `key`; a failure costs
  // a measurement next time, nothing else.
  void keep(const std::string& key, const std::filesystem::path& from) const;
};

}  // namespace evaluate
