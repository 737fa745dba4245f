// The header parser on in-memory bytes, with the exact error id for every broken rule.
#include <gtest/gtest.h>

#include "intake/safetensors_header.h"
#include "intake/safetensors_index.h"

namespace {

std::string le64(std::uint64_t n) {
  std::string s(8, '\0');
  for (int i = 0; i < 8; ++i) s[static_cast<std::size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xff);
  return s;
}

struct BadCase {
  const char* json;
  std::uint64_t data_bytes;
  const char* id;
};

TEST(SafetensorsHeader, ValidHeader) {
  std::string json = R"({"__metadata__":{"format":"pt"},"b":{"dtype":"BF16","shape":[2,3],"data_offsets":[8,20]},)"
                     R"("a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";
  auto h = intake::parse_header(json, "x", 8 + json.size() + 20);
  ASSERT_TRUE(h) << h.error().id << h.error().detail;
  ASSERT_EQ(h->tensors.size(), 2u);
  EXPECT_EQ(h->tensors[0].name, "b");
  EXPECT_EQ(h->tensors[0].shape, (std::vector<std::uint64_t>{2, 3}));
  EXPECT_EQ(h->data_bytes, 20u);
  ASSERT_EQ(h->metadata.size(), 1u);
  EXPECT_EQ(h->metadata[0].second, "pt");
}

TEST(SafetensorsHeader, SubByteAndScalarTensors) {
  std::string json = R"({"s":{"dtype":"F32","shape":[],"data_offsets":[0,4]},"p":{"dtype":"F4","shape":[4],"data_offsets":[4,6]},)"
                     R"("e":{"dtype":"BF16","shape":[0,5],"data_offsets":[6,6]}})";
  auto h = intake::parse_header(json, "x", std::nullopt);
  ASSERT_TRUE(h) << h.error().detail;
  EXPECT_EQ(h->data_bytes, 6u);
}

TEST(SafetensorsHeader, UnknownDtypeIsOpaqueData) {
  auto h = intake::parse_header(R"({"a":{"dtype":"Q3_K","shape":[7],"data_offsets":[0,5]}})", "x", std::nullopt);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->unknown_dtypes, (std::vector<std::string>{"Q3_K"}));
}

TEST(SafetensorsHeader, NamedErrors) {
  const BadCase cases[] = {
      {"{", 0, "intake.header_json"},
      {"[]", 0, "intake.header_json"},
      {R"({"a":1})", 0, "intake.header_entry"},
      {R"({"a":{"shape":[1],"data_offsets":[0,4]}})", 4, "intake.header_entry"},
      {R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", 4, "intake.header_entry"},
      {R"({"a":{"dtype":"F32","shape":[1.5],"data_offsets":[0,4]}})", 4, "intake.header_entry"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0]}})", 4, "intake.header_entry"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,0]}})", 4, "intake.header_entry"},
      {R"({"__metadata__":{"k":1}})", 0, "intake.header_entry"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", 8,
       "intake.header_entry"},
      {R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})", 12,
       "intake.header_overlap"},
      {R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[12,20]}})", 20,
       "intake.header_gap"},
      {R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})", 12, "intake.header_gap"},
      {R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", 8, "intake.header_size_mismatch"},
      {R"({"a":{"dtype":"F4","shape":[3],"data_offsets":[0,2]}})", 2, "intake.header_partial_byte"},
      {R"({"a":{"dtype":"F4","shape":[1],"data_offsets":[0,1]}})", 1, "intake.header_partial_byte"},
      {R"({"a":{"dtype":"F4","shape":[4],"data_offsets":[0,1]}})", 1, "intake.header_size_mismatch"},
      {R"({"a":{"dtype":"F6_E2M3","shape":[3],"data_offsets":[0,3]}})", 3, "intake.header_partial_byte"},
      {R"({"a":{"dtype":"U8","shape":[4294967296,4294967296],"data_offsets":[0,8]}})", 8, "intake.header_overflow"},
      {R"({"a":{"dtype":"F64","shape":[2305843009213693952],"data_offsets":[0,8]}})", 8, "intake.header_overflow"},
      {R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 16, "intake.header_data_length"},
      {R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 4, "intake.header_data_length"},
  };
  for (const auto& c : cases) {
    std::string json = c.json;
    auto h = intake::parse_header(json, "shard.safetensors", 8 + json.size() + c.data_bytes);
    ASSERT_FALSE(h) << c.json;
    EXPECT_EQ(h.error().id, c.id) << c.json << " -> " << h.error().detail;
    EXPECT_EQ(h.error().code, core::ExitCode::bad_input);
    ASSERT_NE(h.error().arg("source"), nullptr);
    EXPECT_EQ(*h.error().arg("source"), "shard.safetensors");
  }
}

