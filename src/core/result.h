// core::Result<T>: the value-or-error type every fallible call returns.
//
// GCC 12 in C++20 mode has no std::expected, so this is a small stand-in that uses
// std::expected's member names (has_value, value, error, and_then is left out on purpose:
// early returns with QPTQ_TRY read better in this code base). Replace with an alias once
// the toolchain has <expected>.
#pragma once

#include <cassert>
#include <utility>
#include <variant>

#include "core/error.h"

namespace core {

struct Unexpected {
  Error error;
};

inline Unexpected fail(Error e) { return Unexpected{std::move(e)}; }

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : m_state(std::in_place_index<0>, std::move(value)) {}         // NOLINT(implicit)
  Result(Unexpected u) : m_state(std::in_place_index<1>, std::move(u.error)) {}  // NOLINT
  Result(Error e) : m_state(std::in_place_index<1>, std::move(e)) {}             // NOLINT

  bool has_value() const { return m_state.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & {
    assert(has_value());
    return std::get<0>(m_state);
  }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(m_state);
  }
  T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(m_state));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const& {
    assert(!has_value());
    return std::get<1>(m_state);
  }
  Error&& error() && {
    assert(!has_value());
    return std::get<1>(std::move(m_state));
  }

 private:
  std::variant<T, Error> m_state;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Unexpected u) : m_error(std::move(u.error)), m_failed(true) {}  // NOLINT
  Result(Error e) : m_error(std::move(e)), m_failed(true) {}             // NOLINT

  bool has_value() const { return !m_failed; }
  explicit operator bool() const { return has_value(); }
  const Error& error() const& {
    assert(m_failed);
    return m_error;
  }
  Error&& error() && {
    assert(m_failed);
    return std::move(m_error);
  }

 private:
  Error m_error;
  bool m_failed = false;
};

inline Result<void> ok() { return {}; }

}  // namespace core

// Early return on error. QPTQ_TRY(expr) for Result<void>; QPTQ_TRY_ASSIGN(var, expr) binds the value.
// `var` is a declaration ("auto x", "const auto& [a, b]"), which parentheses would break: hence
// the NOLINT for bugprone-macro-parentheses.
#define QPTQ_CONCAT_INNER(a, b) a##b
#define QPTQ_CONCAT(a, b) QPTQ_CONCAT_INNER(a, b)
#define QPTQ_TRY(expr)                                                               \
  do {                                                                               \
    auto qptq_try_result_ = (expr);                                                  \
    if (!qptq_try_result_) return ::core::fail(std::move(qptq_try_result_).error()); \
  } while (false)
#define QPTQ_TRY_ASSIGN(var, expr)                                                                                 \
  auto QPTQ_CONCAT(qptq_try_, __LINE__) = (expr);                                                                  \
  if (!QPTQ_CONCAT(qptq_try_, __LINE__)) return ::core::fail(std::move(QPTQ_CONCAT(qptq_try_, __LINE__)).error()); \
  var = std::move(QPTQ_CONCAT(qptq_try_, __LINE__)).value()  // NOLINT(bugprone-macro-parentheses)
