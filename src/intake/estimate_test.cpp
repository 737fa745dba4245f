// What a config claims is bounded. Absurd sizes are refused by the config
// reader naming the key; the config estimate is the same whether it is synthesized once per
// kind of layer or once per module, and refuses a config implying too many modules.
#include <gtest/gtest.h>

#include <chrono>

#include "intake/estimate.h"

namespace {

const knowledge::ModelFamilies& families() {
  auto fam = knowledge::model_families();
  EXPECT_TRUE(fam) << fam.error().id;
  return **fam;
}

core::Json mixtral(std::int64_t layers, std::int64_t experts) {
  return {{"model_type", "mixtral"},      {"architectures", {"MixtralForCausalLM"}},
          {"num_hidden_layers", layers},  {"hidden_size", 64},
          {"num_attention_heads", 4},     {"num_key_value_heads", 2},
          {"intermediate_size", 128},     {"vocab_size", 256},
          {"num_local_experts", experts}, {"num_experts_per_tok", 2}};
}

core::Result<intake::ModelFacts> facts(const std::string& text) {
  auto j = core::parse_json(text, "config.json");
  EXPECT_TRUE(j);
  return intake::read_config_facts(*j, families(), "m/config.json");
}

TEST(ConfigFacts, AbsurdSizesAreRefusedNamingTheKey) {
  struct Case {
    const char* config;
    const char* key;
    const char* value;
  };
  for (const Case& c : {
           Case{R"({"model_type": "llama", "num_hidden_layers": 1e12})", "num_hidden_layers", "1000000000000.0"},
           Case{R"({"model_type": "llama", "num_hidden_layers": -1})", "num_hidden_layers", "-1"},
           Case{R"({"model_type": "llama", "vocab_size": 9223372036854775808})", "vocab_size", "9223372036854775808"},
           Case{R"({"model_type": "llama", "hidden_size": 18446744073709551615})", "hidden_size", "18446744073709551615"},
           Case{R"({"model_type": "mixtral", "num_local_experts": 1000000000})", "num_local_experts", "1000000000"},
           Case{R"({"model_type": "llava", "text_config": {"model_type": "llama", "num_hidden_layers": 100000}})",
                "text_config.num_hidden_layers", "100000"},
           Case{R"({"model_type": "qwen2_vl", "vision_config": {"depth": -3}})", "vision_config.depth", "-3"},
       }) {
    auto f = facts(c.config);
    ASSERT_FALSE(f) << c.config;
    EXPECT_EQ(f.error().code, core::ExitCode::bad_input);
    EXPECT_EQ(f.error().id, "intake.config_implausible") << c.config;
    ASSERT_NE(f.error().arg("key"), nullptr);
    EXPECT_EQ(*f.error().arg("key"), c.key);
    EXPECT_EQ(*f.error().arg("value"), c.value);
    EXPECT_EQ(*f.error().arg("source"), "m/config.json");
  }
  // The largest released models stay well inside.
  auto big = facts(R"({"model_type": "llama", "num_hidden_layers": 126, "hidden_size": 16384, "vocab_size": 262144,
                       "max_position_embeddings": 10485760, "intermediate_size": 53248.0})");
  ASSERT_TRUE(big) << big.error().id;
  EXPECT_EQ(big->intermediate_size, 53248);
}

// A dtype torch does not have would fail the model's load inside quark-cli, after the approval:
// refused at intake, naming the value. What transformers reads is accepted, "torch." prefix and
// "auto" included; the weights' dtype of a text_config wins over the top level's as before.
TEST(ConfigFacts, ADtypeTorchDoesNotHaveIsRefused) {
  for (const char* config : {R"({"model_type": "llama", "torch_dtype": "float128"})", R"({"model_type": "llama", "dtype": "bf16"})",
                             R"({"model_type": "llava", "text_config": {"model_type": "llama", "torch_dtype": "fp8"}})",
                             R"({"model_type": "llama", "dtype": "bfloat16", "torch_dtype": "float128"})"}) {
    auto f = facts(config);
    ASSERT_FALSE(f) << config;
    EXPECT_EQ(f.error().code, core::ExitCode::bad_input);
    EXPECT_EQ(f.error().id, "intake.config_dtype_unknown") << config;
    EXPECT_EQ(*f.error().arg("source"), "m/config.json");
  }
  for (const char* dtype : {"bfloat16", "float16", "float32", "float8_e4m3fn", "torch.bfloat16", "auto"}) {
    auto f = facts(std::string(R"({"model_type": "llama", "torch_dtype": ")") + dtype + R"("})");
    ASSERT_TRUE(f) << dtype << ": " << f.error().id;
    EXPECT_EQ(f->dtype, dtype);
  }
}

// The per-kind estimate (no exclusion can tell indices apart) equals the per-module one.
TEST(Estimate, PerKindEqualsPerModule) {
  auto f = intake::read_config_facts(mixtral(6, 8), families(), "config.json");
  ASSERT_TRUE(f);
  std::vector<std::string> plain = {"lm_head", "*block_sparse_moe.gate"};
  auto by_kind = intake::estimate_linears(*f, families(), plain, "config.json");
  ASSERT_TRUE(by_kind);
  // 6 x (4 attention + 8 x 3 experts; the default layout's router is not a Linear) + lm_head.
  EXPECT_EQ(by_kind->linear_modules, 6u * 28u + 1u);
  EXPECT_EQ(by_kind->quantized_modules, 6u * 28u);
  auto nothing_more = plain;
  nothing_more.push_back("model.layers.999.*");  // index-specific: synthesized module by module
  auto per_module = intake::estimate_linears(*f, families(), nothing_more, "config.json");
  ASSERT_TRUE(per_module);
  EXPECT_EQ(per_module->linear_modules, by_kind->linear_modules);
  EXPECT_EQ(per_module->quantized_modules, by_kind->quantized_modules);
  auto one_layer = plain;
  one_layer.push_back("model.layers.1.*");
  auto less = intake::estimate_linears(*f, families(), one_layer, "config.json");
  ASSERT_TRUE(less);
  EXPECT_EQ(less->quantized_modules, 5u * 28u);
  auto one_expert = plain;
  one_expert.push_back("*.experts.3.*");
  auto fewer = intake::estimate_linears(*f, families(), one_expert, "config.json");
  ASSERT_TRUE(fewer);
  EXPECT_EQ(fewer->quantized_modules, 6u * 25u);
}

TEST(Estimate, TimeDoesNotGrowWithTheClaimedCounts) {
  auto f = intake::read_config_facts(mixtral(2000, 512), families(), "config.json");
  ASSERT_TRUE(f);
  auto t0 = std::chrono::steady_clock::now();
  auto e = intake::estimate_linears(*f, families(), {"lm_head", "*block_sparse_moe.gate"}, "config.json");
  auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(e);
  EXPECT_EQ(e->linear_modules, 2000u * (4u + 512u * 3u) + 1u);
  EXPECT_LT(seconds, 1.0);
}

TEST(Estimate, TooManyModulesAreRefused) {
  auto f = intake::read_config_facts(mixtral(10000, 16384), families(), "m/config.json");
  ASSERT_TRUE(f);
  auto e = intake::estimate_linears(*f, families(), {"lm_head"}, "m/config.json");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(e.error().id, "intake.config_implausible_total");
  EXPECT_EQ(*e.error().arg("source"), "m/config.json");
  EXPECT_EQ(*e.error().arg("layers"), "10000");
}

}  // namespace
