#include <gtest/gtest.h>

#include "core/messages.h"

#include "core/json_io.h"
#include "core/yaml_io.h"
#include "core/yaml_scalar.h"

namespace {

TEST(JsonIo, ParseErrorIsAValueNamingTheSource) {
  auto r = core::parse_json("{\"a\": ", "config.json");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.json_invalid");
  EXPECT_EQ(*r.error().arg("source"), "config.json");
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
}

// A file that is not JSON - a token file named by mistake, or on purpose over MCP - is never
// quoted back: the error says where parsing stopped, not what it read there.
TEST(JsonIo, ParseErrorNeverQuotesTheText) {
  // nlohmann's own message ends "last read: '...'" with the text of the last tokens.
  for (const char* text : {"\"hf_SECRETtokenVALUE\n", "{\"hf_SECRETtokenVALUE\": tru", "[\"hf_SECRETtokenVALUE\" 2]"}) {
    auto r = core::parse_json(text, "token");
    ASSERT_FALSE(r.has_value()) << text;
    EXPECT_EQ(r.error().detail.find("SECRET"), std::string::npos) << r.error().detail;
    EXPECT_EQ(core::render_error(core::Lang::en, r.error()).find("SECRET"), std::string::npos);
  }
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

// Found by analysis_fuzz on the H200 (session 12): a float of 1e23 for hidden_size in an
// edited model_analysis.json was cast to int64 (undefined behaviour; UBSan stopped it).
TEST(JsonIo, FirstIntRefusesNumbersOutsideInt64) {
  auto j = core::Json::parse(R"({"a": {"h": 1e23}, "b": {"h": 18446744073709551615},
                               "c": {"h": -2.5}, "d": {"h": 4096.0}, "e": {"h": 7}})");
  EXPECT_FALSE(core::json_first_int(j, {"a/h"}));
  EXPECT_FALSE(core::json_first_int(j, {"b/h"}));
  EXPECT_FALSE(core::json_first_int(j, {"c/h"}));
  EXPECT_EQ(core::json_first_int(j, {"d/h"}), 4096);
  // An unusable spelling gives way to the next one.
  EXPECT_EQ(core::json_first_int(j, {"a/h", "b/h", "e/h"}), 7);
}

TEST(YamlIo, RoundTripKeepsTypesAndTrickyStrings) {
  auto j = core::parse_json(R"({
    "argv": ["quark-cli", "--model_dir", "/models/my model", "--flag-like", "-x", "yes", "no",
             "true", "null", "", "123", "1e5", "line1\nline2", "quote\"d", "日本語", "a: b", "# not a comment"],
    "n": 512, "f": 0.25, "t": true, "z": null, "nested": {"k": []}
  })",
                            "t")
               .value();
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

// Nesting 50,000 deep made `status` segfault; it is refused before parsing.
TEST(JsonIo, DeepNestingIsRefusedNotACrash) {
  std::string deep = std::string(50000, '[') + std::string(50000, ']');
  auto r = core::parse_json(deep, "run_manifest.yaml");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.json_too_deep");
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  std::string ok = std::string(core::kMaxJsonDepth, '[') + std::string(core::kMaxJsonDepth, ']');
  EXPECT_TRUE(core::parse_json(ok, "t"));
  // Brackets inside strings are text, not nesting.
  EXPECT_TRUE(core::parse_json("{\"a\": \"" + std::string(1000, '[') + "\\\"\"}", "t"));
}

