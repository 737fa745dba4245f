// Safetensors header checks, parallel hashing and the layer checks on small generated models.
// (The planted-defect matrix on a full fake export runs end to end in tests/cli/verify/.)
#include <gtest/gtest.h>

#include <optional>

#include "core/sha256.h"
#include "verify/expectations.h"
#include "verify/tensor_table.h"
#include "verify/verify_output.h"
#include "support/temp_dir.h"

namespace verify {
namespace {

// A plan document as verify gets it: through the plan's one reader.
plan::PlanFile plan_of(const core::Json& doc) {
  auto f = plan::read_plan_file(doc);
  EXPECT_TRUE(f.has_value()) << f.error().id;
  return f.has_value() ? *f : plan::PlanFile{};
}

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

// Links are listed apart and never followed; a directory link is not
// descended into.
TEST(FileHasher, ListsLinksApartWithoutFollowingThem) {
  test_support::TempDir d;
  d.write("out/a", "a");
  d.write("outside/secret", "s");
  std::filesystem::create_symlink("a", d.path() / "out/alias");
  std::filesystem::create_symlink("../outside/secret", d.path() / "out/leak");
  std::filesystem::create_symlink("../outside", d.path() / "out/dir");
  std::filesystem::create_symlink("alias", d.path() / "out/chain");
  std::filesystem::create_symlink("nowhere", d.path() / "out/dangling");
  DirEntries e = list_entries(d.path() / "out");
  EXPECT_EQ(e.files, std::vector<std::string>{"a"});
  std::vector<std::string> got;
  for (const auto& l : e.links) got.push_back(l.path + ">" + l.target + (l.inside ? " in" : " out"));
  EXPECT_EQ(got, (std::vector<std::string>{"alias>a in", "chain>alias in", "dangling>nowhere in", "dir>../outside out",
                                           "leak>../outside/secret out"}));
  // A listed name that became a link since is not hashed through it.
  std::filesystem::remove(d.path() / "out/a");
  std::filesystem::create_symlink("../outside/secret", d.path() / "out/a");
  auto h = hash_files(d.path() / "out", {"a"}, 1);
  EXPECT_TRUE(h[0].sha256.empty());
  EXPECT_FALSE(h[0].error.empty());
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

VerifyReport run(const test_support::TempDir& d, const Model& m, bool with_source = true, const std::string& algorithm = "") {
  write_model(d, "out", m);
  Model src;
  src.q_dtype = "BF16";
  src.q_scales = false;
  src.config = R"({"model_type": "llama"})";
  write_model(d, "src", src);
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  core::Json plan = {{"global_scheme", "fp8"}, {"exclude_layers", {"lm_head"}}, {"layer_quant_config", core::Json::object()}};
  if (!algorithm.empty()) plan["algorithm"] = algorithm;
  o.plan = plan_of(plan);
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

TEST(VerifyOutput, ALinkOutOfTheOutputFailsAndIsNotHashed) {
  test_support::TempDir d;
  d.write("secret", "do not read");
  write_model(d, "out", Model{});
  std::filesystem::create_symlink("../secret", d.path() / "out/notes.txt");
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  VerifyReport r = verify_output(o);
  EXPECT_EQ(r.status(), "failed");
  EXPECT_EQ(failed_checks(r), "verify.links_outside ");
  EXPECT_TRUE(r.files.empty());  // nothing is read once a link leads out
  ASSERT_EQ(r.links.size(), 1u);
  EXPECT_FALSE(r.links[0].inside);
  std::string doc = r.record().to_json().dump();
  EXPECT_EQ(doc.find(core::sha256_hex("do not read")), std::string::npos);
  EXPECT_NE(doc.find("notes.txt -> ../secret"), std::string::npos);
  // A link inside is reported and the export still passes.
  std::filesystem::remove(d.path() / "out/notes.txt");
  std::filesystem::create_symlink("config.json", d.path() / "out/config.alias.json");
  VerifyReport inside = verify_output(o);
  EXPECT_EQ(failed_checks(inside), "");
  EXPECT_EQ(inside.files.size(), 5u);
}

TEST(VerifyOutput, AGoodExportPasses) {
  test_support::TempDir d;
  auto r = run(d, Model{});
  EXPECT_EQ(r.status(), "success") << failed_checks(r);
  EXPECT_EQ(r.files.size(), 5u);
  EXPECT_EQ(r.record().to_json()["metrics"]["quantized_modules"], 1);
  EXPECT_GT(r.record().to_json()["metrics"]["compression_ratio"].get<double>(), 0.0);  // tiny files: headers dominate
  auto j = r.record().to_json();
  EXPECT_EQ(j["status"], "success");
  EXPECT_EQ(j["files"][0]["sha256"].get<std::string>().size(), 64u);
}

std::string all_checks(const VerifyReport& r);

// SmoothQuant (and AWQ, rotation) fold scales into the layers beside the ones they quantize:
// an excluded layer then stays unquantized with its dtype and shape but not its bytes. That
// is no failure when the plan runs such an algorithm (seen with quark-cli 0.12.post1, int8 +
// smoothquant, SmolLM2 excluding *layers.0.mlp*); a quantized excluded layer still fails, and
// without such an algorithm changed bytes still fail.
TEST(VerifyOutput, AnExcludedLayerRescaledByThePlansAlgorithmIsNoFailure) {
  {
    test_support::TempDir d;
    Model m;
    m.lm_head_byte = 'X';
    auto r = run(d, m, true, "smoothquant");
    EXPECT_EQ(r.status(), "success") << failed_checks(r);
    EXPECT_NE(all_checks(r).find("excluded_untouched=ok verify.excluded_rescaled"), std::string::npos) << all_checks(r);
    EXPECT_EQ(r.record().to_json()["metrics"]["excluded_modules"], 1);
  }
  {
    test_support::TempDir d;
    Model m;
    m.lm_head_byte = 'X';
    auto r = run(d, m, true, "gptq");
    EXPECT_NE(failed_checks(r).find("verify.excluded_modified"), std::string::npos) << all_checks(r);
  }
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
  o.plan = plan_of({{"global_scheme", "fp8"}, {"exclude_layers", {"lm_*"}}, {"layer_quant_config", core::Json::object()}});
  auto r = verify_output(o);
  EXPECT_EQ(r.status(), "success") << failed_checks(r);
  // A planned pattern that Quark did not list holds when what it matches is untouched (here:
  // nothing matches *.gate); one whose module was quantized does not.
  o.plan->exclude_layers = {"lm_head", "*.gate"};
  EXPECT_EQ(verify_output(o).status(), "success") << failed_checks(verify_output(o));
  o.plan->exclude_layers = {"lm_head", "model.q"};
  auto quantized = verify_output(o);
  EXPECT_NE(failed_checks(quantized).find("verify.exclusions_not_applied"), std::string::npos) << failed_checks(quantized);
}

// ------------------------------------------------ MoE exports: names and routers

// A tiny MoE source as the checkpoint stores it, and its quark-cli fp8 export as the H200
// runs wrote it: experts renamed/unfused, routers (not nn.Linear) untouched and
// absent from quantization_config.exclude.
struct MoeCase {
  std::string model_type;
  std::vector<T> source;
  std::vector<T> output;
  std::vector<std::string> plan_exclusions;
  bool tied = false;  // config.json: tie_word_embeddings
};

T bf16(const std::string& name, char c) { return {name, "BF16", {4, 4}, bytes(32, c)}; }
void fp8(std::vector<T>& ts, const std::string& module) {
  ts.push_back({module + ".weight", "F8_E4M3", {4, 4}, bytes(16, 'q')});
  ts.push_back({module + ".weight_scale", "F32", {}, bytes(4, 's')});
  ts.push_back({module + ".input_scale", "F32", {}, bytes(4, 'i')});
}

MoeCase mixtral() {
  MoeCase c{"mixtral", {}, {}, {"lm_head", "*.gate"}};
  for (int l = 0; l < 2; ++l) {
    std::string p = "model.layers." + std::to_string(l);
    for (const char* a : {"q_proj", "k_proj", "v_proj", "o_proj"}) {
      c.source.push_back(bf16(p + ".self_attn." + a + ".weight", 'a'));
      fp8(c.output, p + ".self_attn." + a);
    }
    c.source.push_back(bf16(p + ".block_sparse_moe.gate.weight", static_cast<char>('g' + l)));
    c.output.push_back(bf16(p + ".mlp.gate.weight", static_cast<char>('g' + l)));
    for (int e = 0; e < 2; ++e) {
      std::string se = p + ".block_sparse_moe.experts." + std::to_string(e);
      std::string oe = p + ".mlp.experts." + std::to_string(e);
      for (const auto& [w, n] :
           std::vector<std::pair<std::string, std::string>>{{"w1", "gate_proj"}, {"w3", "up_proj"}, {"w2", "down_proj"}}) {
        c.source.push_back(bf16(se + "." + w + ".weight", 'e'));
        fp8(c.output, oe + "." + n);
      }
    }
  }
  c.source.push_back(bf16("lm_head.weight", 'h'));
  c.output.push_back(bf16("lm_head.weight", 'h'));
  return c;
}

MoeCase deepseek_v2() {
  MoeCase c{"deepseek_v2", {}, {}, {"lm_head", "*self_attn*", "*mlp.gate"}};
  for (int l = 0; l < 2; ++l) {
    std::string p = "model.layers." + std::to_string(l);
    for (const char* a : {"q_proj", "kv_a_proj_with_mqa", "kv_b_proj", "o_proj"}) {
      c.source.push_back(bf16(p + ".self_attn." + a + ".weight", 'a'));
      c.output.push_back(bf16(p + ".self_attn." + a + ".weight", 'a'));
    }
    if (l == 0) {
      for (const char* m : {"gate_proj", "up_proj", "down_proj"}) {
        c.source.push_back(bf16(p + ".mlp." + m + ".weight", 'd'));
        fp8(c.output, p + ".mlp." + m);
      }
      continue;
    }
    c.source.push_back(bf16(p + ".mlp.gate.weight", 'g'));
    c.output.push_back(bf16(p + ".mlp.gate.weight", 'g'));
    for (const std::string e : {"experts.0", "experts.1", "shared_experts"}) {
      for (const char* m : {"gate_proj", "up_proj", "down_proj"}) {
        c.source.push_back(bf16(p + ".mlp." + e + "." + m + ".weight", 'e'));
        fp8(c.output, p + ".mlp." + e + "." + m);
      }
    }
  }
  c.source.push_back(bf16("lm_head.weight", 'h'));
  c.output.push_back(bf16("lm_head.weight", 'h'));
  return c;
}

// `names`: the checkpoint names a plan recorded from the model oracle (quant_plan.json
// checkpoint_names), when the case has them.
VerifyReport verify_moe(const test_support::TempDir& d, const MoeCase& c, const std::vector<std::string>& listed,
                        const std::optional<core::Json>& names = std::nullopt) {
  core::Json qc = {{"quant_method", "quark"},
                   {"exclude", listed},
                   {"global_quant_config", {{"weight", {{"dtype", "fp8_e4m3"}}}}},
                   {"kv_cache_quant_config", core::Json::object()}};
  d.write("src/model.safetensors", safetensors(c.source));
  d.write("src/config.json", core::Json{{"model_type", c.model_type}, {"tie_word_embeddings", c.tied}}.dump());
  d.write("out/model.safetensors", safetensors(c.output));
  d.write("out/config.json", core::Json{{"model_type", c.model_type}, {"tie_word_embeddings", c.tied}, {"quantization_config", qc}}.dump());
  for (const char* f : {"tokenizer_config.json", "tokenizer.json", "generation_config.json"}) d.write(std::string("out/") + f, "{}");
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  o.source_dir = d.path() / "src";
  core::Json plan = {{"model", {{"model_type", c.model_type}}},
                     {"global_scheme", "fp8"},
                     {"exclude_layers", c.plan_exclusions},
                     {"layer_quant_config", core::Json::object()}};
  if (names) plan["checkpoint_names"] = *names;
  o.plan = plan_of(plan);
  return verify_output(o);
}

std::string all_checks(const VerifyReport& r) {
  std::string out;
  for (const auto& c : r.checks) out += c.id + "=" + std::string(c.status == CheckStatus::fail ? "FAIL " : "ok ") + c.message_id + "\n";
  return out;
}

TEST(VerifyMoe, MixtralExpertsAreComparedUnderTheirExportNamesAndRoutersNeedNoExcludeEntry) {
  // "100 layer(s) of the source are missing in the output:
  // model.layers.0.block_sparse_moe.experts.0.w1, ..." and "planned exclusions not in
  // quantization_config.exclude: *.gate" on a correct export.
  test_support::TempDir d;
  auto r = verify_moe(d, mixtral(), {"lm_head"});
  EXPECT_EQ(r.status(), "success") << all_checks(r);
  EXPECT_EQ(r.record().to_json()["metrics"]["quantized_modules"], 20);  // 2 layers x (4 attention + 2 experts x 3)
  EXPECT_EQ(r.record().to_json()["metrics"]["excluded_modules"], 3);    // lm_head + 2 routers, byte-identical
}

TEST(VerifyMoe, DeepSeekV2RoutersAreNotLayersThePlanQuantizes) {
  // Verify failed on *mlp.gate (DeepseekV2TopkRouter) and called the routers
  // "left unquantized although the plan quantizes them".
  test_support::TempDir d;
  std::vector<std::string> listed;
  for (int l = 0; l < 2; ++l) {
    for (const char* a : {"q_proj", "kv_a_proj_with_mqa", "kv_b_proj", "o_proj"})
      listed.push_back("model.layers." + std::to_string(l) + ".self_attn." + a);
  }
  listed.push_back("lm_head");
  auto r = verify_moe(d, deepseek_v2(), listed);
  EXPECT_EQ(r.status(), "success") << all_checks(r);
}

// The H200 zoo's OPT (tests/fixtures/quark/0.13/h200-zoo/runs/opt_fp8): its learned position
// embedding (model.decoder.embed_positions, an nn.Embedding) stays BF16 in a correct export and
// is not a layer the plan quantizes.
TEST(VerifyOutput, OptPositionEmbeddingsAreNotLayersThePlanQuantizes) {
  test_support::TempDir d;
  MoeCase c{"opt", {}, {}, {"lm_head"}};
  for (const char* t : {"model.decoder.embed_tokens.weight", "model.decoder.embed_positions.weight", "lm_head.weight"}) {
    c.source.push_back(bf16(t, 'x'));
    c.output.push_back(bf16(t, 'x'));
  }
  for (const char* m : {"q_proj", "k_proj", "v_proj", "out_proj"}) {
    c.source.push_back(bf16(std::string("model.decoder.layers.0.self_attn.") + m + ".weight", 'a'));
    fp8(c.output, std::string("model.decoder.layers.0.self_attn.") + m);
  }
  for (const char* m : {"fc1", "fc2"}) {
    c.source.push_back(bf16(std::string("model.decoder.layers.0.") + m + ".weight", 'f'));
    fp8(c.output, std::string("model.decoder.layers.0.") + m);
  }
  auto r = verify_moe(d, c, {"lm_head"});
  EXPECT_EQ(r.status(), "success") << all_checks(r);
  EXPECT_EQ(r.record().to_json()["metrics"]["quantized_modules"], 6);
}

// SmolLM2-135M (tie_word_embeddings: true): lm_head has no weight of its own, the input
// embedding is its weight. Checkpoint 4 once said "excluded layers 0" beside "the planned
// exclusions are applied: lm_head"; the excluded lm_head is the untouched embedding.
TEST(VerifyOutput, ATiedLmHeadIsCountedAndCheckedThroughTheEmbedding) {
  MoeCase c{"llama", {}, {}, {"lm_head"}, true};
  c.source.push_back(bf16("model.embed_tokens.weight", 'e'));
  for (const char* m : {"q_proj", "k_proj", "v_proj", "o_proj"}) {
    c.source.push_back(bf16(std::string("model.layers.0.self_attn.") + m + ".weight", 'a'));
    fp8(c.output, std::string("model.layers.0.self_attn.") + m);
  }
  {
    test_support::TempDir d;
    MoeCase good = c;
    good.output.push_back(bf16("model.embed_tokens.weight", 'e'));
    auto r = verify_moe(d, good, {"lm_head"});
    EXPECT_EQ(r.status(), "success") << all_checks(r);
    EXPECT_EQ(r.record().to_json()["metrics"]["quantized_modules"], 4);
    EXPECT_EQ(r.record().to_json()["metrics"]["excluded_modules"], 1);
    EXPECT_NE(all_checks(r).find("excluded_untouched=ok verify.excluded_identical"), std::string::npos) << all_checks(r);
  }
  {
    // The shared embedding changed: the excluded lm_head did not hold.
    test_support::TempDir d;
    MoeCase bad = c;
    bad.output.push_back(bf16("model.embed_tokens.weight", 'X'));
    auto r = verify_moe(d, bad, {"lm_head"});
    EXPECT_EQ(r.status(), "failed") << all_checks(r);
    EXPECT_NE(all_checks(r).find("excluded_untouched=FAIL"), std::string::npos) << all_checks(r);
    EXPECT_NE(all_checks(r).find("plan_exclusions=FAIL"), std::string::npos) << all_checks(r);
  }
}

// The H200 zoo's DBRX (tests/fixtures/quark/0.13/h200-zoo/runs/dbrx_int4_wo_128): attention
// lives under `norm_attn_norm`, and the experts are stored fused without a ".weight" suffix
// (`ffn.experts.mlp.w1`, 2-D) and exported as Quark's unfused Linears (`ffn.experts.mlp.0.w1`).
// verify once said "no layer is quantized" of that correct export.
MoeCase dbrx() {
  MoeCase c{"dbrx", {}, {}, {"lm_head", "*router.layer"}};
  for (int l = 0; l < 2; ++l) {
    std::string p = "transformer.blocks." + std::to_string(l);
    for (const char* a : {"Wqkv", "out_proj"}) {
      c.source.push_back(bf16(p + ".norm_attn_norm.attn." + a + ".weight", 'a'));
      fp8(c.output, p + ".norm_attn_norm.attn." + a);
    }
    for (const char* n : {"norm_1", "norm_2"}) {
      T norm{p + ".norm_attn_norm." + n + ".weight", "BF16", {4}, bytes(8, 'n')};
      c.source.push_back(norm);
      c.output.push_back(norm);
    }
    c.source.push_back(bf16(p + ".ffn.router.layer.weight", 'r'));
    c.output.push_back(bf16(p + ".ffn.router.layer.weight", 'r'));
    for (const char* w : {"w1", "v1", "w2"}) {
      c.source.push_back({p + ".ffn.experts.mlp." + w, "BF16", {8, 4}, bytes(64, 'e')});
      for (int e = 0; e < 2; ++e) fp8(c.output, p + ".ffn.experts.mlp." + std::to_string(e) + "." + w);
    }
  }
  c.source.push_back(bf16("lm_head.weight", 'h'));
  c.output.push_back(bf16("lm_head.weight", 'h'));
  return c;
}

TEST(VerifyMoe, DbrxAttentionUnderNormAttnNormAndUnfusedExpertsAreQuantizedLayers) {
  test_support::TempDir d;
  auto r = verify_moe(d, dbrx(), {"lm_head", "transformer.blocks.0.ffn.router.layer", "transformer.blocks.1.ffn.router.layer"});
  EXPECT_EQ(r.status(), "success") << all_checks(r);
  EXPECT_EQ(r.record().to_json()["metrics"]["quantized_modules"], 16);  // 2 layers x (2 attention + 2 experts x 3)
  EXPECT_EQ(r.record().to_json()["metrics"]["excluded_modules"], 3);    // lm_head + 2 routers
}

TEST(VerifyMoe, DbrxPlantedDefectsFail) {
  test_support::TempDir d;
  MoeCase c = dbrx();
  // An unfused expert without its scale, and an attention projection left in BF16.
  std::erase_if(c.output, [](const T& t) { return t.name == "transformer.blocks.1.ffn.experts.mlp.1.w2.weight_scale"; });
  std::erase_if(c.output, [](const T& t) { return t.name.rfind("transformer.blocks.0.norm_attn_norm.attn.Wqkv.", 0) == 0; });
  c.output.push_back(bf16("transformer.blocks.0.norm_attn_norm.attn.Wqkv.weight", 'a'));
  auto r = verify_moe(d, c, {"lm_head"});
  EXPECT_EQ(r.status(), "failed");
  EXPECT_NE(all_checks(r).find("layer_scales=FAIL"), std::string::npos) << all_checks(r);
  EXPECT_NE(all_checks(r).find("unexpected_unquantized=FAIL"), std::string::npos) << all_checks(r);
}

// The names a plan recorded from the model oracle (quant_plan.json checkpoint_names) for a
// model type the shipped knowledge/verify/checkpoint_names.json does not list: MiniMax-M2
// saves and exports like Mixtral.
core::Json minimax_names() {
  return {
      {"source", "oracle"},
      {"renames",
       {{{"match", ".block_sparse_moe."}, {"replace", ".mlp."}},
        {{"match", R"(^model\.layers\.([0-9]+)\.mlp\.experts\.([0-9]+)\.w1$)"}, {"replace", "model.layers.$1.mlp.experts.$2.gate_proj"}},
        {{"match", R"(^model\.layers\.([0-9]+)\.mlp\.experts\.([0-9]+)\.w3$)"}, {"replace", "model.layers.$1.mlp.experts.$2.up_proj"}},
        {{"match", R"(^model\.layers\.([0-9]+)\.mlp\.experts\.([0-9]+)\.w2$)"}, {"replace", "model.layers.$1.mlp.experts.$2.down_proj"}}}},
      {"non_linear_holders", {"model.layers.*.mlp.gate"}}};
}

TEST(VerifyNames, ThePlansRecordedNamesMapAModelTheShippedFileDoesNotList) {
  MoeCase c = mixtral();
  c.model_type = "minimax_m2";
  c.plan_exclusions = {"lm_head"};  // the routers come from the recorded non-Linear holders
  {
    test_support::TempDir d;
    auto r = verify_moe(d, c, {"lm_head"}, minimax_names());
    EXPECT_EQ(r.status(), "success") << all_checks(r);
    EXPECT_EQ(r.record().to_json()["metrics"]["quantized_modules"], 20);
    EXPECT_EQ(r.record().to_json()["metrics"]["excluded_modules"], 3);  // lm_head + 2 routers, byte-identical
  }
  {
    // Without them the shipped file knows nothing of minimax_m2: the experts look missing.
    test_support::TempDir d;
    auto r = verify_moe(d, c, {"lm_head"});
    EXPECT_NE(failed_checks(r).find("verify.layers_missing"), std::string::npos) << all_checks(r);
  }
}

TEST(VerifyNames, RecordedNamesReplaceTheShippedOnes) {
  core::Json plan = {{"model", {{"model_type", "mixtral"}}},
                     {"global_scheme", "fp8"},
                     {"exclude_layers", {"lm_head"}},
                     {"layer_quant_config", core::Json::object()}};
  plan::PlanFile without = plan_of(plan);
  auto shipped = load_expectations(&without);
  ASSERT_TRUE(shipped.has_value());
  EXPECT_EQ(shipped->names_source, "knowledge");
  EXPECT_EQ(shipped->output_name("model.layers.0.block_sparse_moe.experts.3.w2"), "model.layers.0.mlp.experts.3.down_proj");
  plan["checkpoint_names"] = {
      {"source", "oracle"}, {"renames", {{{"match", "^a$"}, {"replace", "b"}}}}, {"non_linear_holders", {"*.router"}}};
  plan::PlanFile with = plan_of(plan);
  auto recorded = load_expectations(&with);
  ASSERT_TRUE(recorded.has_value());
  EXPECT_EQ(recorded->names_source, "plan");
  EXPECT_EQ(recorded->output_name("a"), "b");
  EXPECT_EQ(recorded->output_name("model.layers.0.block_sparse_moe.experts.3.w2"), "model.layers.0.block_sparse_moe.experts.3.w2");
  EXPECT_EQ(recorded->non_linear_holders, std::vector<std::string>{"*.router"});
  plan["checkpoint_names"]["renames"] = {{{"match", "(unclosed"}, {"replace", "x"}}};
  plan::PlanFile uncompiled = plan_of(plan);
  auto broken = load_expectations(&uncompiled);
  ASSERT_FALSE(broken.has_value());
  EXPECT_EQ(broken.error().id, "verify.plan_names_invalid");
}

TEST(VerifyMoe, PlantedDefectsStillFail) {
  {
    // A router changed by the export: a non-Linear holder must come out byte-identical.
    test_support::TempDir d;
    MoeCase c = mixtral();
    for (auto& t : c.output) {
      if (t.name == "model.layers.1.mlp.gate.weight") t.data = bytes(32, 'X');
    }
    auto r = verify_moe(d, c, {"lm_head"});
    EXPECT_NE(failed_checks(r).find("verify.excluded_modified"), std::string::npos) << all_checks(r);
    EXPECT_NE(failed_checks(r).find("verify.exclusions_not_applied"), std::string::npos) << all_checks(r);
  }
  {
    // An expert missing from the export, under its export name.
    test_support::TempDir d;
    MoeCase c = mixtral();
    std::vector<T> kept;
    for (auto& t : c.output) {
      if (t.name.rfind("model.layers.0.mlp.experts.1.down_proj.", 0) != 0) kept.push_back(t);
    }
    c.output = kept;
    auto r = verify_moe(d, c, {"lm_head"});
    EXPECT_NE(failed_checks(r).find("verify.layers_missing"), std::string::npos) << all_checks(r);
    bool named = false;
    for (const auto& ch : r.checks) {
      for (const auto& a : ch.args) named = named || a.value.find("model.layers.0.mlp.experts.1.down_proj") != std::string::npos;
    }
    EXPECT_TRUE(named) << all_checks(r);
  }
  {
    // An expert left in BF16 although the plan quantizes it.
    test_support::TempDir d;
    MoeCase c = deepseek_v2();
    std::vector<T> out;
    for (auto& t : c.output) {
      if (t.name.rfind("model.layers.1.mlp.experts.0.up_proj.", 0) == 0) continue;
      out.push_back(t);
    }
    out.push_back(bf16("model.layers.1.mlp.experts.0.up_proj.weight", 'e'));
    c.output = out;
    auto r = verify_moe(d, c, {"lm_head"});
    EXPECT_NE(failed_checks(r).find("verify.layers_unquantized"), std::string::npos) << all_checks(r);
  }
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
  EXPECT_DOUBLE_EQ(ok.record().to_json()["metrics"]["perplexity"].get<double>(), 12.5);
  test_support::TempDir empty;
  o.output_dir = empty.path();
  EXPECT_EQ(verify_output(o).status(), "failed");
  o.output_dir = empty.path() / "nope";
  EXPECT_EQ(verify_output(o).status(), "failed");
}

}  // namespace
}  // namespace verify
