#include "envprobe/python_env.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <map>

#include "support/temp_dir.h"

namespace envprobe {
namespace {

std::filesystem::path exe(const test_support::TempDir& tmp, const std::string& rel, const std::string& content) {
  auto p = tmp.write(rel, content);
  ::chmod(p.c_str(), 0755);
  return p;
}

EnvGetter vars(std::map<std::string, std::string> m) {
  return [m](const std::string& name) -> std::optional<std::string> {
    auto it = m.find(name);
    if (it == m.end()) return std::nullopt;
    return it->second;
  };
}

TEST(PythonEnv, FlagWinsAndQuarkCliComesFromTheSameBinDir) {
  test_support::TempDir tmp;
  auto py = exe(tmp, "a/bin/python", "#!/bin/sh\n");
  exe(tmp, "a/bin/quark-cli", "#!" + py.string() + "\n");
  exe(tmp, "venv/bin/python", "#!/bin/sh\n");
  auto env = resolve_python_env(py.string(), vars({{"VIRTUAL_ENV", (tmp.path() / "venv").string()}}));
  ASSERT_TRUE(env.has_value());
  EXPECT_EQ(env->python, py.string());
  EXPECT_EQ(env->source, "--python");
  EXPECT_EQ(env->quark_cli, (tmp.path() / "a/bin/quark-cli").string());
  EXPECT_TRUE(env->quark_cli_found);
}

TEST(PythonEnv, VirtualEnvThenConda) {
  test_support::TempDir tmp;
  exe(tmp, "venv/bin/python", "#!/bin/sh\n");
  exe(tmp, "conda/bin/python", "#!/bin/sh\n");
  auto v =
      resolve_python_env("", vars({{"VIRTUAL_ENV", (tmp.path() / "venv").string()}, {"CONDA_PREFIX", (tmp.path() / "conda").string()}}));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->source, "VIRTUAL_ENV");
  EXPECT_FALSE(v->quark_cli_found);
  auto c =
      resolve_python_env("", vars({{"VIRTUAL_ENV", (tmp.path() / "nothing").string()}, {"CONDA_PREFIX", (tmp.path() / "conda").string()}}));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->source, "CONDA_PREFIX");
  EXPECT_EQ(c->python, (tmp.path() / "conda/bin/python").string());
}

TEST(PythonEnv, BadFlagIsBadInput) {
  auto r = resolve_python_env("/nonexistent/python", vars({}));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(r.error().id, "envprobe.python_not_executable");
}

TEST(PythonEnv, ShebangForms) {
  test_support::TempDir tmp;
  auto simple = exe(tmp, "envone/bin/python3.12", "#!/bin/sh\n");
  auto plain = tmp.write("s1", "#!" + simple.string() + "\n# -*- coding: utf-8 -*-\nimport re\n");
  EXPECT_EQ(script_interpreter(plain.string()), simple.string());
  // a shebang cannot hold a space (the kernel splits there), so pip writes a launcher instead
  auto py = exe(tmp, "env one/bin/python3.12", "#!/bin/sh\n");
  // pip's launcher for interpreter paths too long (or with spaces) for a shebang line
  auto launcher = tmp.write("s2", "#!/bin/sh\n'''exec' \"" + py.string() + "\" \"$0\" \"$@\"\n' '''\nimport re\n");
  EXPECT_EQ(script_interpreter(launcher.string()), py.string());
  auto via_env = tmp.write("s3", "#!/usr/bin/env sh\n");
  auto found = script_interpreter(via_env.string());
  ASSERT_TRUE(found.has_value());
  EXPECT_NE(found->find("sh"), std::string::npos);
  EXPECT_EQ(script_interpreter(tmp.write("s4", "no shebang\n").string()), std::nullopt);
}

}  // namespace
}  // namespace envprobe
