// (d) of the zoo suite: verify judges a correct export of every zoo model as correct and a
// damaged one as damaged. The source is the model's checkpoint as transformers saves it (the
// oracle's tensor names, dtypes and ranks); the export is what quark-cli writes for fp8 with
// lm_head excluded: every nn.Linear Quark sees, under the name Quark sees it by (renamed,
// unfused experts), as F8_E4M3 with its scales, and every other weight holder (embeddings,
// routers, projectors) untouched under the model's name. The plan carries the checkpoint
// names `plan` records from the oracle. Shapes are cut to at most 4 per dimension (same rank):
// names and ranks are what the name mapping and the checks read, and the files stay tiny.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/glob_match.h"
#include "oracle/checkpoint_names.h"
#include "plan/plan_file.h"
#include "support/safetensors_writer.h"
#include "support/temp_dir.h"
#include "verify/verify_output.h"
#include "zoo/zoo_support.h"

namespace {

using test_support::TensorSpec;

std::vector<std::uint64_t> cut(const std::vector<std::int64_t>& shape) {
  std::vector<std::uint64_t> out;
  for (auto d : shape) out.push_back(static_cast<std::uint64_t>(std::clamp<std::int64_t>(d, 1, 4)));
  return out;
}

struct Export {
  std::vector<TensorSpec> source;
  std::vector<TensorSpec> output;
  std::vector<std::string> quantized;  // the Linears written as fp8
  core::Json plan;
};

// The module a checkpoint tensor name belongs to ("a.b.weight" -> "a.b").
std::string module_of(const std::string& tensor) {
  auto dot = tensor.rfind('.');
  return dot == std::string::npos ? tensor : tensor.substr(0, dot);
}

Export fp8_export(const zoo::ZooModel& m) {
  const oracle::ModelOracle& o = *m.oracle();
  Export e;
  oracle::CheckpointNames names = oracle::checkpoint_names(o);
  // Source tensors by the name the model (and so the export) gives them.
  std::map<std::string, TensorSpec> by_model_name;
  for (const auto& t : o.checkpoint_tensors) {
    TensorSpec s{t.name, zoo::safetensors_dtype(t.dtype), cut(t.shape)};
    e.source.push_back(s);
    std::string param = t.name.substr(module_of(t.name).size());
    by_model_name[oracle::apply_name_rules(names.renames, module_of(t.name)) + param] = s;
  }
  const std::vector<std::string> excluded = {"lm_head"};
  for (const auto& l : o.linear_modules) {
    if (core::glob_match_any(excluded, l.name)) {
      auto it = by_model_name.find(l.name + ".weight");
      if (it != by_model_name.end()) e.output.push_back({l.name + ".weight", it->second.dtype, it->second.shape});
      continue;  // tied to the embeddings: not saved
    }
    e.output.push_back({l.name + ".weight", "F8_E4M3", cut({l.out_features, l.in_features})});
    e.output.push_back({l.name + ".weight_scale", "F32", {}});
    e.output.push_back({l.name + ".input_scale", "F32", {}});
    e.quantized.push_back(l.name);
  }
  for (const auto& h : o.non_linear_modules) {
    for (const auto& p : h.parameters) {
      std::string name = h.name + "." + p.name;
      auto it = by_model_name.find(name);
      e.output.push_back(it != by_model_name.end() ? TensorSpec{name, it->second.dtype, it->second.shape}
                                                   : TensorSpec{name, "BF16", cut(p.shape)});
    }
  }
  core::Json renames = core::Json::array();
  for (const auto& r : names.renames) renames.push_back({{"match", r.match}, {"replace", r.replace}});
  e.plan = {{"model", {{"model_type", o.model_type}}},
            {"global_scheme", "fp8"},
            {"exclude_layers", excluded},
            {"layer_quant_config", core::Json::object()},
            {"checkpoint_names",
             {{"source", "oracle"},
              {"renames", renames},
              {"non_linear_holders", names.non_linear_holders},
              {"linear_modules", names.linear_modules}}}};
  return e;
}

verify::VerifyReport verify_export(const zoo::ZooModel& m, const Export& e) {
  test_support::TempDir d;
  test_support::write_checkpoint(d.path() / "src", e.source, 1);
  d.write("src/config.json", core::Json{{"model_type", m.oracle()->model_type}}.dump());
  test_support::write_checkpoint(d.path() / "out", e.output, 1);
  core::Json qc = {{"quant_method", "quark"},
                   {"exclude", {"lm_head"}},
                   {"global_quant_config", {{"weight", {{"dtype", "fp8_e4m3"}}}}},
                   {"kv_cache_quant_config", core::Json::object()}};
  d.write("out/config.json", core::Json{{"model_type", m.oracle()->model_type}, {"quantization_config", qc}}.dump());
  for (const char* f : {"tokenizer_config.json", "tokenizer.json", "generation_config.json"}) d.write(std::string("out/") + f, "{}");
  verify::VerifyOptions opt;
  opt.output_dir = d.path() / "out";
  opt.source_dir = d.path() / "src";
  auto plan = plan::read_plan_file(e.plan);  // as verify gets it
  if (plan) {
    opt.plan = *plan;
  } else {
    ADD_FAILURE() << "the plan does not read: " << plan.error().id;
  }
  opt.threads = 1;
  return verify::verify_output(opt);
}

std::string failures(const verify::VerifyReport& r) {
  std::string out;
  for (const auto& c : r.checks) {
    if (c.status != verify::CheckStatus::fail) continue;
    out += "\n  " + c.id + ": " + c.message_id;
    for (const auto& a : c.args) out += " " + a.name + "=" + a.value;
  }
  return out;
}

class ZooVerifyTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ZooVerifyTest, ACorrectFp8ExportPasses) {
  const auto& m = zoo::zoo_model(GetParam());
  Export e = fp8_export(m);
  auto r = verify_export(m, e);
  EXPECT_EQ(r.status(), "success") << m.model_type << ":" << failures(r);
  EXPECT_EQ(r.record().to_json()["metrics"]["quantized_modules"], e.quantized.size()) << m.model_type;
}

TEST_P(ZooVerifyTest, PlantedDefectsFail) {
  const auto& m = zoo::zoo_model(GetParam());
  Export e = fp8_export(m);
  ASSERT_GE(e.quantized.size(), 2u);
  // One Linear loses its scale, another is left in BF16 without scales.
  const std::string no_scale = e.quantized.front();
  const std::string left_bf16 = e.quantized.back();
  std::erase_if(e.output,
                [&](const TensorSpec& t) { return t.name == no_scale + ".weight_scale" || t.name.rfind(left_bf16 + ".", 0) == 0; });
  e.output.push_back({left_bf16 + ".weight", "BF16", {4, 4}});
  auto r = verify_export(m, e);
  EXPECT_EQ(r.status(), "failed") << m.model_type;
  std::set<std::string> failed;
  for (const auto& c : r.checks) {
    if (c.status == verify::CheckStatus::fail) failed.insert(c.id);
  }
  EXPECT_TRUE(failed.count("layer_scales")) << m.model_type << ":" << failures(r);
  EXPECT_TRUE(failed.count("unexpected_unquantized")) << m.model_type << ":" << failures(r);
}

INSTANTIATE_TEST_SUITE_P(Models, ZooVerifyTest, ::testing::ValuesIn(zoo::zoo_model_types(/*answered_only=*/true)),
                         [](const ::testing::TestParamInfo<std::string>& i) { return zoo::test_name(i.param); });

}  // namespace
