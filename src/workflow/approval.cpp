#include "workflow/approval.h"

#include <algorithm>
#include <array>

namespace workflow {

namespace {

// Kept deliberately short: the product promise is that only these words approve a run.
constexpr std::array<std::string_view, 6> kExecutionWords = {"yes", "run it", "execute", "はい", "実行して", "実行"};
constexpr std::array<std::string_view, 9> kConfirmWords = {"y", "ok", "okay", "confirm", "confirmed", "accept", "確認", "承認", "了解"};

constexpr std::array<std::string_view, 8> kRefusalWords = {"n", "no", "stop", "cancel", "いいえ", "中止", "やめて", "いや"};

constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";  // U+3000
constexpr std::array<std::string_view, 4> kTrailingMarks = {".", "!", "\xE3\x80\x82" /* 。 */, "\xEF\xBC\x81" /* ！ */};

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }

std::string_view trim(std::string_view s) {
  for (bool changed = true; changed;) {
    changed = false;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) {
      s.remove_prefix(1);
      changed = true;
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) {
      s.remove_suffix(1);
      changed = true;
    }
    if (starts_with(s, kIdeographicSpace)) {
      s.remove_prefix(kIdeographicSpace.size());
      changed = true;
    }
    if (ends_with(s, kIdeographicSpace)) {
      s.remove_suffix(kIdeographicSpace.size());
      changed = true;
    }
  }
  return s;
}

}  // namespace

std::string normalize_answer(std::string_view answer) {
  std::string_view s = trim(answer);
  for (std::string_view mark : kTrailingMarks) {
    if (ends_with(s, mark)) {
      s.remove_suffix(mark.size());
      s = trim(s);
      break;
    }
  }
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
  return out;
}

bool is_execution_approval(std::string_view answer) {
  std::string a = normalize_answer(answer);
  return std::find(kExecutionWords.begin(), kExecutionWords.end(), a) != kExecutionWords.end();
}

bool is_confirmation(std::string_view answer) {
  if (is_execution_approval(answer)) return true;
  std::string a = normalize_answer(answer);
  return std::find(kConfirmWords.begin(), kConfirmWords.end(), a) != kConfirmWords.end();
}

}  // namespace workflow

namespace workflow {

bool is_refusal(std::string_view answer) {
  std::string a = normalize_answer(answer);
  return std::find(kRefusalWords.begin(), kRefusalWords.end(), a) != kRefusalWords.end();
}

}  // namespace workflow
