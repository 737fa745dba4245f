#include "evaluate/baseline_cache.h"

#include <gtest/gtest.h>

#include "core/fs.h"
#include "core/sha256.h"
#include "evaluate/run_evaluation.h"
#include "support/temp_dir.h"

namespace {

struct Fixture {
  test_support::TempDir tmp;
  evaluate::Request req;
  evaluate::BaselineCache cache;
  Fixture() {
    EXPECT_TRUE(core::load_crypto());
    tmp.write("src/config.json", R"({"model_type": "llama"})");
    tmp.write("src/model.safetensors", std::string(8, '\0'));
    req.source = tmp.path() / "src";
    req.text = tmp.write("text.jsonl", R"({"text": "held-out prose"})");
    req.python = "/venv/bin/python";
    req.settings.windows = 8;
    req.settings.seq_len = 256;
    req.settings.canary_tokens = 16;
    req.settings.budget_seconds = 900;
    cache.dir = tmp.path() / "cache";
    cache.secret = std::string(32, 's');
  }
};

TEST(BaselineCache, KeepsWhatTheEvaluatorMeasuredAndGivesItBackUnderTheSameKey) {
  Fixture f;
  const std::string key = evaluate::BaselineCache::key_of(f.req);
  ASSERT_EQ(key.size(), 64u);
  const auto measured = f.tmp.write("out.json", R"({"context": {}, "source": {"loaded": true, "window_nll": [3.0, 3.1]}})");
  f.cache.keep(key, measured);
  const auto into = f.tmp.path() / "in.json";
  ASSERT_TRUE(f.cache.fetch(key, into));
  EXPECT_EQ(*core::read_file(into), *core::read_file(measured));
  EXPECT_FALSE(f.cache.fetch(std::string(64, '0'), into));  // another key: a miss
}

TEST(BaselineCache, TheKeyFollowsTheSourceTheTextTheSettingsAndTheInterpreter) {
  Fixture f;
  const std::string key = evaluate::BaselineCache::key_of(f.req);
  evaluate::Request other = f.req;
  other.settings.windows = 40;
  EXPECT_NE(evaluate::BaselineCache::key_of(other), key);
  other = f.req;
  other.settings.canary_tokens = 32;
  EXPECT_NE(evaluate::BaselineCache::key_of(other), key);
  other = f.req;
  other.python = "/other/bin/python";
  EXPECT_NE(evaluate::BaselineCache::key_of(other), key);
  f.tmp.write("text.jsonl", R"({"text": "other prose"})");
  EXPECT_NE(evaluate::BaselineCache::key_of(f.req), key);
  f.tmp.write("text.jsonl", R"({"text": "held-out prose"})");
  EXPECT_EQ(evaluate::BaselineCache::key_of(f.req), key);
  f.tmp.write("src/model.safetensors", std::string(16, '\0'));  // the weights changed size
  EXPECT_NE(evaluate::BaselineCache::key_of(f.req), key);
  other = f.req;
  other.source = f.tmp.path() / "missing";
  EXPECT_EQ(evaluate::BaselineCache::key_of(other), "");  // nothing to key: nothing kept
}

TEST(BaselineCache, AnEntryPlantedOrEditedInTheCacheIsAMiss) {
  Fixture f;
  const std::string key = evaluate::BaselineCache::key_of(f.req);
  f.cache.keep(key, f.tmp.write("out.json", R"({"source": {"window_nll": [3.0, 3.1]}})"));
  const auto entry = f.cache.dir / (key + ".json");
  const auto into = f.tmp.path() / "in.json";
  // Edited: figures that would make any candidate look fine.
  f.tmp.write(std::filesystem::relative(entry, f.tmp.path()).string(), R"({"source": {"window_nll": [9.0, 9.0]}})");
  EXPECT_FALSE(f.cache.fetch(key, into));
  // Planted with a code made under another secret.
  evaluate::BaselineCache other = f.cache;
  other.secret = std::string(32, 'x');
  other.keep(key, f.tmp.write("planted.json", R"({"source": {"window_nll": [9.0, 9.0]}})"));
  EXPECT_FALSE(f.cache.fetch(key, into));
  // Without a secret nothing is read or kept.
  evaluate::BaselineCache none = f.cache;
  none.secret.clear();
  none.keep(key, f.tmp.write("out2.json", "{}"));
  EXPECT_FALSE(none.fetch(key, into));
  EXPECT_FALSE(core::exists(into));
}

}  // namespace
