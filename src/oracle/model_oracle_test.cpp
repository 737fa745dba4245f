// The typed reading of the oracle's JSON, its cache, and runs through the runner with stand-in
// interpreters (shell scripts that print what the real script would, or misbehave). The real
// script against the real libraries is proven by the zoo suite (tests/zoo).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/sha256.h"
#include "core/atomic_file.h"
#include "core/fs.h"
#include "oracle/model_oracle.h"
#include "oracle/oracle_cache.h"
#include "oracle/run_oracle.h"
#include "support/temp_dir.h"

namespace {

constexpr const char* kReport = R"({
 "probe": "quark-ptq-model-oracle", "format": 1,
 "versions": {"python": "3.11.7", "torch": "2.11.0", "transformers": "5.16.1", "amd-quark": "0.13"},
 "import_seconds": 12.5,
 "models": [
  {"path": "/m/mixtral", "config_sha256": "abc", "status": "ok", "model_type": "mixtral", "text_model_type": null,
   "model_class": "MixtralForCausalLM", "class_rule": "quark build_skeleton_from_config",
   "linear_modules": [
    {"name": "model.layers.0.self_attn.q_proj", "in_features": 4096, "out_features": 4096, "bias": false, "origin": "model", "checkpoint": "model.layers.0.self_attn.q_proj"},
    {"name": "model.layers.0.mlp.experts.0.gate_proj", "in_features": 4096, "out_features": 14336, "bias": false, "origin": "moe_preparation", "checkpoint": "model.layers.0.block_sparse_moe.experts.0.w1"},
    {"name": "lm_head", "in_features": 4096, "out_features": 32000, "bias": false, "origin": "model", "checkpoint": null}],
   "non_linear_modules": [
    {"name": "model.embed_tokens", "class": "Embedding", "kind": "embedding", "parameters": [["weight", [32000, 4096]]]},
    {"name": "model.layers.0.mlp.gate", "class": "MixtralTopKRouter", "kind": "router", "parameters": [["weight", [8, 4096]]]}],
   "moe_preparation": [{"name": "model.layers.0.mlp.experts", "from_class": "MixtralExperts", "to_class": "QuarkExperts",
                        "parameters": [["gate_up_proj", [8, 28672, 4096]], ["down_proj", [8, 4096, 14336]]]}],
   "checkpoint_tensors": [["model.layers.0.block_sparse_moe.experts.0.w1.weight", [14336, 4096], "bfloat16"]],
   "renames": [{"type": "WeightRenaming", "source_patterns": [".block_sparse_moe."], "target_patterns": [".mlp."], "operations": [], "scope_prefix": null},
               {"type": "WeightConverter", "source_patterns": [".experts.*.w2.weight"], "target_patterns": [".experts.down_proj"],
                "operations": [{"op": "MergeModulelist", "dim": 0}], "scope_prefix": null}],
   "tied_weights": {}, "forward": {"status": "inconclusive", "error": "NotImplementedError: nonzero", "function": "QuarkExpertsBase.forward",
   "where": "quark/torch/utils/llm/module_replacement/quark_experts.py:159"}, "build_seconds": 0.05},
  {"path": "/m/x", "status": "refused", "refusal": {"code": "remote_code_required", "detail": "model_type 'x' needs auto_map code"}, "build_seconds": 0}
 ]
})";

