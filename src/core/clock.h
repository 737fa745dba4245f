// Wall-clock helpers for artifact timestamps.
#pragma once

#include <string>

namespace core {

// e.g. "2026-11-29T19:45:12Z"
std::string now_utc_iso8601();
// e.g. "20261129T194512Z", safe in file names
std::string now_utc_compact();

}  // namespace core
