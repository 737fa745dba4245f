#include "mcp/arguments.h"

#include <gtest/gtest.h>

namespace mcp {
namespace {

using json = core::Json;

const std::vector<Param> kParams = {
    {"workdir", Param::Type::string, "d", true, {}, {}, {}},
    {"priority", Param::Type::string, "d", false, {"accuracy", "balanced"}, {}, {}},
    {"samples", Param::Type::integer, "d", false, {}, 1.0, 100.0},
    {"excludes", Param::Type::strings, "d", false, {}, {}, {}},
    {"overwrite", Param::Type::boolean, "d", false, {}, {}, {}},
};

std::string problem(const json& args) {
  auto e = check_arguments("t", kParams, args);
  return e ? e->id : "";
}

TEST(Arguments, SchemaIsStrictAndNamesTheRequired) {
  json s = input_schema(kParams);
  EXPECT_EQ(s["additionalProperties"], false);
  EXPECT_EQ(s["required"], json::array({"workdir"}));
  EXPECT_EQ(s["properties"]["excludes"]["items"]["type"], "string");
  EXPECT_EQ(s["properties"]["priority"]["enum"], json::array({"accuracy", "balanced"}));
}

TEST(Arguments, AnythingUndeclaredIsRefused) {
  EXPECT_EQ(problem({{"workdir", "w"}}), "");
  EXPECT_EQ(problem({{"workdir", "w"}, {"approve", "sha256:00"}}), "mcp.argument_unknown");
  EXPECT_EQ(problem({{"workdir", "w"}, {"yes", true}}), "mcp.argument_unknown");
  EXPECT_EQ(problem({{"workdir", "w"}, {"_meta", {{"approved", true}}}}), "mcp.argument_unknown");
  EXPECT_EQ(problem(json::array()), "mcp.arguments_not_object");
}

TEST(Arguments, TypesChoicesAndRanges) {
  EXPECT_EQ(problem(json::object()), "mcp.argument_missing");
  EXPECT_EQ(problem({{"workdir", ""}}), "mcp.argument_invalid");
  EXPECT_EQ(problem({{"workdir", 3}}), "mcp.argument_invalid");
  EXPECT_EQ(problem({{"workdir", "w"}, {"priority", "size"}}), "mcp.argument_invalid");
  EXPECT_EQ(problem({{"workdir", "w"}, {"samples", 0}}), "mcp.argument_invalid");
  EXPECT_EQ(problem({{"workdir", "w"}, {"samples", 2.5}}), "mcp.argument_invalid");
  EXPECT_EQ(problem({{"workdir", "w"}, {"excludes", {"a", 1}}}), "mcp.argument_invalid");
  EXPECT_EQ(problem({{"workdir", "w"}, {"overwrite", "true"}}), "mcp.argument_invalid");
  EXPECT_EQ(problem({{"workdir", "w"}, {"samples", 100}, {"excludes", {"lm_head"}}, {"overwrite", true}}), "");
  EXPECT_EQ(check_arguments("t", kParams, {{"workdir", 1}})->code, core::ExitCode::usage);
}

}  // namespace
}  // namespace mcp
