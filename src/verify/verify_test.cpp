// Safetensors header checks, parallel hashing and the layer checks on small generated models.
// (The planted-defect matrix on a full fake export runs end to end in tests/cli/verify/.)
#include <gtest/gtest.h>

#include "core/sha256.h"
#include "verify/tensor_table.h"
#include "verify/verify_output.h"
#include "support/temp_dir.h"

namespace verify {
namespace {

struct T {
  std::string name;
  std::string dtype;
  std::vector<int> shape;
  std::string data;
};

// Writes a safetensors file; `shift` moves the first tensor's end offset (a planted defect).
std::string safetensors(const std::vector<T>& tensors, int shift = 0, int truncate = 0) {
  core::Json h = core::Json::object();
  std::string blob;
  bool first = true;
  for (const auto& t : tensors) {
    std::size_t b = blob.size();
    blob += t.data;
    std::size_t e = blob.size() + (first ? static_cast<std::size_t>(shift) : 0);
    h[t.name] = {{"dtype", t.dtype}, {"shape", t.shape}, {"data_offsets", {b, e}}};
    first = false;
  }
  std::string json = h.dump();
  while (json.size() % 8 != 0) json += ' ';
  std::string out(8, '\0');
  std::uint64_t n = json.size();
  for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xFF);
  out += json + blob;
  out.resize(out.size() - static_cast<std::size_t>(truncate));
  return out;
}

std::string bytes(std::size_t n, char c) { return std::string(n, c); }

TEST(TensorTable, AcceptsAValidFileAndRejectsDamage) {
  test_support::TempDir d;
  std::vector<T> ts = {{"a.weight", "BF16", {2, 4}, bytes(16, 'a')}, {"a.weight_scale", "F32", {}, bytes(4, 's')}};
  auto ok = read_tensor_table(d.write("ok.safetensors", safetensors(ts)));
  ASSERT_TRUE(ok) << ok.error().detail;
  EXPECT_EQ(ok->tensors.size(), 2u);
  EXPECT_FALSE(read_tensor_table(d.write("overlap.safetensors", safetensors(ts, 4))));
  EXPECT_FALSE(read_tensor_table(d.write("short.safetensors", safetensors(ts, 0, 2))));
  std::vector<T> bad_size = {{"a.weight", "BF16", {2, 5}, bytes(16, 'a')}};
  auto r = read_tensor_table(d.write("size.safetensors", safetensors(bad_size)));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "verify.header_invalid");
  EXPECT_FALSE(read_tensor_table(d.write("tiny.safetensors", "1234")));
}

TEST(FileHasher, MatchesOpenSslOnManyFilesInParallel) {
  test_support::TempDir d;
  std::vector<std::string> names;
  for (int i = 0; i < 9; ++i) {
    names.push_back("f" + std::to_string(i));
    d.write(names.back(), std::string(static_cast<std::size_t>(i) * 1000003, static_cast<char>('a' + i)));
  }
  d.write("sub/g", "x");
  EXPECT_EQ(list_files(d.path()).size(), 10u);
  auto got = hash_files(d.path(), names, 4);
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(got[i].path, names[i]);
    EXPECT_EQ(got[i].sha256, core::sha256_file_hex(d.path() / names[i]).value());
    EXPECT_EQ(got[i].bytes, i * 1000003);
  }
  EXPECT_EQ(hash_range(d.path() / "f1", 10, 5).value(), core::sha256_hex("bbbbb"));
}

// A two-layer model: q (quantized FP8) and lm_head (excluded, BF16).
struct Model {
  std::string q_dtype = "F8_E4M3";
  bool q_scales = true;
  char lm_head_byte = 'h';
  std::string config = R"({"model_type": "llama", "quantization_config": {"quant_method": "quark", "exclude": ["lm_head"],
    "global_quant_config": {"weight": {"dtype": "fp8_e4m3"}}, "kv_cache_quant_config": {}}})";
};

void write_model(const test_support::TempDir& d, const std::string& dir, const Model& m) {
  std::vector<T> ts = {{"model.q.weight", m.q_dtype, {4, 4}, bytes(m.q_dtype == "BF16" ? 32 : 16, 'q')}};
  if (m.q_scales) {
    ts.push_back({"model.q.weight_scale", "F32", {}, bytes(4, 's')});
    ts.push_back({"model.q.input_scale", "F32", {}, bytes(4, 'i')});
  }
  ts.push_back({"lm_head.weight", "BF16", {4, 4}, bytes(32, m.lm_head_byte)});
  d.write(dir + "/model.safetensors", safetensors(ts));
  d.write(dir + "/config.json", m.config);
  d.write(dir + "/tokenizer_config.json", "{}");
  d.write(dir + "/tokenizer.json", "{}");
  d.write(dir + "/generation_config.json", "{}");
}

