// The artifacts' one reader and writer: every write is schema-checked and leaves a bad
// document unwritten; every read judges missing, unreadable and schema-failing files alike.
#include "workflow/artifact_files.h"

#include <gtest/gtest.h>

#include <fstream>

#include "core/fs.h"
#include "core/yaml_io.h"
#include "support/test_workdir.h"

namespace {

using workflow::Artifact;
using workflow::ArtifactState;
using workflow_test::sample_analysis;
using workflow_test::sample_manifest;
using workflow_test::sample_plan;

std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ArtifactFiles, WrittenArtifactsReadBackValidWithTheirDigest) {
  workflow_test::Workdir w;
  const core::Json analysis = sample_analysis();
  const core::Json plan = sample_plan(analysis);
  const core::Json manifest = sample_manifest(analysis, plan);
  ASSERT_TRUE(workflow::write_artifact(w.wd, Artifact::analysis, analysis));
  ASSERT_TRUE(workflow::write_artifact(w.wd, Artifact::plan, plan));
  auto written = workflow::write_artifact(w.wd, Artifact::manifest, manifest);
  ASSERT_TRUE(written) << written.error().id;
  EXPECT_EQ(*written, w.wd.manifest());

  for (auto [a, doc] : {std::pair{Artifact::analysis, analysis}, {Artifact::plan, plan}, {Artifact::manifest, manifest}}) {
    workflow::ArtifactStatus st = workflow::read_artifact(w.wd, a);
    EXPECT_EQ(st.state, ArtifactState::valid) << st.name << ": " << st.problem;
    EXPECT_EQ(st.doc, doc) << st.name;
    EXPECT_EQ(st.digest, workflow::artifact_digest(doc)) << st.name;
  }
  // The manifest is YAML on disk, the other two JSON.
  auto yaml = core::read_yaml_file(w.wd.manifest());
  ASSERT_TRUE(yaml);
  EXPECT_EQ(*yaml, manifest);
  EXPECT_EQ(file_text(w.wd.analysis()).front(), '{');
}

TEST(ArtifactFiles, ADocumentFailingItsSchemaLeavesTheFileAsItWas) {
  workflow_test::Workdir w;
  const core::Json analysis = sample_analysis();
  ASSERT_TRUE(workflow::write_artifact(w.wd, Artifact::analysis, analysis));
  const std::string before = file_text(w.wd.analysis());

  core::Json changed = analysis;
  changed["analysis_status"] = "not-a-status";
  auto r = workflow::write_artifact(w.wd, Artifact::analysis, changed);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.schema_invalid");
  EXPECT_EQ(file_text(w.wd.analysis()), before);

  core::Json plan = sample_plan(analysis);
  plan.erase("global_scheme");
  EXPECT_FALSE(workflow::write_artifact(w.wd, Artifact::plan, plan));
  EXPECT_FALSE(core::exists(w.wd.plan()));
}

TEST(ArtifactFiles, TheWriterCreatesAMissingWorkdir) {
  test_support::TempDir tmp;
  workflow::Workdir wd{tmp.path() / "new" / "workdir"};
  ASSERT_TRUE(workflow::write_artifact(wd, Artifact::analysis, sample_analysis()));
  EXPECT_EQ(workflow::read_artifact(wd, Artifact::analysis).state, ArtifactState::valid);
}

TEST(ArtifactFiles, MissingUnreadableAndSchemaFailingFilesAreJudgedAlike) {
  workflow_test::Workdir w;
  EXPECT_EQ(workflow::read_artifact(w.wd, Artifact::plan).state, ArtifactState::missing);
  auto missing = workflow::read_valid_artifact(w.wd, Artifact::analysis, "quark-ptq analyze MODEL");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().id, "workflow.artifact_missing");
  EXPECT_EQ(missing.error().code, core::ExitCode::bad_input);

  std::ofstream(w.wd.analysis()) << "{ not json";
  workflow::ArtifactStatus unreadable = workflow::read_artifact(w.wd, Artifact::analysis);
  EXPECT_EQ(unreadable.state, ArtifactState::invalid);
  EXPECT_FALSE(unreadable.problem.empty());
  auto bad = workflow::read_valid_artifact(w.wd, Artifact::analysis, "quark-ptq analyze MODEL");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().id, "workflow.artifact_invalid");

  core::Json wrong = sample_analysis();
  wrong["analysis_status"] = "not-a-status";
  w.write_analysis(wrong);  // behind the writer's back
  workflow::ArtifactStatus failing = workflow::read_artifact(w.wd, Artifact::analysis);
  EXPECT_EQ(failing.state, ArtifactState::invalid);
  EXPECT_NE(failing.problem.find("analysis_status"), std::string::npos) << failing.problem;
  EXPECT_EQ(failing.doc, wrong);  // still parsed: status shows what is there

  w.write_analysis(sample_analysis());
  auto good = workflow::read_valid_artifact(w.wd, Artifact::analysis, "quark-ptq analyze MODEL");
  ASSERT_TRUE(good);
  EXPECT_EQ(*good, sample_analysis());
}

}  // namespace