TEST(ModelOracle, ReadsEveryPartOfAReport) {
  auto r = oracle::parse_oracle_output(kReport, "report");
  ASSERT_TRUE(r) << r.error().detail;
  EXPECT_EQ(r->versions.transformers, "5.16.1");
  EXPECT_EQ(r->versions.amd_quark, "0.13");
  EXPECT_EQ(r->versions.key(), "torch=2.11.0 transformers=5.16.1 amd-quark=0.13");
  ASSERT_EQ(r->answers.size(), 2u);
  const auto& m = std::get<oracle::ModelOracle>(r->answers[0]);
  EXPECT_EQ(m.model_class, "MixtralForCausalLM");
  ASSERT_EQ(m.linear_modules.size(), 3u);
  EXPECT_FALSE(m.linear_modules[0].from_moe_preparation);
  EXPECT_TRUE(m.linear_modules[1].from_moe_preparation);
  EXPECT_EQ(m.linear_modules[1].checkpoint, "model.layers.0.block_sparse_moe.experts.0.w1");
  EXPECT_EQ(m.linear_modules[2].checkpoint, std::nullopt);
  ASSERT_NE(m.find_linear("lm_head"), nullptr);
  EXPECT_EQ(m.find_linear("model.layers.0.mlp.gate"), nullptr);  // a router is not nn.Linear
  ASSERT_EQ(m.routers().size(), 1u);
  EXPECT_EQ(m.routers()[0]->class_name, "MixtralTopKRouter");
  EXPECT_EQ(m.routers()[0]->parameters[0].shape, (std::vector<std::int64_t>{8, 4096}));
  ASSERT_EQ(m.moe_preparation.size(), 1u);
  EXPECT_EQ(m.moe_preparation[0].parameters[0].name, "gate_up_proj");
  ASSERT_EQ(m.checkpoint_tensors.size(), 1u);
  EXPECT_EQ(m.checkpoint_tensors[0].dtype, "bfloat16");
  ASSERT_EQ(m.renames.size(), 2u);
  EXPECT_EQ(m.renames[1].operations, (std::vector<std::string>{"MergeModulelist(dim=0)"}));
  ASSERT_TRUE(m.forward);
  EXPECT_EQ(m.forward->status, oracle::ForwardCheck::Status::inconclusive);
  EXPECT_EQ(m.forward->function, "QuarkExpertsBase.forward");
  const auto& refusal = std::get<oracle::OracleRefusal>(r->answers[1]);
  EXPECT_EQ(refusal.code, "remote_code_required");
}

TEST(ModelOracle, AForwardCheckSurvivesTheCacheAndAnUnknownStatusIsRejected) {
  auto r = oracle::parse_oracle_output(kReport, "report");
  ASSERT_TRUE(r);
  auto m = std::get<oracle::ModelOracle>(r->answers[0]);
  m.forward = oracle::ForwardCheck{oracle::ForwardCheck::Status::failed, "ValueError: clamp called but both min and max are none!",
                                   "DbrxAttention.forward", "transformers/models/dbrx/modeling_dbrx.py:216"};
  auto back = oracle::parse_oracle_model(oracle::answer_to_json(m, r->versions), "cache");
  ASSERT_TRUE(back) << back.error().detail;
  EXPECT_EQ(std::get<oracle::ModelOracle>(*back), m);
  std::string text = kReport;
  text.replace(text.find("\"inconclusive\""), 14, "\"maybe\"");
  EXPECT_FALSE(oracle::parse_oracle_output(text, "report"));
}

TEST(ModelOracle, RejectsWhatIsNotItsDocument) {
  for (const char* bad :
       {"[]", "{\"probe\": \"quark-ptq-env\", \"format\": 1, \"models\": []}",
        "{\"probe\": \"quark-ptq-model-oracle\", \"format\": 2, \"models\": []}", "{\"probe\": \"quark-ptq-model-oracle\", \"format\": 1}",
        "{\"probe\": \"quark-ptq-model-oracle\", \"format\": 1, \"models\": [{\"status\": \"ok\"}]}",
        "{\"probe\": \"quark-ptq-model-oracle\", \"format\": 1, \"models\": [{\"status\": \"refused\"}]}",
        "{\"probe\": \"quark-ptq-model-oracle\", \"format\": 1, \"models\": [{\"status\": \"maybe\"}]}", "not json"}) {
    auto r = oracle::parse_oracle_output(bad, "out");
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().id, "oracle.output_invalid") << bad;
    EXPECT_EQ(*r.error().arg("source"), "out");
  }
}