// The fast path reads strings raw when the header has no backslash; with escapes they are
// decoded. Both must give the same names, the same duplicate check and the same key matching.
TEST(SafetensorsHeader, EscapedNamesAndKeys) {
  std::string json = R"({"a\u002eb":{"dt\u0079pe":"F\u00332","shape":[1],"data_offsets":[0,4]},)"
                     R"("c\"d":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})";
  auto h = intake::parse_header(json, "x", std::nullopt);
  ASSERT_TRUE(h) << h.error().detail;
  ASSERT_EQ(h->tensors.size(), 2u);
  EXPECT_EQ(h->tensors[0].name, "a.b");
  EXPECT_EQ(h->tensors[0].dtype, "F32");
  EXPECT_EQ(h->tensors[1].name, "c\"d");
  // "\u0061" is "a": a duplicate once decoded.
  auto dup = intake::parse_header(
      R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"\u0061":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", "x",
      std::nullopt);
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().id, "intake.header_entry");
  EXPECT_NE(dup.error().detail.find("appears twice"), std::string::npos) << dup.error().detail;
}

// On-Demand skips what it does not read; such text is still validated, and invalid JSON is
// reported as invalid JSON even when one of our rules trips first.
TEST(SafetensorsHeader, InvalidJsonAnywhereIsAJsonError) {
  const BadCase cases[] = {
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4],"extra":[1,,2]}})", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4],"extra":{"k" 1}}})", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}} x)", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}})", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},})", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F32" "shape":[1],"data_offsets":[0,4]}})", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F32","shape":[1 2],"data_offsets":[0,4]}})", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F\q","shape":[1],"data_offsets":[0,4]}})", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":1,"c":[})", 4, "intake.header_json"},
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"c":tru})", 4,
       "intake.header_json"},
      // Valid JSON in a field we do not read: accepted, as before.
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4],"extra":{"k":[1,{"x":null}]}}})", 4, nullptr},
  };
  for (const auto& c : cases) {
    std::string json = c.json;
    auto h = intake::parse_header(json, "shard.safetensors", 8 + json.size() + c.data_bytes);
    if (c.id == nullptr) {
      EXPECT_TRUE(h) << c.json << " -> " << h.error().detail;
      continue;
    }
    ASSERT_FALSE(h) << c.json;
    EXPECT_EQ(h.error().id, c.id) << c.json << " -> " << h.error().detail;
  }
}

// visit_header on a caller's padded buffer (the intake fast path) and on a plain view.
TEST(SafetensorsHeader, PaddedAndUnpaddedInputAgree) {
  std::string json = R"({"__metadata__":{"format":"pt"},"w":{"dtype":"BF16","shape":[2,2],"data_offsets":[0,8]}})";
  std::string padded = json + std::string(intake::kHeaderPadding, '\0');
  std::vector<std::string> seen;
  auto visit = [&](const intake::TensorView& t) { seen.emplace_back(t.name); };
  auto a = intake::visit_header(std::string_view(padded.data(), json.size()), "x", std::nullopt, visit, true);
  auto b = intake::visit_header(json, "x", std::nullopt, visit, false);
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  EXPECT_EQ(a->tensor_count, 1u);
  EXPECT_EQ(b->data_bytes, 8u);
  EXPECT_EQ(seen, (std::vector<std::string>{"w", "w"}));
}

// Many tensors in a scrambled order: duplicates are found wherever they are.
TEST(SafetensorsHeader, DuplicateAmongManyNames) {
  std::string json = "{";
  std::uint64_t at = 0;
  for (int i = 0; i < 3000; ++i) {
    int k = (i * 7919) % 3000;
    if (i > 0) json += ',';
    json += "\"model.layers." + std::to_string(k) + ".mlp.weight\":{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[" +
            std::to_string(at) + "," + std::to_string(at + 1) + "]}";
    ++at;
  }
  auto ok = intake::parse_header(json + "}", "x", std::nullopt);
  ASSERT_TRUE(ok) << ok.error().detail;
  EXPECT_EQ(ok->tensors.size(), 3000u);
  std::string twice = json + ",\"model.layers.1234.mlp.weight\":{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[" + std::to_string(at) +
                      "," + std::to_string(at + 1) + "]}}";
  auto bad = intake::parse_header(twice, "x", std::nullopt);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().detail.find("model.layers.1234.mlp.weight"), std::string::npos) << bad.error().detail;
}

