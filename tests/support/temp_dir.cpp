#include "support/temp_dir.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace test_support {

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string tmpl = std::string(base != nullptr ? base : "/tmp") + "/qptq-test-XXXXXX";
  if (::mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  m_path = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;
  // Tests may leave read-only files behind (permission tests); make them removable first.
  for (auto it = std::filesystem::recursive_directory_iterator(m_path, ec); it != std::filesystem::recursive_directory_iterator();
       it.increment(ec)) {
    std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
  }
  std::filesystem::remove_all(m_path, ec);
}

std::filesystem::path TempDir::write(std::string_view relative, std::string_view content) const {
  auto p = m_path / relative;
  std::filesystem::create_directories(p.parent_path());
  std::ofstream f(p, std::ios::binary);
  f.write(content.data(), static_cast<std::streamsize>(content.size()));
  return p;
}

std::filesystem::path source_path(std::string_view relative) {
#ifdef QPTQ_SOURCE_DIR
  return std::filesystem::path(QPTQ_SOURCE_DIR) / relative;
#else
  return std::filesystem::path(relative);
#endif
}

}  // namespace test_support
