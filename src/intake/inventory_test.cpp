#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "intake/inventory.h"
#include "knowledge/model_families.h"

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
  EXPECT_EQ(intake::name_template("0.a..12345678.1234567890.x1.1x.", &idx), "{}.a..{}.1234567890.x1.1x.");
  EXPECT_EQ(idx, (std::vector<std::uint32_t>{0, 12345678}));
  idx.clear();
  EXPECT_EQ(intake::name_template("", &idx), "");
  EXPECT_EQ(intake::name_template("a/b.c/.7", &idx), "a/b.c/.{}");  // '/' next to '.' is not a dot
  EXPECT_EQ(idx, (std::vector<std::uint32_t>{7}));
  idx.clear();
  EXPECT_EQ(intake::name_template("model.layers.999999999.mlp", &idx), "model.layers.{}.mlp");
  EXPECT_EQ(idx, (std::vector<std::uint32_t>{999999999}));
  // Braces of its own are reported (the inventory then keeps the name literal).
  std::string out;
  idx.clear();
  EXPECT_FALSE(intake::name_template_scan("model.layers.3.w", out, idx));
  EXPECT_TRUE(intake::name_template_scan("weird.{}.name", out, idx));
  EXPECT_TRUE(intake::name_template_scan(std::string(100, 'x') + ".}", out, idx));
  // Names across the 64-byte blocks the dots are found in, and longer than the stack buffer.
  for (std::size_t pad : {0u, 1u, 7u, 8u, 55u, 56u, 57u, 62u, 63u, 64u, 65u, 120u, 127u, 128u, 300u, 600u}) {
    std::string filler(pad, 'x');
    idx.clear();
    EXPECT_EQ(intake::name_template(filler + ".12." + filler + ".3", &idx), filler + ".{}." + filler + ".{}") << pad;
    EXPECT_EQ(idx, (std::vector<std::uint32_t>{12, 3})) << pad;
    idx.clear();
    EXPECT_EQ(intake::name_template("4." + filler + "." + filler + ".", &idx), "{}." + filler + "." + filler + ".") << pad;
    EXPECT_EQ(idx, (std::vector<std::uint32_t>{4})) << pad;
  }
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

// Index rows are sorted through a bitmap when the values are small and dense, by a sort
// otherwise: both give the same encoding.
TEST(Inventory, SparseAndDenseIndicesRoundTrip) {
  for (std::uint32_t scale : {1u, 1000003u}) {
    std::vector<intake::InventoryModule> in;
    for (std::uint32_t l = 0; l < 5; ++l) {
      for (std::uint32_t e = 0; e < 3; ++e) {
        for (std::uint32_t k : {2u, 0u}) {
          in.push_back(mod("m." + std::to_string(l * scale) + ".x." + std::to_string((4 - e) * scale) + ".y." + std::to_string(k)));
          in.push_back(mod("n." + std::to_string(l * scale) + ".z." + std::to_string(e * scale)));
        }
      }
    }
    core::Json groups = intake::encode_inventory(in);
    auto out = intake::expand_inventory(groups);
    ASSERT_TRUE(out) << out.error().detail;
    EXPECT_EQ(names(*out), names(in));
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0]["count"], 30);
    EXPECT_EQ(groups[1]["count"], 15);  // duplicates dropped
    if (scale == 1) {
      EXPECT_EQ(groups[0]["indices"], core::Json::parse(R"([["0-4","2-4","0,2"]])"));
    }
  }
}