// What PyYAML's safe loader refuses, quark-ptq refuses too - a Python (or any
// non-standard) tag, more than one document, a NUL byte - naming the file and the line; the
// standard tags of plain data are still read.
TEST(YamlIo, RefusesWhatASafeLoaderRefuses) {
  struct Case {
    const char* text;
    const char* id;
  };
  for (const Case& c : {Case{"a: 1\nb: !!python/object/apply:os.system [id]\n", "core.yaml_tag"}, Case{"a: !custom x\n", "core.yaml_tag"},
                        Case{"--- !!python/object:os.system\nx: 1\n", "core.yaml_tag"}, Case{"a: 1\n---\na: 2\n", "core.yaml_documents"},
                        Case{"a: 1\n...\n---\nb: 2\n", "core.yaml_documents"}}) {
    auto r = core::parse_yaml(c.text, "run_manifest.yaml");
    ASSERT_FALSE(r.has_value()) << c.text;
    EXPECT_EQ(r.error().id, c.id) << c.text;
    EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  }
  auto nul = core::parse_yaml(std::string("a: 1\nb: x\0y\n", 13), "run_manifest.yaml");
  ASSERT_FALSE(nul.has_value());
  EXPECT_EQ(nul.error().id, "core.yaml_nul");
  EXPECT_EQ(*nul.error().arg("line"), "2");
  // A byte that is not UTF-8 (found by manifest_fuzz: the schema check's UTF-8 length of such a
  // string read past valijson's tables, undefined behaviour under UBSan).
  auto latin1 = core::parse_yaml("a: 1\nb: caf\xe9\nc: 2\n", "run_manifest.yaml");
  ASSERT_FALSE(latin1.has_value());
  EXPECT_EQ(latin1.error().id, "core.yaml_not_utf8");
  EXPECT_EQ(*latin1.error().arg("line"), "2");
  // A document whose root starts with ',' (found by manifest_fuzz: yaml-cpp allocated without
  // end on ",++"), wherever the document starts; a comma inside a value is YAML's to refuse.
  for (const auto& [text, line] : std::vector<std::pair<std::string, std::string>>{{",++", "1"},
                                                                                   {" ,", "1"},
                                                                                   {"# c\n\n,", "3"},
                                                                                   {"--- ,", "1"},
                                                                                   {"%YAML 1.2\n---\n,", "3"},
                                                                                   {"a: 1\n---\n,", "3"},
                                                                                   {"a: 1\n...\n,", "3"},
                                                                                   {"\xef\xbb\xbf,", "1"}}) {
    auto comma = core::parse_yaml(text, "run_manifest.yaml");
    ASSERT_FALSE(comma.has_value()) << text;
    EXPECT_EQ(comma.error().id, "core.yaml_root_comma") << text;
    EXPECT_EQ(*comma.error().arg("line"), line) << text;
  }
  // A stray ',' after a document's root (found by manifest_fuzz: yaml-cpp's parser reported
  // documents without end and LoadAll collected them until memory ran out): read as the second
  // document it is, counted no further.
  for (const auto& [text, line] :
       std::vector<std::pair<std::string, std::string>>{{"\",\",, +, +", "1"}, {"[1]\n,\n,", "2"}, {"{a: 1}\n, x", "2"}}) {
    auto stray = core::parse_yaml(text, "run_manifest.yaml");
    ASSERT_FALSE(stray.has_value()) << text;
    EXPECT_EQ(stray.error().id, "core.yaml_documents") << text;
    EXPECT_EQ(*stray.error().arg("line"), line) << text;
  }
  auto two = core::parse_yaml("a: 1\n---\na: 2\n", "run_manifest.yaml");
  ASSERT_FALSE(two.has_value());
  EXPECT_EQ(*two.error().arg("line"), "2");
  auto inner = core::parse_yaml("a: ,b\n", "run_manifest.yaml");
  ASSERT_FALSE(inner.has_value());
  EXPECT_EQ(inner.error().id, "core.yaml_invalid");
  auto utf8 = core::parse_yaml("b: caf\xc3\xa9\n", "run_manifest.yaml");
  ASSERT_TRUE(utf8.has_value());
  EXPECT_EQ((*utf8)["b"], "caf\xc3\xa9");
  auto plain = core::parse_yaml("a: !!str 123\nb: !!int 4\nc: !!map {d: !!seq [1]}\n", "x.yaml");
  ASSERT_TRUE(plain.has_value()) << plain.error().id;
  EXPECT_EQ((*plain)["a"], "123");
  EXPECT_EQ((*plain)["b"], 4);
  EXPECT_EQ((*plain)["c"]["d"][0], 1);
}