TEST(ModelOracle, CacheRoundTripIsKeyedByDigestAndVersions) {
  test_support::TempDir dir;
  auto r = oracle::parse_oracle_output(kReport, "report");
  ASSERT_TRUE(r);
  oracle::OracleCache cache(dir.path() / "cache", "this user's secret");
  ASSERT_TRUE(cache.store("abc", r->versions, r->answers[0]));
  auto hit = cache.find("abc", r->versions);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(std::get<oracle::ModelOracle>(*hit), std::get<oracle::ModelOracle>(r->answers[0]));
  auto newer = r->versions;
  newer.transformers = "5.17.0";
  EXPECT_FALSE(cache.find("abc", newer).has_value());
  EXPECT_FALSE(cache.find("abd", r->versions).has_value());
  // A cached answer for another digest under this file name (a copied file) is a miss.
  std::filesystem::copy_file(cache.path_for("abc", r->versions), cache.path_for("abd", r->versions));
  EXPECT_FALSE(cache.find("abd", r->versions).has_value());
  // A broken file is a miss, not an error.
  dir.write("cache/" + cache.path_for("abc", r->versions).filename().string(), "{");
  EXPECT_FALSE(cache.find("abc", r->versions).has_value());
  ASSERT_TRUE(cache.store("x", r->versions, r->answers[1]));
  EXPECT_EQ(std::get<oracle::OracleRefusal>(*cache.find("x", r->versions)).code, "remote_code_required");
}

// An answer edited or planted in the cache directory (another module list, the file's own
// code left beside it, or a code under another secret) is a miss; without a secret nothing is
// kept.
TEST(ModelOracle, AnEditedOrPlantedCacheEntryIsAMiss) {
  test_support::TempDir dir;
  auto r = oracle::parse_oracle_output(kReport, "report");
  ASSERT_TRUE(r);
  oracle::OracleCache cache(dir.path() / "cache", "this user's secret");
  ASSERT_TRUE(cache.store("abc", r->versions, r->answers[0]));
  ASSERT_TRUE(cache.find("abc", r->versions).has_value());
  const auto path = cache.path_for("abc", r->versions);
  auto text = core::read_file(path);
  ASSERT_TRUE(text.has_value());
  std::string edited = *text;
  auto at = edited.find_first_of("0123456789", edited.find("\"in_features\""));
  ASSERT_NE(at, std::string::npos) << edited;
  edited.insert(at, "1");
  ASSERT_TRUE(core::write_file_atomic(path, edited));
  EXPECT_FALSE(cache.find("abc", r->versions).has_value());
  oracle::OracleCache theirs(dir.path() / "cache", "someone else's secret");
  ASSERT_TRUE(theirs.store("abc", r->versions, r->answers[0]));
  EXPECT_FALSE(cache.find("abc", r->versions).has_value());
  oracle::OracleCache none(dir.path() / "none", "");
  ASSERT_TRUE(none.store("abc", r->versions, r->answers[0]));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "none"));
  EXPECT_FALSE(none.find("abc", r->versions).has_value());
}

TEST(ModelOracle, ScriptIsEmbedded) {
  auto s = oracle::oracle_script();
  EXPECT_NE(s.find("quark-ptq-model-oracle"), std::string_view::npos);
  EXPECT_NE(s.find("preprocess_for_quantization"), std::string_view::npos);
  EXPECT_NE(s.find("trust_remote_code=False"), std::string_view::npos);
}

// A stand-in interpreter: a shell script run instead of python.
std::string fake_python(const test_support::TempDir& dir, const std::string& body) {
  auto p = dir.write("python", "#!/bin/sh\n" + body + "\n");
  std::filesystem::permissions(p, std::filesystem::perms::owner_all);
  return p.string();
}

TEST(RunOracle, PassesTheScriptAndConfigsAndParsesTheAnswer) {
  test_support::TempDir dir;
  dir.write("report.json", kReport);
  auto cfg = dir.write("m/config.json", "{\"model_type\": \"mixtral\"}");
  // $1 is -c, $2 the script, $3 --compact, then the configs: echo them to a file to check.
  std::string py =
      fake_python(dir, "printf '%s\\n' \"$1\" \"$3\" \"$4\" \"$5\" > " + (dir.path() / "argv").string() + "; echo \"$HF_HUB_OFFLINE\" >> " +
                           (dir.path() / "argv").string() + "; cat " + (dir.path() / "report.json").string());
  auto r = oracle::run_oracle(py, {dir.path() / "m", cfg}, 30);
  ASSERT_TRUE(r) << r.error().id << " " << r.error().detail;
  EXPECT_EQ(r->answers.size(), 2u);
  std::ifstream in(dir.path() / "argv");
  std::string a1, a3, a4, a5, offline;
  std::getline(in, a1);
  std::getline(in, a3);
  std::getline(in, a4);
  std::getline(in, a5);
  std::getline(in, offline);
  EXPECT_EQ(a1, "-c");
  EXPECT_EQ(a3, "--compact");
  EXPECT_EQ(a4, (dir.path() / "m").string());
  EXPECT_EQ(a5, cfg.string());
  EXPECT_EQ(offline, "1");
}

