// A number of a recorded section as it was written: releases before the float writer wrote
// whole values without a fraction ("minutes: 1"), later ones as floats ("minutes: 1.0").
// The command digest hashes the recorded form and the round trip keeps the bytes, so the
// reader keeps which one it was and the writer writes it back the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "artifacts/fields.h"
#include "core/json_io.h"

namespace artifacts {

struct Number {
  double value = 0;
  bool whole = false;  // written as an integer

  Number() = default;
  Number(double v) : value(v) {}             // NOLINT(google-explicit-constructor): a new figure is a float
  operator double() const { return value; }  // NOLINT(google-explicit-constructor)
  core::Json to_json() const { return whole ? core::Json(static_cast<std::int64_t>(value)) : core::Json(value); }
};

// The member `key` of `object` (read through `f`, which names a wrong type), as recorded.
inline std::optional<Number> number_as_recorded(Fields& f, const core::Json& object, std::string_view key) {
  std::optional<double> v = f.number(key);
  if (!v) return std::nullopt;
  Number n(*v);
  n.whole = object.find(std::string(key))->is_number_integer();
  return n;
}

inline core::Json or_null(const std::optional<Number>& n) { return n ? n->to_json() : core::Json(nullptr); }

}  // namespace artifacts