TEST(SafetensorsIndex, EscapedAndSpacedText) {
  // Escapes anywhere switch the whole index to decoded strings; spaces around tokens are fine.
  auto idx = intake::parse_index(R"({ "weight_map" : { "a\u002eb" : "model-1.safetensors" , "c" :  "model-\u0031.safetensors"  } })", "i");
  ASSERT_TRUE(idx) << idx.error().detail;
  EXPECT_EQ(idx->shards, (std::vector<std::string>{"model-1.safetensors"}));
  EXPECT_EQ(idx->shard_tensors, (std::vector<std::size_t>{2}));
  auto plain = intake::parse_index("{\"weight_map\":{\n\"a\" :\t\"m-1.safetensors\" ,\"b\":\"m-2.safetensors\"\r\n}}", "i");
  ASSERT_TRUE(plain) << plain.error().detail;
  EXPECT_EQ(plain->shards, (std::vector<std::string>{"m-1.safetensors", "m-2.safetensors"}));
  // Raw strings are taken as they are only because stage 1 has refused control characters
  // and invalid UTF-8 in them: check that it does.
  for (std::string bad :
       {std::string("{\"weight_map\":{\"a\tb\":\"m.safetensors\"}}"), std::string("{\"weight_map\":{\"a\":\"m\x01.safetensors\"}}"),
        std::string("{\"weight_map\":{\"a\xff\":\"m.safetensors\"}}")}) {
    auto r = intake::parse_index(bad, "i");
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().id, "intake.index_invalid") << bad;
  }
  for (std::string bad : {std::string("{\"a\nb\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}"),
                          std::string("{\"a\":{\"dtype\":\"F3\xc3\",\"shape\":[1],\"data_offsets\":[0,4]}}")}) {
    auto h = intake::parse_header(bad, "x", std::nullopt);
    ASSERT_FALSE(h) << bad;
    EXPECT_EQ(h.error().id, "intake.header_json") << bad;
  }
  for (const char* bad : {R"({"weight_map":{"a":"x\q.safetensors"}})", R"({"weight_map":{"a\q":"x.safetensors"}})",
                          R"({"weight_map":{"a":"..\/x.safetensors"}})", R"({"weight_map":{"a":["x.safetensors"]}})"}) {
    auto r = intake::parse_index(bad, "i");
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().id, "intake.index_invalid") << bad;
  }
}

TEST(SafetensorsHeader, LengthPrefix) {
  EXPECT_EQ(intake::parse_header_length("abc", "x", std::nullopt).error().id, "intake.header_too_short");
  EXPECT_EQ(intake::parse_header_length(le64(1ull << 40), "x", std::nullopt).error().id, "intake.header_too_large");
  EXPECT_EQ(intake::parse_header_length(le64(100), "x", 50).error().id, "intake.header_too_large");
  EXPECT_EQ(intake::parse_header_length(le64(100'000'001), "x", std::nullopt).error().id, "intake.header_too_large");
  auto n = intake::parse_header_length(le64(42), "x", 50);
  ASSERT_TRUE(n);
  EXPECT_EQ(*n, 42u);
  // UINT64_MAX must not wrap around a file-size check.
  EXPECT_FALSE(intake::parse_header_length(le64(UINT64_MAX), "x", UINT64_MAX));
}

TEST(SafetensorsIndex, ParsesAndRefusesEscapes) {
  auto idx = intake::parse_index(
      R"({"metadata":{"total_size":123},"weight_map":{"a":"model-1.safetensors","b":"model-2.safetensors","c":"model-1.safetensors"}})",
      "i");
  ASSERT_TRUE(idx);
  EXPECT_EQ(idx->total_size, 123u);
  EXPECT_EQ(idx->shards, (std::vector<std::string>{"model-1.safetensors", "model-2.safetensors"}));
  EXPECT_EQ(idx->tensor_count, 3u);
  EXPECT_EQ(idx->shard_tensors, (std::vector<std::size_t>{2, 1}));
  for (const char* bad : {R"({"weight_map":{"a":"../x.safetensors"}})", R"({"weight_map":{"a":"sub/x.safetensors"}})",
                          R"({"weight_map":{"a":"x.bin"}})", R"({"weight_map":{"a":5}})", R"({"weight_map":{}})", R"({"weight_map":[]})",
                          R"({"metadata":{"total_size":"x"},"weight_map":{"a":"m.safetensors"}})", "nope"}) {
    auto r = intake::parse_index(bad, "i");
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().id, "intake.index_invalid") << bad;
  }
}

}  // namespace