TEST(RunOracle, FailuresAreValues) {
  test_support::TempDir dir;
  auto cfg = dir.write("config.json", "{}");
  auto missing = oracle::run_oracle((dir.path() / "no-python").string(), {cfg}, 10);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().id, "oracle.not_started");

  auto crash =
      oracle::run_oracle(fake_python(dir, "echo 'Traceback' >&2; echo 'ImportError: no module named quark' >&2; exit 1"), {cfg}, 10);
  ASSERT_FALSE(crash);
  EXPECT_EQ(crash.error().id, "oracle.failed");
  EXPECT_EQ(crash.error().detail, "ImportError: no module named quark");
  EXPECT_EQ(*crash.error().arg("status"), "exit 1");
}

TEST(RunOracle, Garbage) {
  test_support::TempDir dir;
  auto cfg = dir.write("config.json", "{}");
  auto garbage = oracle::run_oracle(fake_python(dir, "echo hello"), {cfg}, 10);
  ASSERT_FALSE(garbage);
  EXPECT_EQ(garbage.error().id, "oracle.output_invalid");
  // The right document for the wrong number of configs.
  dir.write("report.json", kReport);
  auto short_answer = oracle::run_oracle(fake_python(dir, "cat " + (dir.path() / "report.json").string()), {cfg}, 10);
  ASSERT_FALSE(short_answer);
  EXPECT_EQ(short_answer.error().id, "oracle.output_invalid");
}

TEST(RunOracle, TimesOut) {
  test_support::TempDir dir;
  auto cfg = dir.write("config.json", "{}");
  auto slow = oracle::run_oracle(fake_python(dir, "sleep 30"), {cfg}, 0.5);
  ASSERT_FALSE(slow);
  EXPECT_EQ(slow.error().id, "oracle.timed_out");
}

TEST(ModelOracleRequest, RunsOnceThenAnswersFromTheCache) {
  test_support::TempDir dir;
  dir.write("report.json", std::string(kReport).replace(std::string(kReport).find("\"abc\""), 5, "\"@\""));
  auto cfg = dir.write("m/config.json", "{\"model_type\": \"mixtral\"}\n");
  std::string digest = core::sha256_hex("{\"model_type\": \"mixtral\"}\n");
  // The stand-in answers for both configs it was given; the request passes one, so print one model.
  std::string one =
      R"({"probe": "quark-ptq-model-oracle", "format": 1, "versions": {"python": "3.11.7", "torch": "2.11.0", "transformers": "5.16.1", "amd-quark": "0.13"}, "models": [{"status": "ok", "config_sha256": ")" +
      digest + R"(", "model_type": "mixtral", "linear_modules": [], "checkpoint_tensors": []}]})";
  dir.write("one.json", one);
  std::string count = (dir.path() / "runs").string();
  std::string py = fake_python(dir, "echo run >> " + count + "; cat " + (dir.path() / "one.json").string());
  oracle::OracleRequest req;
  req.python = py;
  req.config = dir.path() / "m";
  req.cache_dir = dir.path() / "cache";
  req.cache_secret = "this user's secret";
  auto first = oracle::model_oracle(req);
  ASSERT_TRUE(first) << first.error().id << " " << first.error().detail;
  EXPECT_FALSE(first->from_cache);
  req.expected = first->versions;
  auto second = oracle::model_oracle(req);
  ASSERT_TRUE(second);
  EXPECT_TRUE(second->from_cache);
  EXPECT_EQ(std::get<oracle::ModelOracle>(second->answer).config_sha256, digest);
  std::ifstream in(count);
  std::string line;
  int runs = 0;
  while (std::getline(in, line)) ++runs;
  EXPECT_EQ(runs, 1);
}

}  // namespace
