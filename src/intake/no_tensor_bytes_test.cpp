// Rule 6: intake never reads tensor data. The bytes read from the model directory must be
// exactly the small files plus 8 + N per shard, however large the declared data region.
#include <gtest/gtest.h>

#include <fstream>

#include "intake/analysis.h"
#include "support/safetensors_writer.h"
#include "support/temp_dir.h"

namespace {

TEST(NoTensorBytes, OnlyConfigAndHeadersAreRead) {
  test_support::TempDir tmp;
  std::string config = R"({"model_type":"llama","architectures":["LlamaForCausalLM"],"num_hidden_layers":2,"hidden_size":4096,)"
                       R"("num_attention_heads":32,"vocab_size":32000,"tie_word_embeddings":false})";
  tmp.write("config.json", config);
  std::vector<test_support::TensorSpec> tensors;
  for (int l = 0; l < 2; ++l) {
    for (const char* p : {"q_proj", "k_proj", "v_proj", "o_proj"}) {
      tensors.push_back({"model.layers." + std::to_string(l) + ".self_attn." + p + ".weight", "BF16", {4096, 4096}});
    }
  }
  tensors.push_back({"lm_head.weight", "BF16", {32000, 4096}});
  test_support::write_checkpoint(tmp.path(), tensors, 3);
  std::uint64_t expected = config.size();
  std::uint64_t declared = 0;
  for (const auto& e : std::filesystem::directory_iterator(tmp.path())) {
    std::string n = e.path().filename().string();
    if (n.size() > 12 && n.substr(n.size() - 12) == ".safetensors") {
      std::string prefix(8, '\0');
      std::ifstream f(e.path(), std::ios::binary);
      f.read(prefix.data(), 8);
      std::uint64_t len = 0;
      for (int i = 7; i >= 0; --i) len = (len << 8) | static_cast<unsigned char>(prefix[static_cast<std::size_t>(i)]);
      expected += 8 + len;
      declared += std::filesystem::file_size(e.path());
    } else if (n == "model.safetensors.index.json") {
      expected += std::filesystem::file_size(e.path());
    }
  }
  intake::LocalModelFiles files(tmp.path());
  intake::SourceInfo src;
  src.kind = "local";
  src.input = src.model_path = tmp.path().string();
  auto a = intake::analyze_files(files, src);
  ASSERT_TRUE(a) << a.error().id << " " << a.error().detail;
  EXPECT_EQ((*a)["quantization_targets"]["linear_layer_count"], 9);
  EXPECT_EQ(files.bytes_read(), expected);
  EXPECT_GT(declared, 300u << 20);  // hundreds of MB declared, a few KB read
  EXPECT_LT(files.bytes_read(), 16u << 10);
}

}  // namespace
