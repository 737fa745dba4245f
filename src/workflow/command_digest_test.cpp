#include "workflow/command_digest.h"

#include <gtest/gtest.h>

#include "core/sha256.h"

namespace workflow {
namespace {

TEST(CommandDigest, IsJsonDigestOfArgvAndEnvChanges) {
  std::vector<std::string> argv = {"/v/bin/quark-cli", "torch-llm-ptq", "--model_dir", "a b"};
  std::vector<EnvChangeEntry> env = {{"HIP_VISIBLE_DEVICES", "0"}};
  core::Json expected = {{"argv", argv}, {"env_changes", core::Json::array({{{"name", "HIP_VISIBLE_DEVICES"}, {"value", "0"}}})}};
  EXPECT_EQ(command_digest(argv, env), core::json_digest(expected));
  EXPECT_EQ(command_digest(argv, env).rfind("sha256:", 0), 0u);
}

TEST(CommandDigest, ChangesWithAnyArgumentOrEnvironmentChange) {
  std::vector<std::string> argv = {"quark-cli", "torch-llm-ptq"};
  std::string base = command_digest(argv, {});
  EXPECT_NE(base, command_digest({"quark-cli", "torch-llm-ptq", "--skip_evaluation"}, {}));
  EXPECT_NE(base, command_digest(argv, {{"HIP_VISIBLE_DEVICES", "0"}}));
  EXPECT_NE(command_digest(argv, {{"HIP_VISIBLE_DEVICES", "0"}}), command_digest(argv, {{"HIP_VISIBLE_DEVICES", "1"}}));
  // argument order matters
  EXPECT_NE(command_digest({"a", "b"}, {}), command_digest({"b", "a"}, {}));
}

}  // namespace
}  // namespace workflow
