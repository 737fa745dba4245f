#include "core/schema.h"

#include <map>
#include <memory>
#include <mutex>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include "core/embedded.h"

namespace core {

namespace {

std::string schema_path(std::string_view name) { return "references/contracts/" + std::string(name) + ".schema.json"; }

struct LoadedSchema {
  valijson::Schema schema;
  std::string error;  // non-empty when the embedded schema itself failed to load
};

const LoadedSchema* load_schema(std::string_view name) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<LoadedSchema>, std::less<>> cache;
  std::lock_guard<std::mutex> lock(mu);
  if (auto it = cache.find(name); it != cache.end()) return it->second.get();
  auto text = embedded_file(schema_path(name));
  if (!text) return nullptr;
  auto loaded = std::make_unique<LoadedSchema>();
  try {
    nlohmann::json doc = nlohmann::json::parse(text->begin(), text->end());
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter adapter(doc);
    parser.populateSchema(adapter, loaded->schema);
  } catch (const std::exception& e) {
    loaded->error = e.what();
  }
  auto* raw = loaded.get();
  cache.emplace(std::string(name), std::move(loaded));
  return raw;
}

std::string pointer_from_context(const std::vector<std::string>& context) {
  // valijson context entries look like "<root>", "[model]", "[3]".
  std::string out;
  for (const auto& c : context) {
    if (c == "<root>") continue;
    std::string part = c;
    if (part.size() >= 2 && part.front() == '[' && part.back() == ']') part = part.substr(1, part.size() - 2);
    if (part.size() >= 2 && part.front() == '"' && part.back() == '"') part = part.substr(1, part.size() - 2);
    out += "/" + part;
  }
  return out;
}

std::vector<SchemaIssue> issues_of(const Json& doc, const valijson::Schema& schema) {
  std::vector<SchemaIssue> issues;
  try {
    // valijson's adapter takes nlohmann::json, our artifacts are ordered_json: converted value
    // by value (a text round trip cost more than the validation itself).
    nlohmann::json plain(doc);
    // valijson compiles a "pattern" constraint's std::regex on first use and keeps it in the
    // Validator: one Validator per thread, so that each pattern is compiled once, not on
    // every validation (12 patterns in the four schemas; `status` validates three artifacts).
    // The Validator holds nothing else between calls.
    thread_local valijson::Validator validator(valijson::Validator::kStrongTypes);
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter adapter(plain);
    if (!validator.validate(schema, adapter, &results)) {
      valijson::ValidationResults::Error err;
      while (results.popError(err)) {
        issues.push_back({pointer_from_context(err.context), err.description});
      }
      if (issues.empty()) issues.push_back({"", "document does not match the schema"});
    }
  } catch (const std::exception& e) {
    issues.push_back({"", std::string("validation failed: ") + e.what()});
  }
  return issues;
}

}  // namespace

std::vector<SchemaIssue> schema_issues(const Json& doc, std::string_view schema_name) {
  const LoadedSchema* loaded = load_schema(schema_name);
  if (loaded == nullptr) return {{"", "no embedded schema named " + std::string(schema_name)}};
  if (!loaded->error.empty()) return {{"", "embedded schema failed to load: " + loaded->error}};
  return issues_of(doc, loaded->schema);
}

std::vector<SchemaIssue> schema_issues_against(const Json& doc, const Json& schema) {
  valijson::Schema parsed;
  try {
    nlohmann::json plain(schema);
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter adapter(plain);
    parser.populateSchema(adapter, parsed);
  } catch (const std::exception& e) {
    return {{"", std::string("the schema failed to load: ") + e.what()}};
  }
  return issues_of(doc, parsed);
}

Result<void> validate_against(const Json& doc, std::string_view schema_name, std::string_view source) {
  auto issues = schema_issues(doc, schema_name);
  if (issues.empty()) return ok();
  // valijson reports the innermost, most specific failure first; the later entries are the
  // enclosing "failed to validate against schema associated with property" lines.
  const SchemaIssue& best = issues.front();
  return make_error(ExitCode::bad_input, "core.schema_invalid")
      .with("source", std::string(source))
      .with("schema", std::string(schema_name))
      .with("pointer", best.pointer.empty() ? "/" : best.pointer)
      .with("message", best.message)
      .with("count", std::to_string(issues.size()));
}

std::string_view schema_text(std::string_view schema_name) {
  auto text = embedded_file(schema_path(schema_name));
  return text ? *text : std::string_view();
}

}  // namespace core
