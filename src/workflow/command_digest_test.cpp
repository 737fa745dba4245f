// prepare computes command.digest with command_digest(); evaluate() and approve_execution()
// recompute it from the manifest. The two must agree on every input.
#include <gtest/gtest.h>

#include "workflow/command_digest.h"
#include "workflow/state.h"

namespace workflow {
namespace {

TEST(CommandDigest, AgreesWithTheRecomputationFromTheManifest) {
  std::vector<std::string> argv = {"/opt/q/bin/quark-cli", "torch-llm-ptq", "--model_dir", "/m/with space", "--exclude_layers", "日本", "--x"};
  std::vector<EnvChangeEntry> env = {{"HIP_VISIBLE_DEVICES", "0"}};
  core::Json manifest = {{"command", {{"argv", argv}, {"env_changes", {{{"name", "HIP_VISIBLE_DEVICES"}, {"value", "0"}}}}}}};
  EXPECT_EQ(command_digest(argv, env), recompute_command_digest(manifest));
  EXPECT_NE(command_digest(argv, {}), command_digest(argv, env));
  argv.back() = "--y";
  EXPECT_NE(command_digest(argv, env), recompute_command_digest(manifest));
}

TEST(CommandDigest, ReadsTheRecordedCommand) {
  core::Json manifest = {{"command", {{"argv", {"a", "b"}}, {"display", "a b"}, {"digest", "sha256:x"}}}};
  auto c = read_recorded_command(manifest);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->argv.size(), 2u);
  EXPECT_TRUE(c->env_changes.empty());
  EXPECT_FALSE(read_recorded_command(core::Json{{"command", {{"argv", {1, 2}}}}}));
  EXPECT_FALSE(read_recorded_command(core::Json::object()));
}

}  // namespace
}  // namespace workflow
