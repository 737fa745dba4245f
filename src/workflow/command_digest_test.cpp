// Checkpoint 3's digest covers everything the approved run does:
// changing any part of that scope, or what is displayed, invalidates the approval.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <map>

#include "core/model_identity.h"
#include "core/sha256.h"
#include "core/shell_quote.h"
#include "core/yaml_io.h"
#include "support/temp_dir.h"
#include "workflow/command_digest.h"
#include "workflow/launch_checks.h"
#include "workflow/state.h"

namespace workflow {
namespace {

core::Json sample_manifest() {
  core::Json m = {
      {"inputs", {{"model", "/m"}, {"model_identity", {{"kind", "hub"}, {"repo_id", "org/m"}, {"commit", std::string(40, 'a')}}}}},
      {"outputs", {{"output_dir", "/out/q"}}},
      {"environment", {{"verdict", {{"ready", true}, {"problems", core::Json::array()}}}}},
      {"built_from", {{"analysis_digest", "sha256:1"}, {"plan_digest", "sha256:2"}}},
      {"command",
       {{"argv", {"/opt/q/bin/quark-cli", "torch-llm-ptq", "--model_dir", "/m/with space", "--output_dir", "/out/q", "--x"}},
        {"env_changes", {{{"name", "HIP_VISIBLE_DEVICES"}, {"value", "0"}}}}}}};
  auto c = read_recorded_command(m);
  m["command"]["display"] = c->display;
  m["command"]["digest"] = command_digest(*c);
  return m;
}

TEST(CommandDigest, AgreesWithTheRecomputationFromTheManifest) {
  core::Json m = sample_manifest();
  EXPECT_EQ(recompute_command_digest(m), m["command"]["digest"]);
  EXPECT_EQ(command_inconsistency(m), "");
}

TEST(CommandDigest, EveryPartOfTheScopeIsBound) {
  const core::Json base = sample_manifest();
  const std::string approved = base["command"]["digest"];
  auto edited = [&](const char* pointer, core::Json value) {
    core::Json m = base;
    m[core::Json::json_pointer(pointer)] = std::move(value);
    return recompute_command_digest(m);
  };
  EXPECT_NE(edited("/command/argv/6", "--y"), approved);
  EXPECT_NE(edited("/command/env_changes/0/value", "1"), approved);
  EXPECT_NE(edited("/outputs/output_dir", "/elsewhere"), approved);  // item 4
  EXPECT_NE(edited("/outputs/overwrite", true), approved);           // item 11
  EXPECT_NE(edited("/environment/verdict/ready", false), approved);  // item 5
  EXPECT_NE(edited("/environment/verdict/problems", core::Json::array({"x"})), approved);
  EXPECT_NE(edited("/inputs/model_identity/commit", std::string(40, 'b')), approved);  // item 6
  EXPECT_NE(edited("/built_from/plan_digest", "sha256:3"), approved);
  // Fields outside the scope may change (history, run, result are written later).
  EXPECT_EQ(edited("/run", core::Json::object()), approved);
}

// The estimate shown at checkpoint 3 (time, GPU and host memory, disk) is part
// of what is approved: a manifest prepared with scope 2 binds it, and taking the scope back to
// 1 to drop it changes the digest too. A manifest written before scope 2 keeps its digest.
TEST(CommandDigest, TheEstimateShownIsBoundFromScopeTwo) {
  core::Json m = sample_manifest();
  const std::string old_scope = m["command"]["digest"];
  m["estimate"] = {{"gpu_peak_gib", 9.5}, {"minutes", 12}};
  EXPECT_EQ(recompute_command_digest(m), old_scope);  // scope 1: written before the estimate was bound
  m["command"]["scope"] = 2;
  const std::string approved = recompute_command_digest(m);
  EXPECT_NE(approved, old_scope);
  core::Json edited = m;
  edited["estimate"]["minutes"] = 1;
  EXPECT_NE(recompute_command_digest(edited), approved);
  edited = m;
  edited["estimate"]["host"] = {{"available_gib", 3.5}};  // a reading, not a prediction: prepared again, it differs
  EXPECT_EQ(recompute_command_digest(edited), approved);
  edited = m;
  edited.erase("estimate");
  EXPECT_NE(recompute_command_digest(edited), approved);
  edited = m;
  edited["command"].erase("scope");
  EXPECT_NE(recompute_command_digest(edited), approved);
  edited = m;
  edited["command"]["scope"] = 4;  // a scope this build does not know is never read as an older one
  EXPECT_FALSE(read_recorded_command(edited).has_value());
}

// Where the command runs is approved with it. From scope 3 the manifest's `executor`
// is hashed - for a Slurm job its resources, the batch script and the exact sbatch argv - so an
// edited script, an sbatch line with another partition, or a job turned back into a local run
// needs a new approval. A manifest of scope 1 or 2 keeps its digest (it has no executor).
TEST(CommandDigest, TheExecutorIsBoundFromScopeThree) {
  core::Json m = sample_manifest();
  m["command"]["scope"] = 2;
  m["estimate"] = {{"minutes", 12}};
  const std::string scope2 = recompute_command_digest(m);
  m["executor"] = {{"kind", "slurm"},
                   {"script", "#!/bin/bash\n#SBATCH --partition=gpu\nexec '/venv/bin/quark-cli'\n"},
                   {"sbatch_argv", {"/usr/bin/sbatch", "--parsable", "--partition=gpu", "/wd/slurm/job.sbatch"}}};
  EXPECT_EQ(recompute_command_digest(m), scope2);  // scope 2: the executor is not read
  m["command"]["scope"] = 3;
  const std::string approved = recompute_command_digest(m);
  EXPECT_NE(approved, scope2);
  core::Json edited = m;
  edited["executor"]["script"] = "#!/bin/bash\nexec /bin/sh -c id\n";
  EXPECT_NE(recompute_command_digest(edited), approved);
  edited = m;
  edited["executor"]["sbatch_argv"][2] = "--partition=other";
  EXPECT_NE(recompute_command_digest(edited), approved);
  edited = m;
  edited["executor"] = {{"kind", "local"}};
  EXPECT_NE(recompute_command_digest(edited), approved);
  edited = m;
  edited["command"]["scope"] = 2;  // moving back to scope 2 to drop the executor changes the digest too
  EXPECT_NE(recompute_command_digest(edited), approved);
  auto cmd = read_recorded_command(m);
  ASSERT_TRUE(cmd.has_value());
  EXPECT_EQ(cmd->scope, 3);
  EXPECT_EQ(cmd->executor["kind"], "slurm");
}

// Item 1: an edited display beside an unchanged argv is refused, and what is shown is always
// derived from argv, never read back.
TEST(CommandDigest, DisplayIsDerivedAndAnEditedOneIsRefused) {
  core::Json m = sample_manifest();
  m["command"]["display"] = "quark-cli torch-llm-ptq --model_dir /m";
  EXPECT_NE(command_inconsistency(m).find("/command/display"), std::string::npos);
  m = sample_manifest();
  m["command"]["argv"] = {"/bin/sh", "-c", "id", "--output_dir", "/out/q"};
  auto c = read_recorded_command(m);
  c->digest = command_digest(*c);
  m["command"]["digest"] = c->digest;  // argv edited, digest recomputed, old display kept
  EXPECT_EQ(c->display, "HIP_VISIBLE_DEVICES=0 /bin/sh -c id --output_dir /out/q");
  EXPECT_NE(command_inconsistency(m).find("/command/display"), std::string::npos);
}

TEST(CommandDigest, OutputDirMustBeTheOneTheCommandWritesTo) {
  core::Json m = sample_manifest();
  m["command"]["argv"][5] = "/other";
  auto c = read_recorded_command(m);
  m["command"]["display"] = c->display;
  m["command"]["digest"] = command_digest(*c);
  EXPECT_NE(command_inconsistency(m).find("/outputs/output_dir"), std::string::npos);
}

TEST(CommandDigest, ReadsTheRecordedCommand) {
  core::Json manifest = {{"command", {{"argv", {"a", "b"}}, {"display", "x y"}, {"digest", "sha256:x"}}}};
  auto c = read_recorded_command(manifest);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->argv.size(), 2u);
  EXPECT_TRUE(c->env_changes.empty());
  EXPECT_EQ(c->display, "a b");
  EXPECT_EQ(c->recorded_display, "x y");
  EXPECT_FALSE(c->environment_ready());
  EXPECT_FALSE(read_recorded_command(core::Json{{"command", {{"argv", {1, 2}}}}}));
  EXPECT_FALSE(read_recorded_command(core::Json::object()));
}

// Item 6: a local model swapped after the approval is refused just before launch.
TEST(CommandDigest, ALocalModelChangedAfterPrepareIsRefusedBeforeLaunch) {
  test_support::TempDir dir;
  dir.write("m/config.json", "{\"model_type\": \"llama\"}");
  dir.write("m/model.safetensors", std::string("\x02\0\0\0\0\0\0\0{}", 10) + "tensor");
  RecordedCommand cmd;
  cmd.model = artifacts::ModelIdentity::from_json(core::local_model_identity(dir.path() / "m").value()).value();
  EXPECT_TRUE(check_model_unchanged(cmd));
  dir.write("m/config.json", "{\"model_type\": \"evil!\"}");  // same size, other content
  auto r = check_model_unchanged(cmd);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "workflow.model_changed");
  EXPECT_EQ(r.error().code, core::ExitCode::stale);
  EXPECT_EQ(*r.error().arg("change"), "config.json: content changed");
  cmd.model = artifacts::ModelIdentity::from_json(core::local_model_identity(dir.path() / "m").value()).value();
  dir.write("m/extra.py", "import os");
  EXPECT_EQ(*check_model_unchanged(cmd).error().arg("change"), "extra.py: added");
}

