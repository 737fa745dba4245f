#include "artifacts/result.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "artifacts/recorded_sections_test_util.h"

namespace {

// Every result section the fixtures keep (recorded by quark-ptq, at the top and in `history`)
// reads and encodes back to the same bytes.
TEST(ResultSection, EveryRecordedFixtureReadsAndEncodesBack) {
  int same = 0;
  for (const auto& [file, section] : artifacts_test::recorded_sections("result")) {
    auto result = artifacts::read_result(section);
    ASSERT_TRUE(result) << file << ": " << *result.error().arg("problem");
    EXPECT_EQ(core::dump_pretty(result->to_json()), core::dump_pretty(section)) << file;
    ++same;
  }
  EXPECT_GT(same, 40);
}

TEST(ResultSection, AFailedVerificationKeepsItsChecksAndMetrics) {
  artifacts::Result r;
  r.status = "failed";
  r.output_dir = "/out/fp8";
  r.files = {{"model.safetensors", 140, "ab", std::nullopt}, {"broken.safetensors", 0, "", "Permission denied"}};
  r.links = {{"tokenizer.json", "../src/tokenizer.json", false}};
  r.checks = {
      {"files", "fail", "Some files could not be read: broken.safetensors", "verify.files_unreadable", {{"files", "broken.safetensors"}}},
      {"size", "pass", "1 GiB", "verify.size", {{"output_gib", "1"}}}};
  r.metrics = {{"output_bytes", 140}, {"compression_ratio", 1.921}};
  r.hash_seconds = 0.25;
  r.seconds = 1.5;
  r.early_hashed_files = 1;
  const core::Json j = r.to_json();
  EXPECT_EQ(
      core::dump_compact(j),
      R"({"status":"failed","output_dir":"/out/fp8","files":[{"path":"model.safetensors","bytes":140,"sha256":"ab"},)"
      R"({"path":"broken.safetensors","bytes":0,"sha256":"","error":"Permission denied"}],"checks":[{"id":"files","status":"fail",)"
      R"("message":"Some files could not be read: broken.safetensors","message_id":"verify.files_unreadable","args":{"files":)"
      R"("broken.safetensors"}},{"id":"size","status":"pass","message":"1 GiB","message_id":"verify.size","args":{"output_gib":"1"}}],)"
      R"("links":[{"path":"tokenizer.json","target":"../src/tokenizer.json","inside":false}],"metrics":{"output_bytes":140,)"
      R"("compression_ratio":1.921},"hash_seconds":0.25,"seconds":1.5,"early_hashed_files":1})");
  auto back = artifacts::read_result(j);
  ASSERT_TRUE(back);
  EXPECT_EQ(core::dump_compact(back->to_json()), core::dump_compact(j));
  ASSERT_EQ(back->checks_with("fail").size(), 1u);
  EXPECT_EQ(back->checks_with("fail")[0]->args[0].value, "broken.safetensors");
  EXPECT_EQ(back->metric_integer("output_bytes"), 140);
  EXPECT_FALSE(back->metric_integer("compression_ratio"));
  EXPECT_EQ(*back->files[1].error, "Permission denied");
}

TEST(ResultSection, AFieldOfTheWrongTypeIsNamedByItsPath) {
  auto bad = artifacts::read_result(core::Json::parse(R"({"status": "success", "files": [{"path": "a", "bytes": "12"}]})"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().id, "artifacts.field_invalid");
  EXPECT_NE(bad.error().arg("problem")->find("result/files/0/bytes"), std::string::npos) << *bad.error().arg("problem");
  auto args = artifacts::manifest_result(core::Json::parse(R"({"result": {"checks": [{"id": "x", "args": {"count": 3}}]}})"));
  ASSERT_FALSE(args);
  EXPECT_NE(args.error().arg("problem")->find("result/checks/0/args/count"), std::string::npos) << *args.error().arg("problem");
  auto metric = artifacts::read_result(core::Json::parse(R"({"metrics": {"tensors": "many"}})"));
  ASSERT_FALSE(metric);
  EXPECT_NE(metric.error().arg("problem")->find("result/metrics/tensors"), std::string::npos);
  EXPECT_FALSE(artifacts::manifest_result(core::Json::parse(R"({"result": "ok"})")));
  auto none = artifacts::manifest_result(core::Json::parse(R"({"run": {}})"));
  ASSERT_TRUE(none);
  EXPECT_FALSE(*none);
}

}  // namespace
