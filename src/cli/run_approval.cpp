#include "cli/run_approval.h"

#include <algorithm>
#include <cctype>

namespace cli {

namespace {

constexpr std::string_view kEnglishWords[] = {"yes", "run it", "execute"};
constexpr std::string_view kJapaneseWords[] = {"はい", "実行して", "実行"};
constexpr std::string_view kDigestPrefix = "sha256:";

std::string trim(std::string_view s) {
  // ASCII whitespace and the ideographic space (U+3000) that Japanese input methods produce.
  std::string out(s);
  auto strip = [&out] {
    bool changed = true;
    while (changed) {
      changed = false;
      while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) { out.pop_back(); changed = true; }
      while (!out.empty() && std::isspace(static_cast<unsigned char>(out.front()))) { out.erase(0, 1); changed = true; }
      if (out.size() >= 3 && out.compare(out.size() - 3, 3, "\xE3\x80\x80") == 0) { out.resize(out.size() - 3); changed = true; }
      if (out.size() >= 3 && out.compare(0, 3, "\xE3\x80\x80") == 0) { out.erase(0, 3); changed = true; }
    }
  };
  strip();
  return out;
}

std::string_view bare(std::string_view d) {
  if (d.substr(0, kDigestPrefix.size()) == kDigestPrefix) d.remove_prefix(kDigestPrefix.size());
  return d;
}

}  // namespace

bool is_approval_word(std::string_view answer) {
  std::string a = trim(answer);
  std::string lower = a;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (auto w : kEnglishWords) {
    if (lower == w) return true;
  }
  for (auto w : kJapaneseWords) {
    if (a == w) return true;
  }
  return false;
}

bool same_digest(std::string_view given, std::string_view recorded) {
  std::string g = trim(given);
  return !bare(g).empty() && bare(g) == bare(recorded);
}

core::Result<Approval> obtain_approval(const Console& console, const workflow::RecordedCommand& cmd,
                                       const std::string& output_dir, const std::optional<std::string>& approve_flag) {
  if (approve_flag) {
    if (!same_digest(*approve_flag, cmd.digest)) {
      return core::make_error(core::ExitCode::not_approved, "run.digest_mismatch").with("given", *approve_flag).with("digest", cmd.digest);
    }
    return Approval{"--approve " + *approve_flag};
  }
  if (!console.interactive()) {
    return core::make_error(core::ExitCode::not_approved, "run.no_terminal").with("digest", cmd.digest);
  }
  console.say("run.show_command");
  console.line("  " + cmd.display);
  for (const auto& e : cmd.env_changes) console.say("run.show_env", {{"name", e.name}, {"value", e.value}});
  console.say("run.show_destination", {{"path", output_dir}});
  console.say("run.show_digest", {{"digest", cmd.digest}});
  auto answer = console.ask(console.t("run.ask_approval"));
  if (!answer || !is_approval_word(*answer)) {
    return core::make_error(core::ExitCode::not_approved, "run.declined").with("answer", answer.value_or(""));
  }
  return Approval{*answer};
}

}  // namespace cli