// Item 6: tensor bytes rewritten in place keep the size and the header; the modification
// time recorded with them tells. Weights in other formats are never read, only stat'ed.
namespace fs = std::filesystem;

TEST(CommandDigest, TensorBytesRewrittenInPlaceAreRefusedBeforeLaunch) {
  test_support::TempDir dir;
  dir.write("m/config.json", "{}");
  fs::path shard = dir.write("m/model.safetensors", std::string("\x02\0\0\0\0\0\0\0{}", 10) + "tensor");
  fs::path bin = dir.write("m/extra.bin", "weights");
  auto t0 = fs::last_write_time(shard);
  RecordedCommand cmd;
  cmd.model = artifacts::ModelIdentity::from_json(core::local_model_identity(dir.path() / "m").value()).value();
  const core::Json recorded = cmd.model->to_json();  // kept: the loop walks a member of it
  for (const auto& f : recorded["files"]) {
    EXPECT_TRUE(f.contains("mtime_ns")) << f.dump();
    if (f["path"] == "extra.bin") {
      EXPECT_EQ(f["covers"], "size");
    }
  }
  dir.write("m/model.safetensors", std::string("\x02\0\0\0\0\0\0\0{}", 10) + "TENSOR");  // same size, same header
  fs::last_write_time(shard, t0 + std::chrono::seconds(1));
  auto r = check_model_unchanged(cmd);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "workflow.model_changed");
  EXPECT_NE(r.error().arg("change")->find("model.safetensors: modified"), std::string::npos);
}