VerifyReport run(const test_support::TempDir& d, const Model& m, bool with_source = true) {
  write_model(d, "out", m);
  Model src;
  src.q_dtype = "BF16";
  src.q_scales = false;
  src.config = R"({"model_type": "llama"})";
  write_model(d, "src", src);
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  o.plan = core::Json{{"global_scheme", "fp8"}, {"exclude_layers", {"lm_head"}}, {"layer_quant_config", core::Json::object()}};
  if (with_source) o.source_dir = d.path() / "src";
  return verify_output(o);
}

std::string failed_checks(const VerifyReport& r) {
  std::string out;
  for (const auto& c : r.checks) {
    if (c.status == CheckStatus::fail) out += c.message_id + " ";
  }
  return out;
}

TEST(VerifyOutput, AGoodExportPasses) {
  test_support::TempDir d;
  auto r = run(d, Model{});
  EXPECT_EQ(r.status(), "success") << failed_checks(r);
  EXPECT_EQ(r.files.size(), 5u);
  EXPECT_EQ(r.metrics["quantized_modules"], 1);
  EXPECT_GT(r.metrics["compression_ratio"].get<double>(), 0.0);  // tiny files: headers dominate
  auto j = r.to_json();
  EXPECT_EQ(j["status"], "success");
  EXPECT_EQ(j["files"][0]["sha256"].get<std::string>().size(), 64u);
}

TEST(VerifyOutput, PlantedDefectsFail) {
  {
    test_support::TempDir d;
    Model m;
    m.lm_head_byte = 'X';  // an excluded layer modified
    auto r = run(d, m);
    EXPECT_EQ(r.status(), "failed");
    EXPECT_NE(failed_checks(r).find("verify.excluded_modified"), std::string::npos);
    // Without the source the change cannot be seen by hash, only by dtype.
    test_support::TempDir d2;
    EXPECT_EQ(run(d2, m, false).status(), "success");
  }
  {
    test_support::TempDir d;
    Model m;
    m.q_dtype = "BF16";  // a layer left unquantized
    m.q_scales = false;
    auto r = run(d, m);
    EXPECT_NE(failed_checks(r).find("verify.layers_unquantized"), std::string::npos);
  }
  {
    test_support::TempDir d;
    Model m;
    m.q_scales = false;
    EXPECT_NE(failed_checks(run(d, m)).find("verify.layers_missing_scales"), std::string::npos);
  }
  {
    test_support::TempDir d;
    Model m;
    m.config = R"({"model_type": "llama"})";
    EXPECT_NE(failed_checks(run(d, m)).find("verify.quant_config_missing"), std::string::npos);
  }
}

TEST(VerifyOutput, PlannedPatternsMatchTheModuleNamesQuarkWrites) {
  // Quark 0.13 lists the module names a pattern matched in quantization_config.exclude
  // (real H200 MoE run: "*.gate" -> "model.layers.0.mlp.gate", ...), not the pattern itself.
  test_support::TempDir d;
  write_model(d, "out", Model{});
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  o.plan = core::Json{{"global_scheme", "fp8"}, {"exclude_layers", {"lm_*"}}, {"layer_quant_config", core::Json::object()}};
  auto r = verify_output(o);
  EXPECT_EQ(r.status(), "success") << failed_checks(r);
  (*o.plan)["exclude_layers"] = {"lm_head", "*.gate"};  // nothing in the export's exclude list matches *.gate
  auto missing = verify_output(o);
  EXPECT_NE(failed_checks(missing).find("verify.exclusions_missing"), std::string::npos);
}

TEST(VerifyOutput, EvaluationFailureAfterExportIsPartialAndEmptyIsFailed) {
  test_support::TempDir d;
  write_model(d, "out", Model{});
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  o.evaluation_expected = true;
  o.evaluation_failure = "ConnectionError: Couldn't reach 'Salesforce/wikitext'";
  EXPECT_EQ(verify_output(o).status(), "partial");
  o.evaluation_failure.clear();
  o.perplexity = 12.5;
  auto ok = verify_output(o);
  EXPECT_EQ(ok.status(), "success");
  EXPECT_DOUBLE_EQ(ok.metrics["perplexity"].get<double>(), 12.5);
  test_support::TempDir empty;
  o.output_dir = empty.path();
  EXPECT_EQ(verify_output(o).status(), "failed");
  o.output_dir = empty.path() / "nope";
  EXPECT_EQ(verify_output(o).status(), "failed");
}

}  // namespace
}  // namespace verify
