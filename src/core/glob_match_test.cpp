// The cases mirror Python's fnmatch.fnmatchcase, which Quark uses for module patterns.
#include <gtest/gtest.h>

#include "core/glob_match.h"

namespace {

struct Case {
  const char* pattern;
  const char* text;
  bool match;
};

TEST(GlobMatch, AgreesWithPythonFnmatch) {
  const Case cases[] = {
      {"lm_head", "lm_head", true},
      {"lm_head", "model.lm_head", false},
      {"*lm_head", "model.lm_head", true},
      {"*.gate", "model.layers.3.mlp.gate", true},
      {"*.gate", "model.layers.3.mlp.gate_proj", false},
      {"*mlp.gate", "model.layers.3.mlp.gate", true},
      {"*self_attn*", "model.layers.0.self_attn.q_a_proj", true},
      {"model.layers.61.*", "model.layers.61.mlp.experts.0.up_proj", true},
      {"model.layers.61.*", "model.layers.6.mlp.experts.0.up_proj", false},
      {"*k_proj", "model.layers.0.self_attn.k_proj", true},
      {"*k_proj", "model.layers.0.self_attn.k_proj_extra", false},
      {"*language_model.*.k_proj", "language_model.model.layers.0.self_attn.k_proj", true},
      {"vision_model*", "vision_model.encoder.layers.0.fc1", true},
      {"model.layers.[0-2].*", "model.layers.1.mlp.down_proj", true},
      {"model.layers.[!0-2].*", "model.layers.1.mlp.down_proj", false},
      {"model.layers.[!0-2].*", "model.layers.5.mlp.down_proj", true},
      {"a?c", "abc", true},
      {"a?c", "ac", false},
      {"[", "[", true},
      {"a[b", "a[b", true},
      {"[]]", "]", true},
      {"*", "", true},
      {"", "", true},
      {"", "a", false},
      {"**a*b**", "xxaYYb", true},
      {"*a*b", "xxaYYbc", false},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(core::glob_match(c.pattern, c.text), c.match) << c.pattern << " vs " << c.text;
  }
}

TEST(GlobMatch, AnyOfSeveral) {
  std::vector<std::string> pats = {"lm_head", "*.gate"};
  EXPECT_TRUE(core::glob_match_any(pats, "lm_head"));
  EXPECT_TRUE(core::glob_match_any(pats, "model.layers.1.mlp.gate"));
  EXPECT_FALSE(core::glob_match_any(pats, "model.layers.1.mlp.up_proj"));
  EXPECT_FALSE(core::glob_match_any({}, "x"));
}

}  // namespace
