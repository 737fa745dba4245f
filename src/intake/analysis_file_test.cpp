// The later steps' view of model_analysis.json, on what intake writes and on a document in
// the older spellings (upgraded by artifacts::upgrade_model_analysis).
#include "intake/analysis_file.h"

#include <gtest/gtest.h>

#include "intake/analyze.h"
#include "support/temp_dir.h"

namespace {

TEST(AnalysisFile, ReadsWhatIntakeWrites) {
  intake::AnalyzeRequest req;
  req.model = test_support::source_path("examples/tiny-llama").string();
  auto doc = intake::analyze(req);
  ASSERT_TRUE(doc) << doc.error().id;
  auto read = intake::read_analysis_file(*doc);
  ASSERT_TRUE(read) << read.error().id;
  const intake::AnalysisFile& a = *read;
  EXPECT_EQ(a.model_path, (*doc)["model"]["model_path"].get<std::string>());
  EXPECT_EQ(a.model_type, "llama");
  EXPECT_FALSE(a.trust_remote_code);
  EXPECT_TRUE(a.tokenizer_code.empty());
  EXPECT_EQ(a.analysis_status, (*doc)["analysis_status"].get<std::string>());
  ASSERT_TRUE(a.source.has_value());
  EXPECT_EQ(a.source->kind, "local");
  EXPECT_EQ(a.source->input, req.model);
  EXPECT_FALSE(a.revision.has_value());  // a local model has none
  EXPECT_EQ(a.source->identity, (*doc)["source"]["identity"]);
  EXPECT_EQ(a.exclude_defaults, (*doc)["quantization_targets"]["exclude_defaults"].get<std::vector<std::string>>());
  EXPECT_EQ(a.tokenizer_files, (*doc)["files"]["tokenizer_files"].get<std::vector<std::string>>());
  EXPECT_GT(a.size.total_parameters, 0);
  EXPECT_EQ(a.size.source, "model_analysis inventory");
  EXPECT_GT(a.size.hidden_size, 0);
}

TEST(AnalysisFile, AHubSourceIsPinnedToTheConfirmedCommit) {
  core::Json doc = {{"model", {{"model_path", "org/m"}, {"model_type", "qwen3"}, {"remote_code", {{"tokenizer_auto_map", {"X.Tok"}}}}}},
                    {"source",
                     {{"kind", "hub"},
                      {"input", "org/m"},
                      {"repo_id", "org/m"},
                      {"revision", "v1"},
                      {"commit", "resolved"},
                      {"identity", {{"kind", "hub"}, {"commit", "confirmed"}}}}}};
  intake::AnalysisFile a = intake::read_analysis_file(doc).value();
  EXPECT_EQ(a.revision, "v1");
  EXPECT_EQ(a.resolved_commit, "resolved");
  EXPECT_EQ(a.pinned_commit(), "confirmed");
  EXPECT_EQ(a.tokenizer_code, std::vector<std::string>{"X.Tok"});
  doc["source"].erase("identity");
  EXPECT_EQ(intake::read_analysis_file(doc)->pinned_commit(), "resolved");
  // Kept as recorded, whatever its type: prepare compares it with the files.
  doc["source"]["identity"] = "edited";
  EXPECT_EQ(intake::read_analysis_file(doc)->source->identity, "edited");
}

TEST(AnalysisFile, OlderSpellingsAndMissingFieldsReadAsUnset) {
  const core::Json doc = {{"model", {{"source", "/m"}, {"model_type", "llama"}, {"revision", "r"}, {"commit", "c"}}},
                          {"tokenizer", {{"files", {"tokenizer.json", 3}}}},
                          {"config", {{"hidden_size", 64}, {"num_hidden_layers", 2}}}};
  auto read = intake::read_analysis_file(doc);
  ASSERT_TRUE(read) << read.error().id;
  const intake::AnalysisFile& a = *read;
  EXPECT_EQ(a.model_path, "/m");
  EXPECT_EQ(a.revision, "r");
  EXPECT_EQ(a.pinned_commit(), "c");
  ASSERT_TRUE(a.source.has_value());  // the upgrade gives the revision and commit their place, source/
  EXPECT_EQ(a.source->kind, "");
  EXPECT_EQ(a.tokenizer_files, std::vector<std::string>{"tokenizer.json"});
  EXPECT_EQ(a.size.hidden_size, 64);
  EXPECT_EQ(a.size.num_layers, 2);
  EXPECT_EQ(a.size.source, "config arithmetic");

  auto none = intake::read_analysis_file(core::Json::array());
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->model_path.empty());
  EXPECT_FALSE(none->pinned_commit().has_value());
}

// A field of the wrong type is the reader's error naming it, never a default.
TEST(AnalysisFile, AMistypedFieldIsAnError) {
  const core::Json doc = {{"model", {{"model_path", "/m"}, {"model_type", 3}}}};
  auto read = intake::read_analysis_file(doc);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().id, "artifacts.field_invalid");
  EXPECT_EQ(*read.error().arg("problem"), "model/model_type is not a string");
}

}  // namespace

namespace {

// What the estimate needs of an MoE model beside its parameters: the router's top-k (FLOPs of
// the calibration pass) and how many Linear modules Quark quantizes (the int4 export's cost per
// module), fused experts counted as the Linears Quark unfuses them into. From the analyses of
// the H100 and H200 runs.
TEST(AnalysisFile, ExpertsPerTokenAndQuantizedLinearModules) {
  auto read = [](const char* dir) {
    auto doc = core::read_json_file(test_support::source_path(std::string(dir) + "/model_analysis.json"));
    EXPECT_TRUE(doc.has_value()) << dir;
    auto file = intake::read_analysis_file(doc ? *doc : core::Json::object());
    EXPECT_TRUE(file.has_value()) << dir;
    return file ? file->size : intake::ModelSize{};
  };
  intake::ModelSize mixtral = read("tests/fixtures/quark/0.13/h100/runs/mixtral_4l_fp8");
  EXPECT_EQ(mixtral.experts_per_token, 2);
  EXPECT_EQ(mixtral.quantized_linear_modules, 4 * (4 + 3 * 8));
  intake::ModelSize qwen3 = read("tests/fixtures/quark/0.13/h100/runs/qwen3_moe_4l_int4_wo_128_kvfp8");
  EXPECT_EQ(qwen3.experts_per_token, 8);
  EXPECT_EQ(qwen3.quantized_linear_modules, 1552);
  intake::ModelSize dbrx = read("tests/fixtures/quark/0.13/h200-zoo/runs/dbrx_fp8");  // experts fused in the checkpoint
  EXPECT_EQ(dbrx.quantized_linear_modules, 28);
  intake::ModelSize dense = read("tests/fixtures/quark/0.13/h200-zoo/runs/phi3_fp8");
  EXPECT_EQ(dense.experts_per_token, 0);
  EXPECT_EQ(dense.quantized_linear_modules, 8);
}

}  // namespace
