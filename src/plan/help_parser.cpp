#include "plan/help_parser.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace plan {

namespace {

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::string cur;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(cur);
      cur.clear();
    } else if (c != '\r') {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) {
    lines.push_back(cur);
  }
  return lines;
}

std::vector<std::string> split_choices(const std::string& inner) {
  std::vector<std::string> out;
  std::stringstream ss(inner);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (!item.empty()) {
      out.push_back(item);
    }
  }
  return out;
}

void add_flag(HelpInfo& info, const std::string& flag) {
  if (!info.has_flag(flag)) {
    info.flags.push_back(flag);
  }
}

// The usage block: from "usage:" to the first blank line, joined into one line so that
// wrapped output reads like unwrapped output.
std::string usage_block(const std::vector<std::string>& lines, bool& found) {
  std::string joined;
  found = false;
  for (const auto& l : lines) {
    if (!found) {
      if (l.rfind("usage:", 0) == 0) {
        found = true;
        joined = l;
      }
      continue;
    }
    if (l.find_first_not_of(' ') == std::string::npos) {
      break;
    }
    joined += " " + l.substr(l.find_first_not_of(' '));
  }
  return joined;
}

// Splits "--a {x,y}, --b {x,y}" at commas outside braces.
std::vector<std::string> split_aliases(const std::string& head) {
  std::vector<std::string> parts;
  std::string cur;
  int depth = 0;
  for (std::size_t i = 0; i < head.size(); ++i) {
    char c = head[i];
    if (c == '{') {
      ++depth;
    } else if (c == '}') {
      --depth;
    }
    if (c == ',' && depth == 0 && i + 1 < head.size() && head[i + 1] == ' ') {
      parts.push_back(cur);
      cur.clear();
      ++i;
      continue;
    }
    cur.push_back(c);
  }
  parts.push_back(cur);
  return parts;
}

bool flag_start_char(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

struct OptionMatch {
  std::string flag;                    // "--name"
  std::optional<std::string> choices;  // the text between the braces of " {x,y}"
  std::size_t end = 0;                 // one past the match
};

// An option at `pos`: "--" [A-Za-z0-9_] [A-Za-z0-9_-]*, then " {" [^}]* "}" when present.
// Scanned by hand, in one pass: std::regex's matcher recurses once per character, and a long
// choices list or flag name (one joined usage line) overflowed the stack.
std::optional<OptionMatch> option_at(std::string_view s, std::size_t pos) {
  if (s.compare(pos, 2, "--") != 0 || pos + 2 >= s.size() || !flag_start_char(s[pos + 2])) return std::nullopt;
  std::size_t i = pos + 3;
  while (i < s.size() && (flag_start_char(s[i]) || s[i] == '-')) ++i;
  OptionMatch m{std::string(s.substr(pos, i - pos)), std::nullopt, i};
  if (s.compare(i, 2, " {") == 0) {
    std::size_t close = s.find('}', i + 2);
    if (close != std::string_view::npos) {
      m.choices = std::string(s.substr(i + 2, close - i - 2));
      m.end = close + 1;
    }
  }
  return m;
}

}  // namespace

bool HelpInfo::has_flag(std::string_view flag) const { return std::find(flags.begin(), flags.end(), flag) != flags.end(); }

const std::vector<std::string>* HelpInfo::choices_for(std::string_view flag) const {
  auto it = choices.find(std::string(flag));
  return it == choices.end() ? nullptr : &it->second;
}

core::Result<HelpInfo> parse_help(std::string_view text, std::string_view source) {
  auto lines = split_lines(text);
  bool found = false;
  std::string usage = usage_block(lines, found);
  if (!found) {
    return core::make_error(core::ExitCode::env_not_ready, "plan.help_unparsable").with("source", std::string(source));
  }
  HelpInfo info;
  for (std::size_t pos = 0; pos < usage.size();) {
    auto m = option_at(usage, pos);
    if (!m) {
      ++pos;
      continue;
    }
    add_flag(info, m->flag);
    if (m->choices) {
      info.choices[m->flag] = split_choices(*m->choices);
    }
    pos = m->end;
  }
  // Option lines ("  --a, --b {x,y}   help") name the aliases that usage leaves out.
  for (const auto& l : lines) {
    if (l.rfind("  -", 0) != 0) {
      continue;
    }
    std::string body = l.substr(2);
    std::size_t gap = body.find("  ");
    std::string head = gap == std::string::npos ? body : body.substr(0, gap);
    std::vector<std::string> names;
    std::vector<std::string> found_choices;
    for (const auto& part : split_aliases(head)) {
      if (auto m = option_at(part, 0)) {
        names.push_back(m->flag);
        if (m->choices) {
          found_choices = split_choices(*m->choices);
        }
      }
    }
    if (names.empty()) {
      continue;
    }
    const std::string& primary = names.front();
    for (const auto& n : names) {
      add_flag(info, n);
      if (n != primary) {
        info.alias_of[n] = primary;
      }
    }
    if (found_choices.empty()) {
      if (auto* c = info.choices_for(primary)) {
        found_choices = *c;
      }
    }
    if (!found_choices.empty()) {
      for (const auto& n : names) {
        info.choices[n] = found_choices;
      }
    }
  }
  return info;
}

}  // namespace plan
