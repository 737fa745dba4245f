#include "runner/proc_stats.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <optional>
#include <string_view>
#include <cstdlib>
#include <cstring>
#include <string>

namespace runner {

namespace {

// Small /proc files are read with one read(); no iostreams on this path.
std::string read_small(const char* path) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  char buf[4096];
  ssize_t n = ::read(fd, buf, sizeof(buf) - 1);
  ::close(fd);
  if (n <= 0) return {};
  return std::string(buf, static_cast<std::size_t>(n));
}

std::int64_t meminfo_kib(const std::string& text, const char* key) {
  auto pos = text.find(key);
  if (pos == std::string::npos) return -1;
  return std::strtoll(text.c_str() + pos + std::strlen(key), nullptr, 10);
}

// The fields after the ")" that closes the command name (which may contain spaces).
std::optional<std::string> stat_tail(int pid) {
  std::string path = "/proc/" + std::to_string(pid) + "/stat";
  std::string text = read_small(path.c_str());
  auto close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  return text.substr(close + 2);
}

// The n-th space-separated field of the stat tail; the tail starts at field 3 (state).
std::optional<std::string> stat_field(const std::string& tail, int field) {
  int idx = 3;
  std::size_t start = 0;
  while (idx < field) {
    auto sp = tail.find(' ', start);
    if (sp == std::string::npos) return std::nullopt;
    start = sp + 1;
    ++idx;
  }
  auto sp = tail.find(' ', start);
  return tail.substr(start, sp == std::string::npos ? std::string::npos : sp - start);
}

}  // namespace

std::optional<HostMemory> read_host_memory() {
  std::string text = read_small("/proc/meminfo");
  std::int64_t total = meminfo_kib(text, "MemTotal:");
  std::int64_t avail = meminfo_kib(text, "MemAvailable:");
  if (total < 0 || avail < 0) return std::nullopt;
  return HostMemory{total / 1024, (total - avail) / 1024};
}

namespace {

// A whole decimal number (a pid, a process group), or nothing: "self", "123abc" and values
// out of range are not numbers here.
std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// Adds the RSS pages of `pid` when it is in group `pgid`; false when it is not (or gone).
bool add_member_pages(int pid, int pgid, std::int64_t& pages) {
  auto tail = stat_tail(pid);
  if (!tail) return false;
  auto pgrp = stat_field(*tail, 5);
  if (!pgrp || parse_int(*pgrp) != pgid) return false;
  if (auto rss = stat_field(*tail, 24)) pages += std::strtoll(rss->c_str(), nullptr, 10);
  return true;
}

std::int64_t pages_to_mib(std::int64_t pages) {
  static const long kPage = ::sysconf(_SC_PAGESIZE);
  return pages * kPage / (1024 * 1024);
}

std::vector<int> scan_group(int pgid, std::int64_t& pages) {
  std::vector<int> members;
  DIR* dir = ::opendir("/proc");
  if (dir == nullptr) return members;
  // readdir is unsafe only on a stream that threads share; this one is the caller's own.
  while (dirent* e = ::readdir(dir)) {  // NOLINT(concurrency-mt-unsafe)
    std::optional<int> pid = parse_int(e->d_name);
    if (pid && add_member_pages(*pid, pgid, pages)) members.push_back(*pid);
  }
  ::closedir(dir);
  return members;
}

}  // namespace

std::int64_t process_group_rss_mib(int pgid) {
  std::int64_t pages = 0;
  scan_group(pgid, pages);
  return pages_to_mib(pages);
}

std::int64_t GroupRss::sample_mib() {
  std::int64_t pages = 0;
  if (m_count++ % m_rescan_every == 0 || m_members.empty()) {
    m_members = scan_group(m_pgid, pages);
    return pages_to_mib(pages);
  }
  std::vector<int> still;
  for (int pid : m_members) {
    if (add_member_pages(pid, m_pgid, pages)) still.push_back(pid);
  }
  m_members.swap(still);
  return pages_to_mib(pages);
}

}  // namespace runner
