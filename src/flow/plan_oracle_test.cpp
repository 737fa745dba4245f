// The plan flow with the model oracle: an installed Quark answered by the outputs captured from
// amd-quark 0.13 (tests/fixtures/plan/real), the analysis of a zoo config alone (the config-only
// estimate), and the oracle answered by the recorded real runs of tests/zoo/oracle. The
// planner's inventory and shape checks are the oracle's, the plan records where they came from
// and the names verify maps through; an oracle that cannot answer is a recorded fallback.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/atomic_file.h"
#include "core/fs.h"
#include "core/glob_match.h"
#include "flow/plan_flow.h"
#include "intake/analyze.h"
#include "oracle/model_oracle.h"
#include "plan/plan_document.h"
#include "plan/plan_file.h"
#include "support/safetensors_writer.h"
#include "support/temp_dir.h"
#include "verify/verify_output.h"
#include "workflow/checkpoint.h"
#include "workflow/state.h"

namespace flow {
namespace {

namespace fs = std::filesystem;

std::string real_fixture(const std::string& name) {
  auto text = core::read_file(test_support::source_path("tests/fixtures/plan/real/" + name));
  return text ? *text : std::string();
}

// The recorded oracle answer for a zoo model type, as model_oracle would return it.
oracle::OracleResult zoo_answer(const std::string& model_type) {
  auto text = core::read_file(test_support::source_path("tests/zoo/oracle/" + model_type + ".json"));
  if (!text) throw std::runtime_error("no fixture " + model_type);
  auto answer = oracle::parse_oracle_model(*text, model_type);
  if (!answer) throw std::runtime_error(answer.error().detail);
  oracle::OracleResult r{std::move(*answer), {"3.11.7", "2.11.0", "5.16.1", "0.13"}, false};
  return r;
}

class PlanOracle : public ::testing::Test {
 protected:
  // The workdir holds the confirmed analysis of a copy of tests/zoo/models/<model_type>.
  void analyse(const std::string& model_type) {
    fs::path model = tmp.path() / "models" / model_type;
    fs::create_directories(model);
    fs::copy_file(test_support::source_path("tests/zoo/models/" + model_type + "/config.json"), model / "config.json");
    config = model / "config.json";
    intake::AnalyzeRequest req;
    req.model = model.string();
    auto analysis = intake::analyze(req);
    ASSERT_TRUE(analysis.has_value()) << analysis.error().id;
    ASSERT_TRUE(core::write_file_atomic(wd.analysis(), core::dump_pretty(*analysis)).has_value());
    ASSERT_TRUE(workflow::record_confirmation(wd, workflow::make_confirmation(workflow::Checkpoint::analysis,
                                                                              workflow::artifact_digest(*analysis), "yes", "confirmed"))
                    .has_value());
  }

  void SetUp() override {
    fs::path bin = tmp.path() / "venv" / "bin";
    fs::create_directories(bin);
    for (const char* exe : {"python", "quark-cli"}) {
      std::ofstream(bin / exe) << "#!/bin/sh\nexit 1\n";
      fs::permissions(bin / exe, fs::perms::owner_all);
    }
    fs::create_directories(wd.root);
    request.workdir = wd.root;
    request.options.target = "mi300x";
    std::string venv = (tmp.path() / "venv").string();
    std::string cache = (tmp.path() / "cache").string();
    request.getenv = [venv, cache](const std::string& name) -> std::optional<std::string> {
      if (name == "VIRTUAL_ENV") return venv;
      if (name == "XDG_CACHE_HOME") return cache;
      return std::nullopt;
    };
    // The installed Quark 0.13 as captured from the real one.
    request.capture = [](const runner::CommandSpec& spec, double) -> core::Result<runner::CaptureResult> {
      runner::CaptureResult r;
      r.exit_code = 0;
      bool versions = std::find(spec.argv.begin(), spec.argv.end(), "--versions") != spec.argv.end();
      if (spec.argv.front().ends_with("quark-cli")) {
        r.out = real_fixture("help-0.13.txt");
      } else {
        r.out = real_fixture(versions ? "versions-0.13.json" : "probe-0.13.json");
      }
      return r;
    };
    request.oracle = [this](const oracle::OracleRequest& req) -> core::Result<oracle::OracleResult> {
      asked.push_back(req);
      return answer(req);
    };
  }

