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
      {R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", 8, "intake.header_entry"},
      {R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})", 12, "intake.header_overlap"},
      {R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[12,20]}})", 20, "intake.header_gap"},
      {R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})", 12, "intake.header_gap"},
      {R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", 8, "intake.header_size_mismatch"},
      {R"({"a":{"dtype":"F4","shape":[3],"data_offsets":[0,2]}})", 2, "intake.header_size_mismatch"},
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
      R"({"metadata":{"total_size":123},"weight_map":{"a":"model-1.safetensors","b":"model-2.safetensors","c":"model-1.safetensors"}})", "i");
  ASSERT_TRUE(idx);
  EXPECT_EQ(idx->total_size, 123u);
  EXPECT_EQ(idx->shards, (std::vector<std::string>{"model-1.safetensors", "model-2.safetensors"}));
  EXPECT_EQ(idx->tensor_count, 3u);
  EXPECT_EQ(idx->shard_tensors, (std::vector<std::size_t>{2, 1}));
  for (const char* bad : {R"({"weight_map":{"a":"../x.safetensors"}})", R"({"weight_map":{"a":"sub/x.safetensors"}})",
                          R"({"weight_map":{"a":"x.bin"}})", R"({"weight_map":{"a":5}})", R"({"weight_map":{}})",
                          R"({"weight_map":[]})", R"({"metadata":{"total_size":"x"},"weight_map":{"a":"m.safetensors"}})", "nope"}) {
    auto r = intake::parse_index(bad, "i");
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().id, "intake.index_invalid") << bad;
  }
}

}  // namespace
