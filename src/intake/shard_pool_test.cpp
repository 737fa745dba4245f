// Headers read on several threads must give exactly what one thread gives: the same
// artifact, byte for byte, and the same error (the first failing shard in shard order).
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "core/messages.h"
#include "intake/analysis.h"
#include "intake/shard_pool.h"
#include "intake/safetensors_index.h"
#include "support/safetensors_writer.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;

constexpr int kShards = 24;

// DeepSeek-V2-Lite's published config and tensors (MoE, MLA), split over kShards shards.
std::vector<test_support::TensorSpec> write_model(const test_support::TempDir& tmp) {
  fs::path dir = test_support::source_path("tests/fixtures/models/deepseek-v2-lite");
  fs::copy_file(dir / "config.json", tmp.path() / "config.json");
  tmp.write("tokenizer.json", "{}");
  nlohmann::json spec = nlohmann::json::parse(std::ifstream(dir / "tensors.json"));
  auto tensors = test_support::expand_spec(spec);
  test_support::write_checkpoint(tmp.path(), tensors, kShards);
  return tensors;
}

// The shards in the order intake reads them (first seen in the index, which is not the
// order of their file names).
std::vector<std::string> shard_order(const test_support::TempDir& tmp) {
  std::ifstream f(tmp.path() / "model.safetensors.index.json");
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  auto index = intake::parse_index(text, "index");
  EXPECT_TRUE(index);
  return index ? index->shards : std::vector<std::string>{};
}

std::string shard_path(const test_support::TempDir& tmp, const std::string& name) { return (tmp.path() / name).string(); }

core::Result<core::Json> analyze(const test_support::TempDir& tmp, unsigned threads) {
  intake::LocalModelFiles files(tmp.path());
  intake::SourceInfo src;
  src.kind = "local";
  src.input = src.model_path = tmp.path().string();
  return intake::analyze_files(files, src, threads);
}

// Replaces a shard's JSON header with text that is not JSON (same length prefix rules).
void break_json(const std::string& path) {
  std::string text = "{\"a\": [1, 2,";
  std::string prefix(8, '\0');
  prefix[0] = static_cast<char>(text.size());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << prefix << text;
}

TEST(ShardPool, ThreadCountFollowsShardsAndCores) {
  EXPECT_EQ(intake::header_threads_for(0), 1u);
  EXPECT_EQ(intake::header_threads_for(1), 1u);
  EXPECT_EQ(intake::header_threads_for(15), 1u);  // small checkpoints stay on one thread
  EXPECT_GE(intake::header_threads_for(163), 1u);
  EXPECT_LE(intake::header_threads_for(163), 8u);
  EXPECT_LE(intake::header_threads_for(10'000), 8u);
}

TEST(ShardPool, ThreadsStartedButNeverUsedStopCleanly) {
  // analyze starts the threads before it knows the shards and may fail before reading any.
  { intake::ShardPool unused(4); }
  intake::ShardPool stopped(4);
  stopped.stop();
  intake::ShardPool finished(4);
  finished.finish();
  EXPECT_FALSE(finished.ran(0));
}

TEST(ShardPool, EveryShardRunsOnceOnSomeThread) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    constexpr std::size_t kCount = 200;
    std::vector<int> runs(kCount, 0);
    std::mutex mu;
    std::set<unsigned> workers;
    intake::ShardPool pool(threads);
    pool.start(kCount, [&](unsigned worker, std::size_t shard) {
      std::lock_guard<std::mutex> lock(mu);
      ++runs[shard];
      workers.insert(worker);
      return true;
    });
    pool.finish();
    for (std::size_t k = 0; k < kCount; ++k) {
      EXPECT_EQ(runs[k], 1) << threads << " threads, shard " << k;
      EXPECT_TRUE(pool.ran(k));
    }
    EXPECT_LE(*workers.rbegin(), threads - 1);
  }
}

TEST(ShardPool, EverythingBeforeAFailureRuns) {
  for (unsigned threads : {1u, 2u, 4u}) {
    for (int round = 0; round < 20; ++round) {
      constexpr std::size_t kCount = 64;
      constexpr std::size_t kBad = 9;
      std::vector<std::atomic<int>> runs(kCount);
      intake::ShardPool pool(threads);
      pool.start(kCount, [&](unsigned, std::size_t shard) {
        ++runs[shard];
        return shard != kBad;
      });
      pool.finish();
      for (std::size_t k = 0; k <= kBad; ++k) EXPECT_TRUE(pool.ran(k)) << k;
      for (std::size_t k = 0; k < kCount; ++k) EXPECT_LE(runs[k].load(), 1) << k;
      // One thread: nothing after the failure (more threads may have started a few).
      if (threads == 1) {
        EXPECT_FALSE(pool.ran(kBad + 1));
      }
    }
  }
}