  // A copy: reading a key the plan lacks is then a null, and the test fails on it.
  core::Json written_doc(const core::Result<PlanOutcome>& r) {
    if (!r) {
      ADD_FAILURE() << r.error().id;
      return nullptr;
    }
    const auto* w = std::get_if<plan_end::Written>(&r->end);
    if (w == nullptr) {
      std::string problems;
      for (const auto& p : std::get<plan_end::Invalid>(r->end).plan.problems) problems += p.code + " ";
      ADD_FAILURE() << "plan invalid: " << problems;
      return nullptr;
    }
    return w->doc;
  }

  test_support::TempDir tmp;
  workflow::Workdir wd{tmp.path() / "wd"};
  fs::path config;
  PlanRequest request;
  PlanObserver observer;
  std::vector<oracle::OracleRequest> asked;
  std::function<core::Result<oracle::OracleResult>(const oracle::OracleRequest&)> answer;
};

bool contains(const core::Json& list, const std::string& s) { return std::find(list.begin(), list.end(), core::Json(s)) != list.end(); }

TEST_F(PlanOracle, Phi3InventoryIsTheFusedModulesQuarkWillSee) {
  analyse("phi3");
  answer = [](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> { return zoo_answer("phi3"); };
  request.options.scheme = "fp8";
  request.options.overrides = {"*.qkv_proj=int4_wo_128"};
  auto r = make_plan(request, observer);
  core::Json doc = written_doc(r);
  ASSERT_FALSE(doc.is_null());
  // Asked in the probed interpreter, for the analysed config, cached under the probed versions.
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_EQ(asked[0].python, (tmp.path() / "venv" / "bin" / "python").string());
  EXPECT_EQ(fs::canonical(asked[0].config), fs::canonical(config));
  EXPECT_EQ(asked[0].cache_dir, tmp.path() / "cache" / "quark-ptq" / "oracle");
  ASSERT_TRUE(asked[0].expected.has_value());
  EXPECT_EQ(asked[0].expected->transformers, "5.16.1");
  core::Json& m = doc["modules"];
  EXPECT_EQ(m["source"], "oracle");
  EXPECT_EQ(m["oracle"]["versions"]["transformers"], "5.16.1");
  EXPECT_EQ(m["oracle"]["versions"]["amd-quark"], "0.13");
  EXPECT_FALSE(m.contains("oracle_not_used"));
  EXPECT_EQ(m["total"], 9);  // 2 layers x (qkv_proj, o_proj, gate_up_proj, down_proj) + lm_head
  EXPECT_TRUE(contains(m["quantized_list"], "model.layers.*.self_attn.qkv_proj (x2)")) << m.dump();
  EXPECT_TRUE(contains(m["quantized_list"], "model.layers.*.mlp.gate_up_proj (x2)")) << m.dump();
  EXPECT_EQ(m["quantized_by_role"]["attention"], 4);
  EXPECT_EQ(m["quantized_by_role"]["mlp"], 4);
  // The override is matched against the fused modules.
  bool matched = false;
  for (const auto& p : doc["patterns"]) matched = matched || (p["pattern"] == "*.qkv_proj" && p["matches"] == 2);
  EXPECT_TRUE(matched) << doc["patterns"].dump();
  EXPECT_TRUE(doc["checkpoint_names"]["renames"].empty());
  // The decision table says where the inventory came from, in one line.
  const auto& plan = std::get<plan_end::Written>(r->end).plan;
  std::string table;
  for (const auto& line : plan::decision_table(core::Lang::en, plan)) table += line + "\n";
  EXPECT_NE(table.find("inventory: the model oracle (transformers 5.16.1, amd-quark 0.13)"), std::string::npos) << table;
}

TEST_F(PlanOracle, ShapeChecksSeeTheExpertsTheConfigEstimateCannotName) {
  // DeepSeek-V2-Lite with int4_wo_128 died in quark-cli (awq.pseudo_quantize_tensor);
  // the zoo's deepseek_v2 experts have in_features 1407, which no int4 group divides.
  analyse("deepseek_v2");
  request.options.scheme = "int4_wo_128";
  answer = [](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> { return zoo_answer("deepseek_v2"); };
  auto r = make_plan(request, observer);
  ASSERT_TRUE(r.has_value()) << r.error().id;
  const auto* invalid = std::get_if<plan_end::Invalid>(&r->end);
  ASSERT_NE(invalid, nullptr) << "an int4_wo_128 plan for in_features 1407 was accepted";
  ASSERT_FALSE(invalid->plan.problems.empty());
  EXPECT_EQ(invalid->plan.problems.front().code, "group_not_dividing");
  EXPECT_NE(plan::render(core::Lang::en, invalid->plan.problems.front().text).find("experts.0.down_proj (in_features 1407)"),
            std::string::npos)
      << plan::render(core::Lang::en, invalid->plan.problems.front().text);
  EXPECT_FALSE(fs::exists(wd.plan()));

  // The same plan without the oracle: the estimate has no shapes, nothing can be refused.
  answer = [](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> {
    return core::make_error(core::ExitCode::env_not_ready, "oracle.timed_out").with("python", "p").with("seconds", "300");
  };
  auto fallback = make_plan(request, observer);
  core::Json doc = written_doc(fallback);
  ASSERT_FALSE(doc.is_null());
  EXPECT_EQ(doc["modules"]["source"], "config estimate");
  EXPECT_EQ(doc["modules"]["oracle_not_used"]["id"], "oracle.timed_out");
  EXPECT_FALSE(doc.contains("checkpoint_names"));
}

TEST_F(PlanOracle, AFailedOracleIsARecordedFallbackWithItsReason) {
  analyse("phi3");
  answer = [](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> {
    return core::make_error(core::ExitCode::env_not_ready, "oracle.failed")
        .with("python", "p")
        .with("status", "exit 1")
        .with_detail("ModuleNotFoundError: No module named 'torch'\nmore lines");
  };
  auto r = make_plan(request, observer);
  core::Json doc = written_doc(r);
  ASSERT_FALSE(doc.is_null());
  core::Json& why = doc["modules"]["oracle_not_used"];
  EXPECT_EQ(why["id"], "oracle.failed");
  EXPECT_EQ(why["detail"], "ModuleNotFoundError: No module named 'torch'");
  EXPECT_EQ(doc["modules"]["source"], "config estimate");
  std::string table;
  for (const auto& line : plan::decision_table(core::Lang::en, std::get<plan_end::Written>(r->end).plan)) table += line + "\n";
  EXPECT_NE(table.find("  inventory: config estimate; the model oracle was not used: the model oracle in p ended with exit 1"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("(ModuleNotFoundError: No module named 'torch')"), std::string::npos) << table;
}

TEST_F(PlanOracle, ARefusalOrAnotherModelIsAFallbackToo) {
  analyse("phi3");
  answer = [](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> {
    return oracle::OracleResult{oracle::OracleRefusal{"unknown_model_type", "ValueError: model type 'phi3' not recognised"},
                                {"3.11.7", "2.11.0", "4.40.0", "0.13"},
                                false};
  };
  auto first = make_plan(request, observer);
  core::Json refused = written_doc(first);
  EXPECT_EQ(refused["modules"]["oracle_not_used"]["id"], "plan.oracle.refused");
  EXPECT_EQ(refused["modules"]["oracle_not_used"]["args"]["code"], "unknown_model_type");
  answer = [](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> { return zoo_answer("llama"); };
  auto second = make_plan(request, observer);
  core::Json other = written_doc(second);
  EXPECT_EQ(other["modules"]["oracle_not_used"]["id"], "plan.oracle.other_model");
  EXPECT_EQ(other["modules"]["source"], "config estimate");
}

TEST_F(PlanOracle, NoEnvironmentMeansNoOracleRun) {
  analyse("phi3");
  request.getenv = [](const std::string&) { return std::optional<std::string>(); };
  request.options.quark_version = "0.13";
  answer = [](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> { return zoo_answer("phi3"); };
  auto r = make_plan(request, observer);
  core::Json doc = written_doc(r);
  EXPECT_TRUE(asked.empty());
  EXPECT_EQ(doc["modules"]["oracle_not_used"]["id"], "plan.oracle.no_environment");
}

TEST_F(PlanOracle, AStopWhileTheOracleRunsStopsThePlan) {
  analyse("phi3");
  answer = [](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> {
    return core::make_error(core::ExitCode::interrupted, "runner.probe_interrupted");
  };
  auto r = make_plan(request, observer);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::interrupted);
  EXPECT_FALSE(fs::exists(wd.plan()));
}

// The saved name of a router: the checkpoint tensor of its layer with its leaf name and shape.
std::string saved_router(const oracle::ModelOracle& o, const oracle::NonLinearModule& r) {
  std::string leaf = r.name.substr(r.name.rfind('.')) + ".weight";
  auto at = r.name.find("layers.");
  std::string layer = r.name.substr(at, r.name.find('.', at + 7) - at + 1);
  for (const auto& t : o.checkpoint_tensors) {
    if (t.name.ends_with(leaf) && t.name.find(layer) != std::string::npos && t.shape == r.parameters.front().shape) {
      return t.name.substr(0, t.name.size() - 7);
    }
  }
  return r.name;
}

// A source checkpoint with the oracle's saved names and the export Quark writes for `plan`
// (fp8 under Quark's names, planned exclusions and routers untouched); tensors are small:
// verify compares names, dtypes and bytes, not the real shapes.
void write_export(const oracle::ModelOracle& o, const core::Json& plan, const fs::path& src, const fs::path& out) {
  std::vector<std::string> excluded = core::json_string_list(plan, "exclude_layers");
  std::vector<test_support::TensorSpec> source;
  std::vector<test_support::TensorSpec> output;
  for (const auto& l : o.linear_modules) {
    if (!l.checkpoint) continue;
    source.push_back({*l.checkpoint + ".weight", "BF16", {4, 4}});
    if (core::glob_match_any(excluded, l.name)) {
      output.push_back({l.name + ".weight", "BF16", {4, 4}});
      continue;
    }
    output.push_back({l.name + ".weight", "F8_E4M3", {4, 4}});
    output.push_back({l.name + ".weight_scale", "F32", {}});
    output.push_back({l.name + ".input_scale", "F32", {}});
  }
  for (const auto* r : o.routers()) {
    source.push_back({saved_router(o, *r) + ".weight", "BF16", {4, 4}});
    output.push_back({r->name + ".weight", "BF16", {4, 4}});
  }
  test_support::write_checkpoint(src, source, 1);
  test_support::write_checkpoint(out, output, 1);
  std::vector<std::string> listed;
  for (const auto& l : o.linear_modules) {
    if (core::glob_match_any(excluded, l.name)) listed.push_back(l.name);
  }
  core::Json qc = {{"quant_method", "quark"},
                   {"exclude", listed},
                   {"global_quant_config", {{"weight", {{"dtype", "fp8_e4m3"}}}}},
                   {"kv_cache_quant_config", core::Json::object()}};
  (void)core::write_file_atomic(src / "config.json", core::Json{{"model_type", o.model_type}}.dump());
  (void)core::write_file_atomic(out / "config.json", core::Json{{"model_type", o.model_type}, {"quantization_config", qc}}.dump());
  for (const char* f : {"tokenizer_config.json", "tokenizer.json", "generation_config.json"}) (void)core::write_file_atomic(out / f, "{}");
}

TEST_F(PlanOracle, VerifyMapsARenamedExportThroughTheNamesThePlanRecorded) {
  // MiniMax-M2 saves block_sparse_moe.experts.E.w1/w2/w3 and Quark exports
  // mlp.experts.E.gate_proj/down_proj/up_proj; the shipped names file does not list it.
  for (const std::string type : {"mixtral", "minimax_m2"}) {
    SCOPED_TRACE(type);
    fs::remove_all(wd.root);
    fs::create_directories(wd.root);
    analyse(type);
    request.options.scheme = "fp8";
    answer = [type](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> { return zoo_answer(type); };
    auto r = make_plan(request, observer);
    core::Json doc = written_doc(r);
    ASSERT_FALSE(doc.is_null());
    ASSERT_TRUE(doc.contains("checkpoint_names")) << doc["modules"].dump();
    EXPECT_EQ(doc["checkpoint_names"]["source"], "oracle");
    EXPECT_EQ(doc["checkpoint_names"]["non_linear_holders"], core::Json::array({"model.embed_tokens", "model.layers.*.mlp.gate"}));
    oracle::OracleResult truth = zoo_answer(type);
    fs::path src = tmp.path() / ("src-" + type);
    fs::path out = tmp.path() / ("out-" + type);
    write_export(std::get<oracle::ModelOracle>(truth.answer), doc, src, out);
    verify::VerifyOptions vo;
    vo.output_dir = out;
    vo.source_dir = src;
    auto written = plan::read_plan_file(doc);  // what plan wrote, read back as verify gets it
    ASSERT_TRUE(written.has_value()) << written.error().id;
    vo.plan = *written;
    verify::VerifyReport report = verify::verify_output(vo);
    std::string failed;
    for (const auto& c : report.checks) {
      if (c.status == verify::CheckStatus::fail) failed += c.id + " " + c.message_id + "\n";
    }
    EXPECT_TRUE(failed.empty()) << failed;
    if (type == "minimax_m2") {
      // Without the recorded names (a plan written before the oracle) the export looks broken.
      vo.plan->checkpoint_names.reset();
      verify::VerifyReport without = verify::verify_output(vo);
      bool missing = false;
      for (const auto& c : without.checks)
        missing = missing || (c.status == verify::CheckStatus::fail && c.message_id == "verify.layers_missing");
      EXPECT_TRUE(missing);
    }
  }
}

// For every zoo model and every per-group int4 scheme, a plan
// the oracle's shapes say quark-cli would reject (a quantized Linear whose in_features the
// group does not divide) is never written, and a refusal for the group names such a layer.
// mxfp4 (block 32) is planned too: MX formats pad their last block and pass whatever the
// shapes (measured, tests/fixtures/checks/quark-0.13/README.md), so only the int4 group and
// AWQ's must divide.
TEST_F(PlanOracle, NoZooPlanIsWrittenThatAGroupDoesNotDivide) {
  const std::vector<std::pair<std::string, std::int64_t>> schemes = {
      {"int4_wo_128", 128}, {"int4_wo_64", 64}, {"int4_wo_32", 32}, {"mxfp4", 1}};
  int written = 0, refused = 0;
  for (const auto& entry : fs::directory_iterator(test_support::source_path("tests/zoo/oracle"))) {
    const std::string type = entry.path().stem().string();
    oracle::OracleResult truth = zoo_answer(type);
    const auto* o = std::get_if<oracle::ModelOracle>(&truth.answer);
    if (o == nullptr) continue;
    fs::remove_all(wd.root);
    fs::create_directories(wd.root);
    analyse(type);
    answer = [type](const oracle::OracleRequest&) -> core::Result<oracle::OracleResult> { return zoo_answer(type); };
    for (const auto& [scheme, group] : schemes) {
      SCOPED_TRACE(type + " " + scheme);
      request.options.scheme = scheme;
      auto r = make_plan(request, observer);
      ASSERT_TRUE(r.has_value()) << r.error().id;
      if (const auto* w = std::get_if<plan_end::Written>(&r->end)) {
        std::vector<std::string> excluded = core::json_string_list(w->doc, "exclude_layers");
        for (const auto& l : o->linear_modules) {
          if (core::glob_match_any(excluded, l.name)) continue;
          EXPECT_EQ(l.in_features % group, 0) << l.name << " (in_features " << l.in_features << ") is quantized with group " << group;
        }
        ++written;
        continue;
      }
      const auto& problems = std::get<plan_end::Invalid>(r->end).plan.problems;
      auto shape = std::find_if(problems.begin(), problems.end(), [](const plan::Problem& p) { return p.code == "group_not_dividing"; });
      if (shape == problems.end()) continue;  // refused for another reason (no template, ...)
      ++refused;
      bool real = std::any_of(o->linear_modules.begin(), o->linear_modules.end(), [&](const oracle::LinearModule& l) {
        return l.in_features % group != 0 && plan::render(core::Lang::en, shape->text).find(l.name) != std::string::npos;
      });
      EXPECT_TRUE(real) << "the refusal names no layer the group fails: " << plan::render(core::Lang::en, shape->text);
    }
  }
  std::cout << "zoo plans: " << written << " written, " << refused << " refused for the group\n";
  EXPECT_GT(written, 80);  // most zoo models take most schemes
  EXPECT_GT(refused, 3);   // and some cannot (deepseek_v2 1407, falcon 4544 with 128, ...)
}

}  // namespace
}  // namespace flow
