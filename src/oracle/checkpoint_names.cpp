#include "oracle/checkpoint_names.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>

namespace oracle {

namespace {

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::vector<std::string> segments(const std::string& name) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = name.find('.', start);
    out.push_back(name.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) return out;
    start = dot + 1;
  }
}

std::string regex_escape(const std::string& s) {
  static const std::string special = R"(\^$.|?*+()[]{})";
  std::string out;
  for (char c : s) {
    if (special.find(c) != std::string::npos) out += '\\';
    out += c;
  }
  return out;
}

// A literal for the replacement side: "$" is the only special character there.
std::string replace_escape(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '$' ? std::string("$$") : std::string(1, c);
  return out;
}

bool compiles(const std::string& pattern) {
  try {
    std::regex r(pattern);
    return true;
  } catch (const std::regex_error&) {
    return false;
  }
}

// A module-level renaming of the conversion mapping as an ECMAScript rule, or none: scoped
// transforms, many-to-one converters and patterns that name a parameter (they act on the
// tensor key, not the module) are left to the per-Linear rules.
std::optional<NameRule> module_renaming(const WeightTransform& t) {
  if (t.type != "WeightRenaming" && t.type != "PrefixChange") return std::nullopt;
  if (t.scope_prefix || t.source_patterns.size() != 1 || t.target_patterns.empty()) return std::nullopt;
  std::string source = t.source_patterns.front();
  std::string target = t.target_patterns.front();
  // A renaming of one parameter to the same parameter of another module (granitemoehybrid:
  // block_sparse_moe\.router\.layer\.weight -> block_sparse_moe.router.weight) renames the
  // module: drop the parameter from both sides.
  for (const std::string suffix : {R"(\.weight)", ".weight"}) {
    if (source.size() > suffix.size() && source.ends_with(suffix) && target.ends_with(".weight")) {
      source.resize(source.size() - suffix.size());
      target.resize(target.size() - std::string(".weight").size());
      break;
    }
  }
  if (source.find("weight") != std::string::npos || source.find("bias") != std::string::npos) return std::nullopt;
  // transformers' own reading of a source pattern: "*." is any run then a dot.
  std::string match;
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (source[i] == '*' && i + 1 < source.size() && source[i + 1] == '.') {
      match += R"(.*\.)";
      ++i;
    } else {
      match += source[i];
    }
  }
  // The target is literal text except for \1 (the pattern's first group).
  std::string replace;
  for (std::size_t i = 0; i < target.size(); ++i) {
    if (target[i] == '\\' && i + 1 < target.size() && std::isdigit(static_cast<unsigned char>(target[i + 1])) != 0) {
      replace += std::string("$") + target[i + 1];
      ++i;
    } else {
      replace += target[i] == '$' ? std::string("$$") : std::string(1, target[i]);
    }
  }
  if (!compiles(match)) return std::nullopt;
  return NameRule{match, replace};
}

// saved -> quark as one rule over any layer / expert index: the numeric segments are captured
// when both names carry the same ones in the same order, else the rule is for this name alone.
NameRule linear_rule(const std::string& saved, const std::string& quark) {
  auto from = segments(saved);
  auto to = segments(quark);
  std::vector<std::string> from_numbers;
  std::vector<std::string> to_numbers;
  for (const auto& s : from) {
    if (all_digits(s)) from_numbers.push_back(s);
  }
  for (const auto& s : to) {
    if (all_digits(s)) to_numbers.push_back(s);
  }
  if (from_numbers != to_numbers) return {"^" + regex_escape(saved) + "$", replace_escape(quark)};
  std::string match = "^";
  for (std::size_t i = 0; i < from.size(); ++i) {
    match += (i == 0 ? "" : R"(\.)") + (all_digits(from[i]) ? std::string("([0-9]+)") : regex_escape(from[i]));
  }
  match += "$";
  std::string replace;
  int group = 0;
  for (std::size_t i = 0; i < to.size(); ++i) {
    replace += (i == 0 ? "" : ".") + (all_digits(to[i]) ? "$" + std::to_string(++group) : replace_escape(to[i]));
  }
  return {match, replace};
}

std::string folded(const std::string& name) {
  std::string out;
  for (const auto& s : segments(name)) out += (out.empty() ? "" : ".") + (all_digits(s) ? std::string("*") : s);
  return out;
}

template <typename T>
void add_unique(std::vector<T>& v, T x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(std::move(x));
}

}  // namespace

std::string apply_name_rules(const std::vector<NameRule>& rules, const std::string& name) {
  std::string out = name;
  for (const auto& r : rules) out = std::regex_replace(out, std::regex(r.match), r.replace);
  return out;
}

CheckpointNames checkpoint_names(const ModelOracle& o) {
  CheckpointNames out;
  for (const auto& t : o.renames) {
    if (auto rule = module_renaming(t)) add_unique(out.renames, std::move(*rule));
  }
  const std::vector<NameRule> module_level = out.renames;
  std::vector<std::regex> compiled;
  for (const auto& r : module_level) compiled.emplace_back(r.match);
  for (const auto& l : o.linear_modules) {
    if (!l.checkpoint || *l.checkpoint == l.name) continue;
    std::string saved = *l.checkpoint;
    for (std::size_t i = 0; i < module_level.size(); ++i) saved = std::regex_replace(saved, compiled[i], module_level[i].replace);
    if (saved != l.name) add_unique(out.renames, linear_rule(saved, l.name));
  }
  // Every weight holder that is not nn.Linear and has a matrix (routers, embeddings, position
  // tables, projector weights): Quark leaves them as they are, whatever they are named.
  for (const auto& h : o.non_linear_modules) {
    bool matrix = std::any_of(h.parameters.begin(), h.parameters.end(), [](const ParameterShape& p) { return p.shape.size() >= 2; });
    if (matrix) add_unique(out.non_linear_holders, folded(h.name));
  }
  for (const auto& l : o.linear_modules) add_unique(out.linear_modules, folded(l.name));
  return out;
}

}  // namespace oracle
