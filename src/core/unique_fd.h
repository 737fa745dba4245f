// A file descriptor owned by one object and closed with it, and the write loop every writer
// of a descriptor needs (short writes, EINTR).
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <string_view>

namespace core {

class UniqueFd {
 public:
  explicit UniqueFd(int fd = -1) : m_fd(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  int get() const { return m_fd; }
  void reset(int fd = -1) {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = fd;
  }
  int release() {
    int fd = m_fd;
    m_fd = -1;
    return fd;
  }

 private:
  int m_fd;
};

// Writes all of `data` to `fd`, adding to `written` what got there; false (errno set) when a
// write fails: the caller stops writing to that descriptor.
inline bool write_all(int fd, std::string_view data, std::uint64_t* written = nullptr) {
  while (!data.empty()) {
    ssize_t w = ::write(fd, data.data(), data.size());
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(w));
    if (written != nullptr) *written += static_cast<std::uint64_t>(w);
  }
  return true;
}

}  // namespace core
