// A shared library loaded on first use with dlopen (libcurl for the Hub, libcrypto for
// hashing), so that a binary start does not pay for libraries most commands never call.
// Libraries are never unloaded: the function pointers taken from them live as long as the
// process.
#pragma once

#include <dlfcn.h>

#include <string>

namespace core {

class SharedLibrary {
 public:
  // Opens `soname`; error() says why when it could not be loaded.
  explicit SharedLibrary(const char* soname);

  const std::string& error() const { return m_error; }

  // Points `out` at the function `name`; false (and error() set) when it is missing.
  template <typename Fn>
  bool bind(const char* name, Fn& out) {
    out = m_handle != nullptr ? reinterpret_cast<Fn>(::dlsym(m_handle, name)) : nullptr;
    if (out == nullptr && m_error.empty()) m_error = m_soname + " lacks " + name + ", which quark-ptq needs";
    return out != nullptr;
  }

 private:
  std::string m_soname;
  void* m_handle = nullptr;
  std::string m_error;
};

}  // namespace core
