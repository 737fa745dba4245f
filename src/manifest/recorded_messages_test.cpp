#include "manifest/recorded_messages.h"

#include <gtest/gtest.h>

namespace {

TEST(RecordedMessages, OnlyTheChecksThatDidNotPass) {
  auto checks = manifest::unpassed_checks(core::Json::parse(R"({"result": {"checks": [
      {"id": "files", "status": "pass", "message": "ok"},
      {"id": "headers", "status": "fail", "message_id": "verify.headers_bad", "args": {"file": "a.safetensors", "count": "2"},
       "message": "2 bad headers"},
      "not an object",
      {"id": "generation_config", "status": "partial", "message": "no generation_config.json"}]}})"));
  ASSERT_EQ(checks.size(), 2u);
  EXPECT_EQ(checks[0].status, "fail");
  EXPECT_EQ(checks[0].message.id, "verify.headers_bad");
  ASSERT_EQ(checks[0].message.args.size(), 2u);
  EXPECT_EQ(checks[0].message.args[0].name, "file");  // in the recorded order
  EXPECT_EQ(checks[0].message.args[0].value, "a.safetensors");
  EXPECT_EQ(checks[0].message.args[1].name, "count");
  EXPECT_EQ(checks[0].message.args[1].value, "2");
  EXPECT_EQ(checks[0].message.text, "2 bad headers");
  EXPECT_EQ(checks[1].status, "partial");
  EXPECT_EQ(checks[1].message.id, std::nullopt);
  EXPECT_TRUE(checks[1].message.args.empty());
}

TEST(RecordedMessages, OnlyTheBlockingProblems) {
  auto problems = manifest::blocking_problems(core::Json::parse(R"({"environment": {"verdict": {"problems": [
      {"severity": "warning", "message": "slow disk"},
      {"severity": "blocking", "code": "no_gpu", "message_id": "envprobe.no_gpu", "message": "no GPU"},
      {"severity": "blocking", "message": "old torch"}]}}})"));
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].id, "envprobe.no_gpu");
  EXPECT_EQ(problems[0].text, "no GPU");
  EXPECT_EQ(problems[1].id, std::nullopt);
  EXPECT_EQ(problems[1].text, "old torch");
}

TEST(RecordedMessages, NothingRecordedIsNothingToShow) {
  EXPECT_TRUE(manifest::unpassed_checks(core::Json(nullptr)).empty());
  EXPECT_TRUE(manifest::blocking_problems(core::Json::parse(R"({"environment": {"verdict": {"problems": {}}}})")).empty());
}

}  // namespace
