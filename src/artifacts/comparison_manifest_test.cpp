#include "artifacts/comparison_manifest.h"

#include <gtest/gtest.h>

#include "core/sha256.h"

namespace {

const std::string kA = "sha256:" + std::string(64, 'a');
const std::string kB = "sha256:" + std::string(64, 'b');
const std::string kC = "sha256:" + std::string(64, 'c');

artifacts::ComparisonManifest two() {
  artifacts::ComparisonManifest m;
  m.tool_version = "test";
  m.created_at = "2026-12-07T00:00:00Z";
  m.analysis_digest = kA;
  m.plan_digest = kB;
  m.output_dir = "/out";
  artifacts::ComparisonEntry fp8{"fp8", kC, "quark-cli --quant_scheme fp8", "/out/fp8", true, {3, 0, 2, 0.2}, std::nullopt};
  artifacts::ComparisonEntry int4{"int4_wo_64",   kA,          "quark-cli --quant_scheme int4_wo_64", "/out/int4_wo_64", true,
                                  {5, 0, 3, 0.1}, std::nullopt};
  m.candidates = {fp8, int4};
  return m;
}

TEST(ComparisonRecord, CandidateNamesAreSchemeNamesNeverPaths) {
  for (const char* ok : {"fp8", "int4_wo_64", "w_mxfp4_a_mxfp4", "ptpc_fp8", "0x"}) EXPECT_TRUE(artifacts::is_candidate_name(ok)) << ok;
  for (const char* bad : {"", "..", ".", "fp8/..", "../x", "FP8", "_x", "a b", "fp8\n", "a-b", "ｆｐ８"}) {
    EXPECT_FALSE(artifacts::is_candidate_name(bad)) << bad;
  }
  EXPECT_FALSE(artifacts::is_candidate_name(std::string(65, 'a')));
}

// Candidates pinned to GPUs of their own run side by side, one lane per GPU: the longest lane
// is the time, every lane's largest host peak at once is the host memory. One candidate without
// a pin (it may use every GPU), or all on one GPU: one lane.
TEST(ComparisonRecord, LanesPerGpuAndTheirTotals) {
  artifacts::ComparisonManifest m = two();
  auto third = m.candidates[0];
  third.name = "ptpc_fp8";
  third.estimate = {4, 0, 2.5, 0.2};
  m.candidates.push_back(third);
  EXPECT_EQ(m.lanes(), (std::vector<std::vector<std::size_t>>{{0, 1, 2}}));
  m.candidates[0].gpu = 0;
  m.candidates[1].gpu = 1;
  m.candidates[2].gpu = 0;
  EXPECT_EQ(m.lanes(), (std::vector<std::vector<std::size_t>>{{0, 2}, {1}}));
  const artifacts::CandidateFigures t = m.total();
  EXPECT_DOUBLE_EQ(t.minutes, 7);            // GPU 0: 3 + 4, GPU 1: 5
  EXPECT_DOUBLE_EQ(t.host_memory_gib, 5.5);  // 2.5 (GPU 0's largest) + 3
  EXPECT_NEAR(t.disk_gib, 0.5, 1e-9);
  m.candidates[1].gpu.reset();
  EXPECT_EQ(m.lanes().size(), 1u);
  m.candidates[1].gpu = 0;
  EXPECT_EQ(m.lanes().size(), 1u);
  EXPECT_DOUBLE_EQ(m.total().minutes, 12);
  // Slurm jobs: each its own lane, each on a node of its own.
  for (auto& c : m.candidates) c.job = true;
  EXPECT_EQ(m.lanes(), (std::vector<std::vector<std::size_t>>{{0}, {1}, {2}}));
  EXPECT_DOUBLE_EQ(m.total().minutes, 5);
  EXPECT_DOUBLE_EQ(m.total().host_memory_gib, 3);
}

TEST(ComparisonRecord, RoundTripsAndTotalsOneAfterAnother) {
  const artifacts::ComparisonManifest m = two();
  auto back = artifacts::ComparisonManifest::from_json(m.to_json());
  ASSERT_TRUE(back) << back.error().id;
  EXPECT_EQ(back->candidates.size(), 2u);
  EXPECT_EQ(back->candidates[1].workdir(), "candidates/int4_wo_64");
  EXPECT_EQ(back->digest, m.recomputed_digest());
  const artifacts::CandidateFigures t = m.total();
  EXPECT_DOUBLE_EQ(t.minutes, 8);          // added up
  EXPECT_NEAR(t.disk_gib, 0.3, 1e-9);      // added up
  EXPECT_DOUBLE_EQ(t.host_memory_gib, 3);  // the largest
  EXPECT_TRUE(m.ready());
}

TEST(ComparisonRecord, TheDigestBindsEveryCandidateCommandAndWhatItWasBuiltFrom) {
  const std::string base = two().recomputed_digest();
  auto changed = [&](auto edit) {
    artifacts::ComparisonManifest m = two();
    edit(m);
    return m.recomputed_digest() != base;
  };
  EXPECT_TRUE(changed([](auto& m) { m.candidates[1].command_digest = kB; }));
  EXPECT_TRUE(changed([](auto& m) { m.candidates[0].name = "ptpc_fp8"; }));
  EXPECT_TRUE(changed([](auto& m) { std::swap(m.candidates[0], m.candidates[1]); }));
  EXPECT_TRUE(changed([](auto& m) { m.candidates.pop_back(); }));
  EXPECT_TRUE(changed([](auto& m) { m.plan_digest = kC; }));
  EXPECT_TRUE(changed([](auto& m) { m.analysis_digest = kC; }));
  // What the person reads beside it is derived from the candidates' manifests, which their own
  // digests bind: not part of this one.
  EXPECT_FALSE(changed([](auto& m) { m.candidates[0].estimate.minutes = 99; }));
}

TEST(ComparisonRecord, RefusesAnEditedOrHostileDocument) {
  auto refused = [](auto edit) {
    core::Json doc = two().to_json();
    edit(doc);
    auto r = artifacts::ComparisonManifest::from_json(doc);
    return !r && r.error().id == "comparison.manifest_invalid";
  };
  EXPECT_TRUE(refused([](core::Json& d) { d["candidates"][0]["command_digest"] = kB; }));  // digest no longer matches
  EXPECT_TRUE(refused([](core::Json& d) { d["digest"] = kA; }));
  EXPECT_TRUE(refused([](core::Json& d) { d["candidates"][0]["name"] = "../../etc"; }));
  EXPECT_TRUE(refused([](core::Json& d) { d["candidates"][0]["workdir"] = "/tmp/elsewhere"; }));
  EXPECT_TRUE(refused([](core::Json& d) { d["candidates"][1] = d["candidates"][0]; }));
  EXPECT_TRUE(refused([](core::Json& d) { d["candidates"] = core::Json::array(); }));
}

}  // namespace
