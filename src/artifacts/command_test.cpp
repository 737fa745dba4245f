// run_manifest.yaml's `command` section: what prepare writes reads back to the same document,
// and a damaged field is one error naming it.
#include "artifacts/command.h"

#include <gtest/gtest.h>

namespace {

TEST(Command, WhatIsWrittenReadsBackToTheSameDocument) {
  const core::Json written = core::Json::parse(R"({"python": "/venv/bin/python", "quark_cli": "/venv/bin/quark-cli",
    "argv": ["/venv/bin/quark-cli", "--model_dir", "/models/smol", "--output_dir", "/out/fp8"],
    "env_changes": [{"name": "CUDA_VISIBLE_DEVICES", "value": "1"}], "display": "CUDA_VISIBLE_DEVICES=1 quark-cli ...",
    "scope": 3, "digest": "sha256:00"})");
  auto c = artifacts::Command::from_json(written);
  ASSERT_TRUE(c) << c.error().id;
  EXPECT_EQ(c->argv.size(), 5u);
  EXPECT_EQ(c->env_changes[0].value, "1");
  EXPECT_EQ(c->scope, 3);
  EXPECT_EQ(core::dump_compact(c->to_json()), core::dump_compact(written));

  // Written before the scope and the interpreter were recorded.
  const core::Json older = core::Json::parse(R"({"python": null, "argv": ["quark-cli"], "env_changes": [], "digest": ""})");
  auto o = artifacts::Command::from_json(older);
  ASSERT_TRUE(o);
  EXPECT_FALSE(o->scope);
  EXPECT_FALSE(o->python);
  EXPECT_EQ(o->to_json(), older);
}

TEST(Command, ADamagedFieldIsNamed) {
  auto problem = [](const core::Json& section) {
    auto c = artifacts::Command::from_json(section);
    EXPECT_FALSE(c);
    return c ? std::string() : *c.error().arg("problem");
  };
  EXPECT_EQ(problem({{"argv", {"quark-cli", 3}}}), "command/argv/1 is not a string");
  EXPECT_EQ(problem({{"argv", {"quark-cli"}}, {"env_changes", {{{"name", "X"}}}}}), "command/env_changes/0/value is missing");
  EXPECT_EQ(problem({{"argv", {"quark-cli"}}, {"scope", "3"}}), "command/scope is not a whole number");
  auto none = artifacts::manifest_command(core::Json{{"workflow", "w"}});
  ASSERT_TRUE(none);
  EXPECT_FALSE(*none);
  EXPECT_FALSE(artifacts::manifest_command(core::Json{{"command", "quark-cli"}}));
}

}  // namespace
