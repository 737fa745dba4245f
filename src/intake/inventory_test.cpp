#include <gtest/gtest.h>

#include <set>

#include "intake/inventory.h"

namespace {

intake::InventoryModule mod(std::string name, bool quantized = true) {
  intake::InventoryModule m;
  m.name = std::move(name);
  m.role = "mlp";
  m.kind = "linear";
  m.dtype = "BF16";
  m.shape = {4, 4};
  m.linear_modules = 1;
  m.quantized = quantized;
  return m;
}

std::set<std::string> names(const std::vector<intake::InventoryModule>& v) {
  std::set<std::string> s;
  for (const auto& m : v) s.insert(m.name);
  return s;
}

TEST(Inventory, Ranges) {
  EXPECT_EQ(intake::format_ranges({0, 1, 2, 3, 7, 9, 10}), "0-3,7,9-10");
  auto r = intake::parse_ranges("0-3,7,9-10");
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, (std::vector<std::uint32_t>{0, 1, 2, 3, 7, 9, 10}));
  for (const char* bad : {"", "3-1", "1,1", "a", "1-", "-1", "2,1", "0-99999999"}) {
    EXPECT_FALSE(intake::parse_ranges(bad)) << bad;
  }
}

TEST(Inventory, NameTemplate) {
  std::vector<std::uint32_t> idx;
  EXPECT_EQ(intake::name_template("model.layers.3.mlp.experts.17.up_proj", &idx), "model.layers.{}.mlp.experts.{}.up_proj");
  EXPECT_EQ(idx, (std::vector<std::uint32_t>{3, 17}));
  idx.clear();
  EXPECT_EQ(intake::name_template("h.01.fc1", &idx), "h.01.fc1");  // leading zero stays literal
  EXPECT_TRUE(idx.empty());
}

TEST(Inventory, RoundTripsNonProductIndexSets) {
  // Experts only in layers 3-5, and layer 5 has fewer experts; plus a literal name.
  std::vector<intake::InventoryModule> in;
  for (int l = 3; l <= 5; ++l) {
    for (int e = 0; e < (l == 5 ? 2 : 4); ++e) in.push_back(mod("m.layers." + std::to_string(l) + ".experts." + std::to_string(e) + ".w1"));
  }
  in.push_back(mod("lm_head", false));
  in.push_back(mod("weird.{}.name"));
  in.push_back(mod("m.layers.9.experts.0.w1", false));  // same template, other flag: other group
  core::Json groups = intake::encode_inventory(in);
  auto out = intake::expand_inventory(groups);
  ASSERT_TRUE(out) << out.error().detail;
  EXPECT_EQ(names(*out), names(in));
  EXPECT_EQ(out->size(), in.size());
  // The experts group: two product blocks, not a list of tuples.
  ASSERT_EQ(groups[0]["name"], "m.layers.{}.experts.{}.w1");
  EXPECT_EQ(groups[0]["indices"], core::Json::parse(R"([["3-4","0-3"],["5","0-1"]])"));
  for (const auto& m : *out) {
    if (m.name == "lm_head" || m.name == "m.layers.9.experts.0.w1") {
      EXPECT_FALSE(m.quantized) << m.name;
    }
  }
}

TEST(Inventory, RejectsBrokenEncodings) {
  const char* bad[] = {
      R"([{"name":"a.{}.b","count":1,"role":"mlp","kind":"linear","dtype":"BF16","shape":[1],"linear_modules":1,"quantized":true}])",
      R"([{"name":"a.{}.b","indices":[["0-1","2"]],"count":2,"role":"mlp","kind":"linear","dtype":"BF16","shape":[1],"linear_modules":1,"quantized":true}])",
      R"([{"name":"a.{}.b","indices":[["0-1"]],"count":3,"role":"mlp","kind":"linear","dtype":"BF16","shape":[1],"linear_modules":1,"quantized":true}])",
      R"([{"name":"a","count":1,"role":"mlp","kind":"linear","dtype":"BF16","shape":[-1],"linear_modules":1,"quantized":true}])",
      R"([{"name":"a"}])",
  };
  for (const char* b : bad) {
    auto r = intake::expand_inventory(core::Json::parse(b));
    ASSERT_FALSE(r) << b;
    EXPECT_EQ(r.error().id, "intake.inventory_invalid");
  }
}

}  // namespace