TEST(YamlIo, DeepFlowNestingIsRefused) {
  std::string deep = "a: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  auto r = core::parse_yaml(deep, "run_manifest.yaml");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.json_too_deep");
}

// A 411-byte alias bomb expanded to gigabytes.
TEST(YamlIo, AliasBombIsRefusedWithinBudget) {
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  char prev = 'a';
  for (char c = 'b'; c <= 'k'; ++c, ++prev) {
    bomb += std::string(1, c) + ": &" + c + " [";
    for (int i = 0; i < 10; ++i) bomb += std::string(i ? ", " : "") + "*" + prev;
    bomb += "]\n";
  }
  auto r = core::parse_yaml(bomb, "run_manifest.yaml");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.yaml_too_large");
  // A few aliases that stay small are still read.
  auto small = core::parse_yaml("a: &a [1, 2]\nb: *a\n", "t");
  ASSERT_TRUE(small);
  EXPECT_EQ(core::dump_compact(*small), R"({"a":[1,2],"b":[1,2]})");
}

}  // namespace

namespace {

// Each string a standard loader (PyYAML 6 / YAML 1.2 core) would retype is quoted; ordinary
// text is not, so the manifest stays readable.
TEST(YamlScalar, QuotesWhatALoaderWouldRetype) {
  for (const char* s : {"",
                        "yes",
                        "Off",
                        "y",
                        "N",
                        "~",
                        "NULL",
                        "0",
                        "-12",
                        "1_000",
                        "0x1F",
                        "0o17",
                        "0777",
                        "0b101",
                        "190:20:30",
                        "1.5",
                        ".5",
                        "1e5",
                        "-1.2E+3",
                        ".inf",
                        "-.Inf",
                        ".nan",
                        "2026-11-29",
                        "2026-11-29T10:00:00Z",
                        "2026-11-29 10:00:00.25 +09:00",
                        "2026-1-2t3:04:05",
                        "<<",
                        "="}) {
    EXPECT_TRUE(core::yaml_plain_retypes(s)) << "'" << s << "'";
  }
  for (const char* s : {"fp8", "2.11.0+cu130", "0.13.dev1", "sha256:00ab", "llama", "/models/a b", "run-20261129", "yesterday",
                        "2026-11-29x", "1.2.3", "v1", "--seq_len", "nan", "inf"}) {
    EXPECT_FALSE(core::yaml_plain_retypes(s)) << "'" << s << "'";
  }
}

TEST(YamlScalar, FloatsAreShortestAndStayFloats) {
  EXPECT_EQ(core::yaml_float_text(0.05), "0.05");
  EXPECT_EQ(core::yaml_float_text(1.0), "1.0");
  EXPECT_EQ(core::yaml_float_text(-3.0), "-3.0");
  EXPECT_EQ(core::yaml_float_text(16.17), "16.17");
  EXPECT_EQ(core::yaml_float_text(1e300), "1e+300");
  EXPECT_EQ(core::yaml_float_text(0.1 + 0.2), "0.30000000000000004");  // exact: no digit lost
}

TEST(YamlIo, TimestampsAndFloatsRoundTripAsWritten) {
  core::Json j = {{"created_at", "2026-11-29T10:00:00Z"}, {"day", "2026-11-29"}, {"ratio", 0.05}, {"one", 1.0}, {"n", 3}};
  std::string y = core::dump_yaml(j);
  EXPECT_NE(y.find("created_at: \"2026-11-29T10:00:00Z\""), std::string::npos) << y;
  EXPECT_NE(y.find("ratio: 0.05\n"), std::string::npos) << y;
  EXPECT_NE(y.find("one: 1.0\n"), std::string::npos) << y;
  auto back = core::parse_yaml(y, "t.yaml");
  ASSERT_TRUE(back);
  EXPECT_EQ(core::canonical_dump(*back), core::canonical_dump(j));
  EXPECT_TRUE((*back)["one"].is_number_float());
}

}  // namespace
