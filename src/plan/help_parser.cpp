#include "plan/help_parser.h"

#include <algorithm>
#include <regex>
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

}  // namespace

bool HelpInfo::has_flag(std::string_view flag) const {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

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
  static const std::regex option_re(R"((--[A-Za-z0-9_][A-Za-z0-9_-]*)(?: \{([^}]*)\})?)");
  for (std::sregex_iterator it(usage.begin(), usage.end(), option_re), end; it != end; ++it) {
    std::string flag = (*it)[1];
    add_flag(info, flag);
    if ((*it)[2].matched) {
      info.choices[flag] = split_choices((*it)[2]);
    }
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
      std::smatch m;
      if (std::regex_search(part, m, option_re) && m.position(0) == 0) {
        names.push_back(m[1]);
        if (m[2].matched) {
          found_choices = split_choices(m[2]);
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
