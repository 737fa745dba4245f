#include "core/release_line.h"

namespace core {

std::string release_line(std::string_view version) {
  auto first = version.find('.');
  if (first == std::string_view::npos) return std::string(version);
  auto end = version.find_first_not_of("0123456789", first + 1);
  return std::string(version.substr(0, end));
}

}  // namespace core
