#include "core/yaml_io.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>
#include <cmath>
#include <optional>
#include <vector>

#include "core/text.h"
#include "core/yaml_scalar.h"

namespace core {

namespace {

constexpr std::string_view kCoreTag = "tag:yaml.org,2002:";

// A tag other than those of plain data (str, int, float, bool, null, map, seq): a Python
// object, a local "!name". PyYAML's safe loader refuses them; so do we, so that what
// `validate` calls valid is what any YAML reader of the manifest can take as data.
struct BadTag {
  std::string tag;
  int line;
};

void check_tag(const YAML::Node& node) {
  const std::string& tag = node.Tag();
  if (tag.empty() || tag == "?" || tag == "!") return;
  if (tag.rfind(kCoreTag, 0) == 0) {
    std::string_view name = std::string_view(tag).substr(kCoreTag.size());
    for (std::string_view ok : {"str", "int", "float", "bool", "null", "map", "seq"}) {
      if (name == ok) return;
    }
  }
  // Shown as written: "!!python/object/apply:os.system", not yaml-cpp's expanded form.
  throw BadTag{tag.rfind(kCoreTag, 0) == 0 ? "!!" + tag.substr(kCoreTag.size()) : tag, node.Mark().line + 1};
}

Json scalar_to_json(const YAML::Node& node) {
  const std::string& s = node.Scalar();
  // A quoted scalar ("...") keeps its tag "!" and is always a string; so is one tagged !!str.
  if (node.Tag() == "!" || node.Tag() == std::string(kCoreTag) + "str") return s;
  if (s == "~" || s == "null" || s == "Null" || s == "NULL" || s.empty()) return nullptr;
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  bool numeric = !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '+' || s[0] == '.');
  if (numeric) {
    char* end = nullptr;
    errno = 0;
    long long ll = std::strtoll(s.c_str(), &end, 10);
    if (end != nullptr && *end == '\0' && errno == 0) return ll;
    errno = 0;
    double d = std::strtod(s.c_str(), &end);
    if (end != nullptr && *end == '\0' && errno == 0 && std::isfinite(d)) return d;
  }
  return s;
}

struct TooLarge {};
struct TooDeep {};

// `budget` counts the values still allowed; aliases are expanded, so it bounds the output.
Json node_to_json(const YAML::Node& node, std::size_t& budget, int depth) {
  if (budget == 0) throw TooLarge{};
  --budget;
  if (depth > kMaxJsonDepth) throw TooDeep{};
  check_tag(node);
  switch (node.Type()) {
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      return nullptr;
    case YAML::NodeType::Scalar:
      return scalar_to_json(node);
    case YAML::NodeType::Sequence: {
      Json arr = Json::array();
      for (const auto& item : node) arr.push_back(node_to_json(item, budget, depth + 1));
      return arr;
    }
    case YAML::NodeType::Map: {
      Json obj = Json::object();
      for (const auto& kv : node) {
        if (budget == 0) throw TooLarge{};
        --budget;
        obj[kv.first.as<std::string>()] = node_to_json(kv.second, budget, depth + 1);
      }
      return obj;
    }
  }
  return nullptr;
}

void emit(YAML::Emitter& out, const Json& j) {
  switch (j.type()) {
    case Json::value_t::object:
      out << YAML::BeginMap;
      for (auto it = j.begin(); it != j.end(); ++it) {
        out << YAML::Key << it.key() << YAML::Value;
        emit(out, it.value());
      }
      out << YAML::EndMap;
      break;
    case Json::value_t::array:
      out << YAML::BeginSeq;
      for (const auto& v : j) emit(out, v);
      out << YAML::EndSeq;
      break;
    case Json::value_t::string: {
      const auto& s = j.get_ref<const std::string&>();
      if (yaml_plain_retypes(s)) {
        out << YAML::DoubleQuoted << s;
      } else {
        out << s;
      }
      break;
    }
    case Json::value_t::boolean:
      out << (j.get<bool>() ? "true" : "false");
      break;
    case Json::value_t::number_integer:
      out << j.get<std::int64_t>();
      break;
    case Json::value_t::number_unsigned:
      out << j.get<std::uint64_t>();
      break;
    case Json::value_t::number_float:
      out << yaml_float_text(j.get<double>());
      break;
    default:
      out << YAML::Null;
      break;
  }
}

}  // namespace

