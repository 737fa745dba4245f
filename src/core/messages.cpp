#include "core/messages.h"

#include <cstdlib>
#include <map>
#include <optional>

#include <simdjson.h>

#include "core/embedded.h"
#include "core/text.h"

namespace core {

namespace {

using Catalog = std::map<std::string, std::string, std::less<>>;

// One catalog file: a flat JSON object of id -> text (other values are ignored); nullopt
// when the file is not such an object. simdjson, not nlohmann: the catalogs were ~2% of an
// analyze run of a 47k-tensor checkpoint.
std::optional<Catalog> parse_catalog(simdjson::ondemand::parser& parser, std::string_view content) {
  simdjson::padded_string text(content);
  simdjson::ondemand::document doc;
  simdjson::ondemand::object obj;
  if (parser.iterate(text).get(doc) != simdjson::SUCCESS || doc.get_object().get(obj) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  Catalog out;
  for (auto field_result : obj) {
    simdjson::ondemand::field field;
    std::string_view key;
    simdjson::ondemand::json_type type;
    if (std::move(field_result).get(field) != simdjson::SUCCESS || field.unescaped_key().get(key) != simdjson::SUCCESS ||
        field.value().type().get(type) != simdjson::SUCCESS) {
      return std::nullopt;
    }
    if (type != simdjson::ondemand::json_type::string) continue;
    std::string_view value;
    if (field.value().get_string().get(value) != simdjson::SUCCESS) return std::nullopt;
    out.insert_or_assign(std::string(key), std::string(value));
  }
  if (doc.current_location().error() != simdjson::OUT_OF_BOUNDS) return std::nullopt;  // trailing content
  return out;
}

Catalog load_catalog(std::string_view suffix) {
  Catalog out;
  simdjson::ondemand::parser parser;
  for (const auto& f : embedded_files()) {
    if (f.path.rfind("messages/", 0) != 0) continue;
    if (f.path.size() < suffix.size() || f.path.substr(f.path.size() - suffix.size()) != suffix) continue;
    auto parsed = parse_catalog(parser, f.content);
    if (!parsed) continue;  // the catalog test reports broken files
    for (auto& [k, v] : *parsed) out.insert_or_assign(k, std::move(v));
  }
  return out;
}

// Each language is parsed on its first use only: a run speaks one language.
const Catalog& catalog(Lang lang) {
  if (lang == Lang::ja) {
    static const Catalog ja = load_catalog(".ja.json");
    return ja;
  }
  static const Catalog en = load_catalog(".en.json");
  return en;
}

// A placeholder names an argument, {name}, or an argument whose value is a code of an enum
// family, {name:family}: the code is shown as the catalog's "enum.<family>.<code>" in the same
// language (a recorded English code, never English prose, inside a Japanese sentence), or as it
// is when the catalog has no such entry (an older artifact's free text). The family "msg"
// makes the value a message id of its own, filled from the same arguments in the same language:
// one sentence built from parts chosen in code (a reason, then its fix), translated whole.
constexpr int kMaxNesting = 3;

std::string fill(Lang lang, std::string_view text, const std::vector<MessageArg>& args, int depth = 0) {
  // Most texts (every help line) have no placeholder and no brace to unescape.
  if (text.find('{') == std::string_view::npos && text.find('}') == std::string_view::npos) return std::string(text);
  std::string out;
  out.reserve(text.size() + 32);
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') {
      out.push_back('{');
      ++i;
      continue;
    }
    if (c == '}' && i + 1 < text.size() && text[i + 1] == '}') {
      out.push_back('}');
      ++i;
      continue;
    }
    if (c == '{') {
      auto close = text.find('}', i);
      if (close != std::string_view::npos) {
        std::string_view name = text.substr(i + 1, close - i - 1);
        std::string_view family;
        if (auto colon = name.find(':'); colon != std::string_view::npos) {
          family = name.substr(colon + 1);
          name = name.substr(0, colon);
        }
        const MessageArg* found = nullptr;
        for (const auto& a : args) {
          if (a.name == name) found = &a;
        }
        if (found != nullptr) {
          std::string value = found->value;
          if (family == "msg") {
            const Catalog& cat = catalog(lang);
            auto e = cat.find(value);
            out += e != cat.end() && depth < kMaxNesting ? fill(lang, e->second, args, depth + 1) : terminal_safe(value);
            i = close;
            continue;
          }
          if (!family.empty()) {
            const Catalog& cat = catalog(lang);
            auto e = cat.find("enum." + std::string(family) + "." + value);
            if (e != cat.end()) value = e->second;
          }
          // Arguments carry untrusted text (paths, config values, endpoints): never an
          // escape sequence or a password onto the terminal or into a recorded message.
          out += terminal_safe(redact_credentials(value));
          i = close;
          continue;
        }
      }
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::optional<Lang> parse_lang(std::string_view s) {
  if (s == "en") return Lang::en;
  if (s == "ja") return Lang::ja;
  return std::nullopt;
}

Lang lang_from_environment() {
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (v == nullptr || *v == '\0') continue;
    std::string_view s(v);
    return s.rfind("ja", 0) == 0 ? Lang::ja : Lang::en;
  }
  return Lang::en;
}

std::string msg(Lang lang, std::string_view id, const std::vector<MessageArg>& args) {
  const Catalog& cat = catalog(lang);
  auto it = cat.find(id);
  if (it == cat.end()) {
    std::string out(id);
    for (const auto& a : args) out += " " + a.name + "=" + a.value;
    return out;
  }
  return fill(lang, it->second, args);
}

std::string render_error(Lang lang, const Error& e) {
  std::string line = msg(lang, e.id, e.args);
  if (!e.detail.empty()) {
    std::string detail = e.detail;
    for (char& c : detail) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    line += " (" + terminal_safe(redact_credentials(detail)) + ")";
  }
  return line;
}

bool catalog_has(Lang lang, std::string_view id) { return catalog(lang).count(id) != 0; }

std::vector<std::string> catalog_ids(Lang lang) {
  std::vector<std::string> out;
  for (const auto& [k, v] : catalog(lang)) out.push_back(k);
  return out;
}

}  // namespace core
