// A fresh directory under $TMPDIR for one test, removed with everything in it afterwards.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace test_support {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return m_path; }
  // Writes `content` to path()/relative, creating parent directories.
  std::filesystem::path write(std::string_view relative, std::string_view content) const;

 private:
  std::filesystem::path m_path;
};

// Repository-relative path of a checked-in fixture.
std::filesystem::path source_path(std::string_view relative);

}  // namespace test_support