// Item 6: a Hub model runs from its commit's snapshot; those files are checked like a local model's.
TEST(CommandDigest, AHubSnapshotChangedAfterPrepareIsRefusedBeforeLaunch) {
  test_support::TempDir dir;
  dir.write("snap/config.json", "{}");
  RecordedCommand cmd;
  cmd.model = artifacts::ModelIdentity::from_json({{"kind", "hub"},
                                                   {"repo_id", "org/m"},
                                                   {"commit", std::string(40, 'a')},
                                                   {"snapshot", core::local_model_identity(dir.path() / "snap").value()}})
                  .value();
  EXPECT_TRUE(check_model_unchanged(cmd));
  dir.write("snap/config.json", "{\"x\":1}");
  auto r = check_model_unchanged(cmd);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "workflow.model_changed");
  EXPECT_EQ(*r.error().arg("change"), "config.json: size 2 -> 7");
}

// Item 11: an output directory that filled up after prepare is not run into.
TEST(LaunchChecks, OutputDirThatBecameNonEmptyIsRefused) {
  test_support::TempDir dir;
  RecordedCommand cmd;
  cmd.output_dir = (dir.path() / "out").string();
  EXPECT_TRUE(check_output_dir_still_free(cmd));  // absent
  std::filesystem::create_directories(cmd.output_dir);
  EXPECT_TRUE(check_output_dir_still_free(cmd));  // empty
  dir.write("out/config.json", "{}");
  auto r = check_output_dir_still_free(cmd);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "workflow.output_not_empty");
  cmd.overwrite = true;  // approved with --overwrite
  EXPECT_TRUE(check_output_dir_still_free(cmd));
}

}  // namespace
}  // namespace workflow