TEST(ShardPool, OneThreadRunsEverythingOnTheCallerInFinish) {
  std::thread::id caller = std::this_thread::get_id();
  std::vector<std::size_t> order;
  intake::ShardPool pool(1);
  pool.start(5, [&](unsigned worker, std::size_t shard) {
    EXPECT_EQ(worker, 0u);
    EXPECT_TRUE(std::this_thread::get_id() == caller);
    order.push_back(shard);
    return true;
  });
  EXPECT_TRUE(order.empty());
  pool.finish();
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(ShardHeaders, SameArtifactOnAnyThreadCount) {
  test_support::TempDir tmp;
  write_model(tmp);
  auto one = analyze(tmp, 1);
  ASSERT_TRUE(one) << one.error().id << " " << one.error().detail;
  EXPECT_GT((*one)["quantization_targets"]["linear_layer_count"].get<int>(), 1000);
  std::string expected = one->dump();
  for (unsigned threads : {2u, 3u, 4u, 8u, 0u}) {
    auto many = analyze(tmp, threads);
    ASSERT_TRUE(many) << threads << ": " << many.error().id;
    EXPECT_EQ(many->dump(), expected) << threads << " threads";
  }
}

TEST(ShardHeaders, FirstFailingShardInOrderIsReported) {
  test_support::TempDir tmp;
  write_model(tmp);
  auto order = shard_order(tmp);
  ASSERT_EQ(order.size(), static_cast<std::size_t>(kShards));
  break_json(shard_path(tmp, order[6]));
  // A later shard that fails faster (its length prefix alone is refused).
  std::ofstream(shard_path(tmp, order[19]), std::ios::binary | std::ios::trunc) << std::string(4, '\0');
  auto one = analyze(tmp, 1);
  ASSERT_FALSE(one);
  EXPECT_EQ(one.error().id, "intake.header_json");
  EXPECT_NE(core::render_error(core::Lang::en, one.error()).find(shard_path(tmp, order[6])), std::string::npos);
  for (int round = 0; round < 10; ++round) {
    for (unsigned threads : {2u, 4u, 8u}) {
      auto many = analyze(tmp, threads);
      ASSERT_FALSE(many);
      EXPECT_EQ(many.error().id, one.error().id) << threads << " threads";
      EXPECT_EQ(core::render_error(core::Lang::en, many.error()), core::render_error(core::Lang::en, one.error())) << threads << " threads";
    }
  }
}

TEST(ShardHeaders, IndexMismatchBeforeALaterBrokenShardIsReported) {
  test_support::TempDir tmp;
  auto tensors = write_model(tmp);
  auto order = shard_order(tmp);
  ASSERT_EQ(order.size(), static_cast<std::size_t>(kShards));
  // The 5th shard read loses its last tensor (the index still names it there); the 20th is
  // broken.
  int number = std::stoi(order[4].substr(std::string("model-").size(), 5));
  std::size_t per = (tensors.size() + kShards - 1) / kShards;
  std::vector<test_support::TensorSpec> part(tensors.begin() + static_cast<std::ptrdiff_t>((number - 1) * per),
                                             tensors.begin() + static_cast<std::ptrdiff_t>(number * per - 1));
  test_support::write_shard(shard_path(tmp, order[4]), part);
  break_json(shard_path(tmp, order[19]));
  for (unsigned threads : {1u, 2u, 4u}) {
    auto a = analyze(tmp, threads);
    ASSERT_FALSE(a);
    EXPECT_EQ(a.error().id, "intake.index_mismatch") << threads << " threads";
    EXPECT_NE(core::render_error(core::Lang::en, a.error()).find(order[4]), std::string::npos) << threads << " threads";
  }
}

TEST(ShardHeaders, ShardFilesTheIndexDoesNotNameAreReadButNotCounted) {
  // The workers start on every *.safetensors the listing shows, before the index says which
  // shards count: a stray broken file must change nothing.
  test_support::TempDir tmp;
  write_model(tmp);
  auto clean = analyze(tmp, 1);
  ASSERT_TRUE(clean);
  break_json(shard_path(tmp, "adapter.safetensors"));
  break_json(shard_path(tmp, "a-first.safetensors"));  // sorts before every real shard
  for (unsigned threads : {1u, 2u, 4u}) {
    auto a = analyze(tmp, threads);
    ASSERT_TRUE(a) << threads << " threads: " << a.error().id;
    EXPECT_EQ((*a)["inventory"], (*clean)["inventory"]) << threads << " threads";
    EXPECT_EQ((*a)["quantization_targets"], (*clean)["quantization_targets"]) << threads << " threads";
  }
}

}  // namespace