// The builder decides a tensor's role and kind once per name template when the knowledge
// lists allow it; the answers must equal those made name by name.
TEST(Inventory, TemplateCacheGivesTheSameInventory) {
  auto fam = knowledge::model_families();
  ASSERT_TRUE(fam);
  knowledge::ModelFamilies uncached = **fam;
  uncached.fused_expert_tensor_names.push_back("123");  // all digits: no per-template answers
  intake::ModelFacts facts;
  facts.model_type = "deepseek_v3";
  facts.tie_word_embeddings = true;
  std::vector<std::pair<std::string, std::vector<std::uint64_t>>> tensors = {
      {"model.embed_tokens.weight", {100, 8}},
      {"model.layers.0.self_attn.q_proj.weight", {8, 8}},
      {"model.layers.0.self_attn.q_proj.weight_scale_inv", {1, 1}},
      {"model.layers.1.mlp.experts.0.gate_proj.weight", {4, 8}},
      {"model.layers.1.mlp.experts.10.down_proj.weight", {8, 4}},
      {"model.layers.2.mlp.experts.gate_up_proj", {4, 8, 8}},
      {"model.layers.2.mlp.experts.down_proj", {4, 8, 4}},
      {"model.layers.02.mlp.up_proj.weight", {4, 8}},
      {"model.layers.{}.odd.weight", {4, 4}},
      {"h.0.attn.c_attn.weight", {8, 24}},
      {"model.layers.3.mlp.gate.weight", {16, 8}},
      {"model.layers.3.mlp.gate.e_score_correction_bias", {16}},
      {".weight", {2, 2}},
      {"model.norm.weight", {8}},
      {"model.layers.1234567890.mlp.up_proj.weight", {4, 8}},
  };
  auto build = [&](const knowledge::ModelFamilies& f) {
    intake::InventoryBuilder b(facts, f, {"lm_head", "*.gate", "model.layers.0.*"});
    for (const auto& [name, shape] : tensors) {
      std::uint64_t bytes = 2;
      for (auto d : shape) bytes *= d;
      b.add_tensor(intake::TensorView{name, "BF16", shape.data(), shape.size(), bytes, 0});
    }
    return b.finish();
  };
  auto a = build(**fam);
  auto b = build(uncached);
  EXPECT_EQ(intake::encode_groups(a.groups), intake::encode_groups(b.groups));
  EXPECT_EQ(a.linear_modules, b.linear_modules);
  EXPECT_EQ(a.quantized_modules, b.quantized_modules);
  EXPECT_EQ(a.has_fused_experts, b.has_fused_experts);
  EXPECT_EQ(a.has_per_expert_tensors, b.has_per_expert_tensors);
  EXPECT_EQ(a.has_prequantized_tensors, b.has_prequantized_tensors);
  EXPECT_EQ(a.expert_layers, b.expert_layers);
  EXPECT_TRUE(a.has_fused_experts);
  EXPECT_TRUE(a.has_prequantized_tensors);
  EXPECT_GT(a.linear_modules, 0u);
}

// Pre-quantized tensors are counted by name template and tied to their module: an fp8 weight's
// scale belongs to a counted module; MXFP4 blocks/scales (no .weight) to none.
TEST(Inventory, PrequantizedTensorsAreCountedAndTiedToModules) {
  auto fam = knowledge::model_families();
  ASSERT_TRUE(fam);
  intake::ModelFacts facts;
  facts.model_type = "gpt_oss";
  std::vector<std::tuple<std::string, std::string, std::vector<std::uint64_t>>> tensors;
  for (int l = 0; l < 3; ++l) {
    std::string p = "model.layers." + std::to_string(l);
    tensors.push_back({p + ".self_attn.q_proj.weight", "F8_E4M3", {8, 8}});
    tensors.push_back({p + ".self_attn.q_proj.weight_scale_inv", "F32", {1, 1}});
    tensors.push_back({p + ".mlp.experts.down_proj_blocks", "U8", {4, 8, 1, 16}});
    tensors.push_back({p + ".mlp.experts.down_proj_scales", "U8", {4, 8, 1}});
  }
  intake::InventoryBuilder b(facts, **fam, {"lm_head"});
  for (const auto& [name, dtype, shape] : tensors) {
    std::uint64_t bytes = dtype == "F32" ? 4 : 1;
    for (auto d : shape) bytes *= d;
    b.add_tensor(intake::TensorView{name, dtype, shape.data(), shape.size(), bytes, 0});
  }
  auto inv = b.finish();
  std::vector<std::string> seen;
  for (const auto& pq : inv.prequantized) {
    seen.push_back(intake::prequantized_name(pq) + " " + pq.module + " " + std::to_string(pq.totals.bytes) +
                   (pq.module_counted ? " counted" : " uncounted"));
  }
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "model.layers.*.self_attn.q_proj.weight_scale_inv (x3) model.layers.{}.self_attn.q_proj 12 counted",
                      "model.layers.*.mlp.experts.down_proj_blocks (x3) model.layers.{}.mlp.experts.down_proj 1536 uncounted",
                      "model.layers.*.mlp.experts.down_proj_scales (x3) model.layers.{}.mlp.experts.down_proj 96 uncounted"}));
  EXPECT_EQ(inv.linear_modules, 3U);  // the q_proj modules only: the experts' weights are packed
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
