#include "core/shared_library.h"

namespace core {

SharedLibrary::SharedLibrary(const char* soname) : m_soname(soname) {
  m_handle = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (m_handle == nullptr) {
    const char* why = ::dlerror();
    m_error = std::string("cannot load ") + soname + ": " + (why != nullptr ? why : "unknown error");
  }
}

}  // namespace core
