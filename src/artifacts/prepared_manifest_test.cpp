// The prepare-side sections of run_manifest.yaml: every recorded fixture reads and encodes
// back byte for byte, a field of the wrong type is one error naming it, and the document's
// writer keeps the order prepare has always written.
#include "artifacts/prepared_manifest.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/yaml_io.h"

namespace {

std::vector<std::filesystem::path> manifest_fixtures() {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(QPTQ_SOURCE_DIR) / "tests")) {
    const std::string name = entry.path().filename().string();
    if (name.find("run_manifest") != std::string::npos && entry.path().extension() == ".yaml") out.push_back(entry.path());
  }
  return out;
}

// Recorded by quark-ptq on real hosts, by several releases: each section encodes back to the
// bytes it was read from.
TEST(PreparedSections, EveryRecordedFixtureEncodesBackByteForByte) {
  int read = 0;
  for (const auto& path : manifest_fixtures()) {
    auto doc = core::read_yaml_file(path);
    if (!doc || !doc->is_object() || !doc->contains("inputs")) continue;
    auto s = artifacts::PreparedSections::from_json(*doc);
    ASSERT_TRUE(s) << path << ": " << *s.error().arg("problem");
    ASSERT_TRUE(s->inputs && s->outputs && s->built_from && s->environment && s->estimate) << path;
    EXPECT_EQ(core::dump_pretty(s->inputs->to_json()), core::dump_pretty((*doc)["inputs"])) << path;
    EXPECT_EQ(core::dump_pretty(s->outputs->to_json()), core::dump_pretty((*doc)["outputs"])) << path;
    EXPECT_EQ(core::dump_pretty(s->built_from->to_json()), core::dump_pretty((*doc)["built_from"])) << path;
    EXPECT_EQ(core::dump_pretty(s->environment->to_json()), core::dump_pretty((*doc)["environment"])) << path;
    EXPECT_EQ(core::dump_pretty(s->estimate->to_json()), core::dump_pretty((*doc)["estimate"])) << path;
    if (s->inputs->model_identity) {
      auto again = artifacts::ModelIdentity::from_json((*doc)["inputs"]["model_identity"]);
      ASSERT_TRUE(again) << path;
      EXPECT_EQ(artifacts::identity_difference(*s->inputs->model_identity, *again), "") << path;
    }
    ++read;
  }
  EXPECT_GT(read, 50);
}

TEST(PreparedSections, AFieldOfTheWrongTypeIsNamedByItsPath) {
  auto wrong = [](const char* pointer, core::Json value) -> std::string {
    core::Json m = core::Json::parse(R"({
      "inputs": {"model": "/m", "model_identity": {"kind": "local", "path": "/m", "files": [{"path": "a", "size": 1}]}},
      "outputs": {"output_dir": "/o"},
      "environment": {"verdict": {"ready": true, "problems": [{"code": "x"}]}},
      "estimate": {"minutes": 1.0, "gpu": {"fits": true}}})");
    m[core::Json::json_pointer(pointer)] = std::move(value);
    auto s = artifacts::PreparedSections::from_json(m);
    EXPECT_FALSE(s);
    if (s) return std::string();
    EXPECT_EQ(s.error().id, "artifacts.field_invalid");
    return *s.error().arg("problem");
  };
  EXPECT_EQ(wrong("/outputs/output_dir", 3), "outputs/output_dir is not a string");
  EXPECT_EQ(wrong("/outputs/overwrite", "yes"), "outputs/overwrite is not true or false");
  EXPECT_EQ(wrong("/inputs/model_identity/files/0/size", "1"), "inputs/model_identity/files/0/size is not a whole number");
  EXPECT_EQ(wrong("/environment/verdict/ready", "true"), "environment/verdict/ready is not true or false");
  EXPECT_EQ(wrong("/environment/verdict/problems/0/code", 1), "environment/verdict/problems/0/code is not a string");
  EXPECT_EQ(wrong("/estimate/minutes", "1"), "estimate/minutes is not a number");
  EXPECT_EQ(wrong("/estimate/gpu/fits", 1), "estimate/gpu/fits is not true or false");
  EXPECT_EQ(wrong("/built_from", core::Json::array()), "built_from is not an object");
}

// A whole number recorded without a fraction is written back without one (releases before the
// float writer), a float as a float: the command digest hashes the recorded form.
TEST(PreparedSections, NumbersKeepTheFormTheyWereRecordedIn) {
  core::Json m = {{"estimate", {{"minutes", 1}, {"disk_gib", 1.0}}}};
  auto s = artifacts::PreparedSections::from_json(m);
  ASSERT_TRUE(s);
  EXPECT_EQ(core::dump_compact(s->estimate->bound_predictions()), R"({"minutes":1,"disk_gib":1.0})");
}

TEST(ModelIdentity, TheFirstDifferenceIsNamed) {
  auto id = [](std::int64_t size, const char* sha, std::optional<std::int64_t> mtime) {
    artifacts::ModelIdentity m;
    m.kind = "local";
    m.path = "/m";
    m.files = std::vector<artifacts::IdentityFile>{{"config.json", size, mtime, sha, "whole"}};
    return m;
  };
  EXPECT_EQ(artifacts::identity_difference(id(2, "a", 1), id(2, "a", 1)), "");
  EXPECT_EQ(artifacts::identity_difference(id(2, "a", 1), id(7, "a", 1)), "config.json: size 2 -> 7");
  EXPECT_EQ(artifacts::identity_difference(id(2, "a", 1), id(2, "b", 1)), "config.json: content changed");
  EXPECT_EQ(artifacts::identity_difference(id(2, "a", 1), id(2, "a", 5)), "config.json: modified since (same size, new modification time)");
  EXPECT_EQ(artifacts::identity_difference(id(2, "a", std::nullopt), id(2, "a", 5)), "the recorded identity is not the one of these files");
  artifacts::ModelIdentity other = id(2, "a", 1);
  other.path = "/n";
  EXPECT_EQ(artifacts::identity_difference(id(2, "a", 1), other), "the model directory is another one");
  artifacts::ModelIdentity more = id(2, "a", 1);
  more.files->push_back({"extra.py", 1, 1, "c", "whole"});
  EXPECT_EQ(artifacts::identity_difference(id(2, "a", 1), more), "extra.py: added");
  EXPECT_EQ(artifacts::identity_difference(more, id(2, "a", 1)), "extra.py: removed");
}

TEST(ModelIdentity, AHubIdentityEncodesAsRecorded) {
  core::Json hub = {{"kind", "hub"},
                    {"repo_id", "org/m"},
                    {"revision", nullptr},
                    {"commit", "abc"},
                    {"snapshot", {{"kind", "local"}, {"path", "/s"}, {"files", core::Json::array()}, {"digest", "sha256:0"}}}};
  auto id = artifacts::ModelIdentity::from_json(hub);
  ASSERT_TRUE(id);
  EXPECT_EQ(id->to_json(), hub);
  EXPECT_EQ(id->files_read().path, "/s");
  core::Json bare = {{"kind", "hub"}, {"repo_id", "org/m"}, {"commit", nullptr}};
  EXPECT_EQ(artifacts::ModelIdentity::from_json(bare)->to_json(), bare);
}

}  // namespace