namespace workflow {
namespace {

// The digest's input document as the manifest's JSON gave it before the sections were typed
// (read by key, each value as recorded): the reference the typed reading must reproduce.
std::string digest_by_keys(const core::Json& m) {
  auto at = [&](const char* path) {
    const core::Json* v = core::json_at(m, path);
    return v != nullptr ? *v : core::Json(nullptr);
  };
  core::Json doc = {{"argv", m["command"]["argv"]}, {"env_changes", core::Json::array()}};
  for (const auto& e : m["command"].value("env_changes", core::Json::array()))
    doc["env_changes"].push_back({{"name", e["name"]}, {"value", e["value"]}});
  doc["output_dir"] = at("outputs/output_dir");
  doc["overwrite"] = at("outputs/overwrite").is_boolean() && at("outputs/overwrite").get<bool>();
  doc["environment_verdict"] = at("environment/verdict");
  doc["model"] = at("inputs/model_identity");
  doc["built_from"] = at("built_from");
  if (!at("evaluator").is_null()) doc["evaluator"] = at("evaluator");
  const int scope = m["command"].value("scope", 1);
  if (scope >= 2) {
    doc["scope"] = scope;
    core::Json estimate = core::Json::object();
    for (const char* key : kBoundEstimateKeys) {
      if (m["estimate"].contains(key)) estimate[key] = m["estimate"][key];
    }
    doc["estimate"] = estimate;
  }
  if (scope >= 3) doc["executor"] = at("executor");
  return core::json_digest(doc);
}

// Every manifest recorded on real hosts (scopes 1 and 3, and each of those at scope 2): the
// digest computed from its sections read as typed records is the one computed from its keys,
// and the one it recorded wherever that release's digest already bound what today's does
// (those recorded before inputs.model_identity was bound carry an older digest).
TEST(CommandDigest, EveryRecordedFixtureKeepsItsDigest) {
  std::map<int, int> by_scope;
  int recorded_same = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(QPTQ_SOURCE_DIR) / "tests")) {
    const std::string name = entry.path().filename().string();
    if (name.find("run_manifest") == std::string::npos || entry.path().extension() != ".yaml") continue;
    auto doc = core::read_yaml_file(entry.path());
    if (!doc || !doc->is_object() || !doc->contains("command")) continue;
    for (int scope : {0, 1, 2, 3}) {
      core::Json m = *doc;
      if (scope != 0) m["command"]["scope"] = scope;
      auto cmd = read_recorded_command(m);
      ASSERT_TRUE(cmd) << entry.path();
      EXPECT_EQ(command_digest(*cmd), digest_by_keys(m)) << entry.path() << " at scope " << scope;
      if (scope != 0) continue;
      ++by_scope[cmd->scope];
      if (command_digest(*cmd) == cmd->digest) ++recorded_same;
    }
  }
  EXPECT_GT(by_scope[1], 30);
  EXPECT_GT(by_scope[3], 5);
  EXPECT_GT(recorded_same, 40);
}

}  // namespace
}  // namespace workflow
