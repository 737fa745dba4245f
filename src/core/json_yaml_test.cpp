#include <gtest/gtest.h>

#include "core/json_io.h"
#include "core/yaml_io.h"

namespace {

TEST(JsonIo, ParseErrorIsAValueNamingTheSource) {
  auto r = core::parse_json("{\"a\": ", "config.json");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.json_invalid");
  EXPECT_EQ(*r.error().arg("source"), "config.json");
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
}

TEST(JsonIo, TypedAccessorsNeverThrowOnWrongTypes) {
  auto j = core::parse_json(R"({"s": 1, "i": "x", "b": 3, "big": 18446744073709551615, "l": ["a", 2, "b"]})", "t").value();
  EXPECT_FALSE(core::json_string(j, "s"));
  EXPECT_FALSE(core::json_int(j, "i"));
  EXPECT_FALSE(core::json_bool(j, "b"));
  EXPECT_FALSE(core::json_int(j, "big"));
  EXPECT_FALSE(core::json_int(j, "missing"));
  EXPECT_EQ(core::json_string_list(j, "l"), (std::vector<std::string>{"a", "b"}));
  core::Json arr = core::Json::array();
  EXPECT_FALSE(core::json_string(arr, "s"));
}

TEST(JsonIo, CanonicalDumpIgnoresKeyOrder) {
  auto a = core::parse_json(R"({"b": 1, "a": {"y": 2, "x": 3}})", "a").value();
  auto b = core::parse_json(R"({"a": {"x": 3, "y": 2}, "b": 1})", "b").value();
  EXPECT_EQ(core::canonical_dump(a), core::canonical_dump(b));
  EXPECT_NE(core::dump_compact(a), core::dump_compact(b));
}

TEST(JsonIo, JsonAtFollowsPaths) {
  auto j = core::parse_json(R"({"model": {"model_type": "llama"}})", "t").value();
  ASSERT_NE(core::json_at(j, "model/model_type"), nullptr);
  EXPECT_EQ(*core::json_at(j, "model/model_type"), "llama");
  EXPECT_EQ(core::json_at(j, "model/nope"), nullptr);
}

TEST(YamlIo, RoundTripKeepsTypesAndTrickyStrings) {
  auto j = core::parse_json(R"({
    "argv": ["quark-cli", "--model_dir", "/models/my model", "--flag-like", "-x", "yes", "no",
             "true", "null", "", "123", "1e5", "line1\nline2", "quote\"d", "日本語", "a: b", "# not a comment"],
    "n": 512, "f": 0.25, "t": true, "z": null, "nested": {"k": []}
  })", "t").value();
  std::string y = core::dump_yaml(j);
  auto back = core::parse_yaml(y, "roundtrip.yaml");
  ASSERT_TRUE(back) << y;
  EXPECT_EQ(core::canonical_dump(*back), core::canonical_dump(j)) << y;
}

TEST(YamlIo, ParseErrorCarriesLine) {
  auto r = core::parse_yaml("a: [1, 2\nb: 3\n", "m.yaml");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.yaml_invalid");
}

}  // namespace
