// The writers' two ways with an optional field: written as null when unset (the schema lists
// it), or left out when unset (entries older than the field lack it).
#pragma once

#include <optional>

#include "core/json_io.h"

namespace artifacts {

template <typename T>
core::Json or_null(const std::optional<T>& v) {
  return v ? core::Json(*v) : core::Json(nullptr);
}

template <typename T>
void put_if(core::Json& out, const char* key, const std::optional<T>& v) {
  if (v) out[key] = *v;
}

}  // namespace artifacts
