#include "core/errno_text.h"

#include <cstring>

namespace core {

std::string errno_text(int err) {
  char buf[256];
  // glibc's strerror_r is the GNU one (_GNU_SOURCE is on under g++ and clang++): it returns
  // either a static string of the C library or buf, never a shared buffer.
  return ::strerror_r(err, buf, sizeof buf);
}

}  // namespace core
