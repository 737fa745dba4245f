// core::Error: an expected failure, as a value. It carries a message id from the catalogs
// (messages/*.json) plus named arguments, so that the CLI can render it in English or
// Japanese; `detail` keeps untranslated technical text (an OS or parser message).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/exit_code.h"

namespace core {

struct MessageArg {
  std::string name;
  std::string value;
};

struct Error {
  ExitCode code = ExitCode::internal;
  std::string id;                // catalog key, e.g. "intake.config_missing"
  std::vector<MessageArg> args;  // named placeholders for the catalog text
  std::string detail;            // untranslated technical detail, may be empty

  Error& with(std::string name, std::string value) {
    args.push_back({std::move(name), std::move(value)});
    return *this;
  }
  Error& with_detail(std::string d) {
    detail = std::move(d);
    return *this;
  }
  const std::string* arg(const std::string& name) const {
    for (const auto& a : args) {
      if (a.name == name) return &a.value;
    }
    return nullptr;
  }
};

inline Error make_error(ExitCode code, std::string id) {
  Error e;
  e.code = code;
  e.id = std::move(id);
  return e;
}

}  // namespace core