namespace {

// The line of a document whose root starts with ',' (nullopt when none does). No YAML node can
// start with that indicator, and yaml-cpp 0.7 given one at a document's root reports documents
// without end instead of failing (found by manifest_fuzz: the 3 bytes ",++"); DocumentCounter
// below stops any such loop, this names the line in words the person can act on.
// The root is the first token of the text or after a "---" / "..." marker, past blank lines,
// comments and directives.
std::optional<std::size_t> root_starting_with_comma(std::string_view text) {
  if (text.substr(0, 3) == "\xef\xbb\xbf") text.remove_prefix(3);
  bool at_root = true;
  std::size_t line = 0;
  for (std::size_t start = 0; start <= text.size(); ++line) {
    std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view rest = text.substr(start, end - start);
    start = end + 1;
    auto skip_blank = [](std::string_view v) { return v.substr(std::min(v.find_first_not_of(" \t\r"), v.size())); };
    rest = skip_blank(rest);
    if (rest.empty() || rest.front() == '#' || (at_root && rest.front() == '%')) continue;
    if (rest.substr(0, 3) == "---" || rest.substr(0, 3) == "...") {
      at_root = true;
      rest = skip_blank(rest.substr(3));
      if (rest.empty() || rest.front() == '#') continue;
    }
    if (at_root && rest.front() == ',') return line + 1;
    at_root = false;
    if (end == text.size()) break;
  }
  return std::nullopt;
}

// The documents of a text as yaml-cpp's parser reads them, counted without building any and
// never past the second. yaml-cpp 0.7's LoadAll collects documents until its parser reports
// none, and on some inputs its parser reports another forever without reading further: a
// stray ',' after a document's root (found by manifest_fuzz: the 10 bytes `",",, +, +` had
// LoadAll grow its vector of documents until memory ran out). A file we read holds one.
class DocumentCounter final : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++m_count == 2) m_second_line = static_cast<std::size_t>(mark.line) + 1;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
  int count() const { return m_count; }
  std::size_t second_line() const { return m_second_line; }

 private:
  int m_count = 0;
  std::size_t m_second_line = 0;
};

}  // namespace

Result<Json> parse_yaml(std::string_view text, std::string_view source) {
  auto too_deep = [&] {
    return make_error(ExitCode::bad_input, "core.json_too_deep")
        .with("source", std::string(source))
        .with("max", std::to_string(kMaxJsonDepth));
  };
  // Flow collections ("[[[...") are the only way to nest deeply in a short text; yaml-cpp's
  // own guard allows 2000 levels, more than the code after it can take.
  if (json_nesting_depth(text, kMaxJsonDepth) > kMaxJsonDepth) return too_deep();
  // A NUL is no YAML character (PyYAML refuses it); yaml-cpp would stop reading there.
  if (auto nul = text.find('\0'); nul != std::string_view::npos) {
    return make_error(ExitCode::bad_input, "core.yaml_nul")
        .with("source", std::string(source))
        .with("line", std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(nul), '\n')));
  }
  // Nor is a byte that is not UTF-8 (PyYAML refuses it too). yaml-cpp passes such bytes into
  // the strings it returns, and the schema check's UTF-8 length of them reads past valijson's
  // own tables. A newline is never part of a UTF-8 sequence, so each line can be checked alone.
  if (!is_utf8(text)) {
    std::size_t line = 1;
    for (std::size_t start = 0; start < text.size(); ++line) {
      std::size_t end = std::min(text.find('\n', start), text.size());
      if (!is_utf8(text.substr(start, end - start))) break;
      start = end + 1;
    }
    return make_error(ExitCode::bad_input, "core.yaml_not_utf8").with("source", std::string(source)).with("line", std::to_string(line));
  }
  if (auto line = root_starting_with_comma(text)) {
    return make_error(ExitCode::bad_input, "core.yaml_root_comma").with("source", std::string(source)).with("line", std::to_string(*line));
  }
  try {
    std::istringstream stream{std::string(text)};
    YAML::Parser parser(stream);
    DocumentCounter documents;
    while (documents.count() < 2 && parser.HandleNextDocument(documents)) {
    }
    if (documents.count() > 1) {
      return make_error(ExitCode::bad_input, "core.yaml_documents")
          .with("source", std::string(source))
          .with("line", std::to_string(documents.second_line()));
    }
    YAML::Node root = documents.count() == 0 ? YAML::Node() : YAML::Load(std::string(text));
    std::size_t budget = kMaxYamlValues;
    return node_to_json(root, budget, 0);
  } catch (const BadTag& bad) {
    return make_error(ExitCode::bad_input, "core.yaml_tag")
        .with("source", std::string(source))
        .with("line", std::to_string(bad.line))
        .with("tag", bad.tag);
  } catch (const TooLarge&) {
    return make_error(ExitCode::bad_input, "core.yaml_too_large")
        .with("source", std::string(source))
        .with("max", std::to_string(kMaxYamlValues));
  } catch (const TooDeep&) {
    return too_deep();
  } catch (const YAML::Exception& e) {
    return make_error(ExitCode::bad_input, "core.yaml_invalid")
        .with("source", std::string(source))
        .with("line", std::to_string(e.mark.line + 1))
        .with_detail(e.msg);
  } catch (const std::exception& e) {
    return make_error(ExitCode::bad_input, "core.yaml_invalid").with("source", std::string(source)).with("line", "?").with_detail(e.what());
  }
}

Result<Json> read_yaml_file(const fs::path& path) {
  QPTQ_TRY_ASSIGN(std::string text, read_file(path));
  return parse_yaml(text, path.string());
}

std::string dump_yaml(const Json& j) {
  YAML::Emitter out;
  out.SetIndent(2);
  emit(out, j);
  std::string s = out.c_str();
  if (s.empty() || s.back() != '\n') s.push_back('\n');
  return s;
}

}  // namespace core
