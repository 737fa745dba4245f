// analyze() + write_analysis(): whatever write_analysis() is handed is validated before
// anything is written.
#include <gtest/gtest.h>

#include "intake/analyze.h"
#include "support/temp_dir.h"

namespace {

TEST(WriteAnalysis, ValidatesADocumentThatChangedAfterAnalyze) {
  test_support::TempDir tmp;
  intake::AnalyzeRequest req;
  req.model = test_support::source_path("examples/tiny-llama").string();
  auto a = intake::analyze(req);
  ASSERT_TRUE(a) << a.error().id;
  ASSERT_TRUE(intake::write_analysis(tmp.path() / "ok", *a));

  core::Json changed = *a;
  changed["analysis_status"] = "not-a-status";
  auto w = intake::write_analysis(tmp.path() / "bad", changed);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().id, "core.schema_invalid");
  EXPECT_FALSE(std::filesystem::exists(tmp.path() / "bad" / intake::kAnalysisFileName));

  EXPECT_TRUE(intake::write_analysis(tmp.path() / "again", *a));
}

}  // namespace
