// JSON Schema (draft-07) validation of our artifacts with valijson, against the schemas in
// references/contracts/, which are embedded in the binary. valijson exceptions stop here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"

namespace core {

struct SchemaIssue {
  std::string pointer;  // JSON pointer of the offending value, e.g. "/model/model_type"
  std::string message;
};

// The artifact kinds we ship a schema for.
inline constexpr std::string_view kSchemaModelAnalysis = "model_analysis";
inline constexpr std::string_view kSchemaQuantPlan = "quant_plan";
inline constexpr std::string_view kSchemaRunManifest = "run_manifest";
inline constexpr std::string_view kSchemaCheckpoints = "checkpoints";
inline constexpr std::string_view kSchemaComparisonManifest = "comparison_manifest";

// Every violation found (empty: valid). An unknown schema name is a bug and is reported as
// a single issue at "".
std::vector<SchemaIssue> schema_issues(const Json& doc, std::string_view schema_name);

// The same against a draft-07 schema given as a document (the tests check the shipped
// knowledge files against tests/knowledge/*.schema.json this way).
std::vector<SchemaIssue> schema_issues_against(const Json& doc, const Json& schema);

// Ok, or ExitCode::bad_input "core.schema_invalid" naming `source`, the first violation and
// how many there are.
Result<void> validate_against(const Json& doc, std::string_view schema_name, std::string_view source);

// The embedded schema text, for `quark-ptq validate --print-schema` and tests.
std::string_view schema_text(std::string_view schema_name);

}  // namespace core
