#include "intake/repo_id.h"

namespace intake {

namespace {

bool valid_part(std::string_view p) {
  if (p.empty() || p.size() > 96) return false;
  if (p.front() == '-' || p.front() == '.' || p.back() == '-' || p.back() == '.') return false;
  if (p.find("--") != std::string_view::npos || p.find("..") != std::string_view::npos) return false;
  for (char c : p) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

bool is_valid_repo_id(std::string_view id) {
  auto slash = id.find('/');
  if (slash == std::string_view::npos) return valid_part(id);
  if (id.find('/', slash + 1) != std::string_view::npos) return false;
  return valid_part(id.substr(0, slash)) && valid_part(id.substr(slash + 1));
}

bool is_commit_sha(std::string_view s) {
  if (s.size() != 40) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

bool is_valid_revision(std::string_view rev) {
  if (rev.empty() || rev.size() > 255 || rev.front() == '/' || rev.find("..") != std::string_view::npos) return false;
  for (char c : rev) {
    if (c <= ' ' || c > '~' || c == '\\') return false;
  }
  return true;
}

std::string cache_dir_name(std::string_view repo_id) {
  std::string out = "models--";
  for (char c : repo_id) {
    if (c == '/') {
      out += "--";
    } else {
      out += c;
    }
  }
  return out;
}

std::string url_encode(std::string_view s, bool keep_slash) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
                 c == '~' || (keep_slash && c == '/');
    if (plain) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace intake
