// The model-zoo conformance suite (tests/zoo/README.md): for every zoo model,
//  (a) the committed oracle fixture equals a fresh oracle run in the pinned environment;
//  (b) `analyze` of header-only safetensors carrying the oracle's saved names and shapes gives
//      an inventory equal to the oracle's nn.Linear set (through the checkpoint names);
//  (c) the config-only estimate is within 2% of the oracle's nn.Linear count;
// and docs/zoo.md is the table these produce (QPTQ_UPDATE_ZOO_DOC=1 rewrites it).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "intake/analyze.h"
#include "intake/inventory.h"
#include "oracle/run_oracle.h"
#include "support/temp_dir.h"
#include "zoo/zoo_support.h"

namespace {

constexpr double kEstimateTolerance = 0.02;

bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && *ci != '\0';
}

TEST(Zoo, CoversThirtyQuarkTemplateTypes) {
  // Quark 0.13's template list (knowledge/quark/0.13/templates.json) by model_type.
  auto text = core::read_json_file(test_support::source_path("knowledge/quark/0.13/templates.json"));
  ASSERT_TRUE(text);
  const core::Json* templates = core::json_object(*text, "templates");
  ASSERT_NE(templates, nullptr);
  int covered = 0;
  for (const auto& m : zoo::zoo_models()) {
    if (templates->contains(m.model_type) && m.oracle() != nullptr) ++covered;
  }
  EXPECT_GE(covered, 30);
}

// (a) One interpreter for the whole zoo: importing Quark is most of the time.
TEST(Zoo, FixturesEqualAFreshOracleRun) {
  auto python = zoo::pinned_python();
  if (!python) {
    if (in_ci()) FAIL() << "the pinned environment .venv-quark is missing (scripts/setup-quark-env.sh)";
    GTEST_SKIP() << "no .venv-quark: fixtures not checked against the libraries";
  }
  std::vector<std::filesystem::path> dirs;
  for (const auto& m : zoo::zoo_models()) dirs.push_back(m.dir);
  auto report = oracle::run_oracle(*python, dirs, 590);
  ASSERT_TRUE(report) << report.error().id << ": " << report.error().detail;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    const auto& m = zoo::zoo_models()[i];
    EXPECT_EQ(report->versions, m.versions) << m.model_type << ": fixture taken with other library versions";
    EXPECT_TRUE(report->answers[i] == m.answer)
        << m.model_type << ": the fixture differs from a fresh run; rerun tests/zoo/update_fixtures.py and review the diff";
  }
}

class ZooModelTest : public ::testing::TestWithParam<std::string> {};

// The oracle's nn.Linear set keyed by checkpoint module name -> [out, in]; Linears that have
// no single saved tensor (sliced from fused expert tensors) are counted in `unnamed`.
struct OracleSet {
  std::map<std::string, std::vector<std::uint64_t>> named;
  std::uint64_t unnamed = 0;
};

OracleSet oracle_set(const oracle::ModelOracle& o) {
  OracleSet s;
  for (const auto& l : o.linear_modules) {
    std::vector<std::uint64_t> shape = {static_cast<std::uint64_t>(l.out_features), static_cast<std::uint64_t>(l.in_features)};
    if (l.checkpoint) {
      s.named[*l.checkpoint] = shape;
    } else if (o.tied_weights.count(l.name + ".weight") != 0) {
      s.named[l.name] = shape;  // tied: not saved, the inventory adds it from the embedding
    } else {
      ++s.unnamed;
    }
  }
  return s;
}

// (b)
TEST_P(ZooModelTest, HeaderInventoryEqualsTheOracle) {
  const auto& m = zoo::zoo_model(GetParam());
  if (m.oracle() == nullptr) GTEST_SKIP() << "the oracle refused this config: " << std::get<oracle::OracleRefusal>(m.answer).code;
  test_support::TempDir tmp;
  zoo::write_synthetic_checkpoint(m, tmp.path() / "model", 2);
  intake::AnalyzeRequest req;
  req.model = (tmp.path() / "model").string();
  auto analysis = intake::analyze(req);
  ASSERT_TRUE(analysis) << analysis.error().id;
  auto modules = intake::expand_inventory(*analysis);
  ASSERT_TRUE(modules);
  std::map<std::string, std::vector<std::uint64_t>> linear;
  std::uint64_t total = 0, fused = 0;
  for (const auto& mod : *modules) {
    total += mod.linear_modules;
    if (mod.kind == "linear" && mod.linear_modules == 1) {
      linear[mod.name] = mod.shape;
    } else {
      fused += mod.linear_modules;
    }
  }
  OracleSet want = oracle_set(*m.oracle());
  std::vector<std::string> missing, extra, shape;
  for (const auto& [name, s] : want.named) {
    auto it = linear.find(name);
    if (it == linear.end()) {
      missing.push_back(name);
    } else if (it->second != s) {
      shape.push_back(name);
    }
  }
  for (const auto& [name, s] : linear) {
    if (want.named.count(name) == 0) extra.push_back(name);
  }
  auto head = [](const std::vector<std::string>& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size() && i < 6; ++i) out += " " + v[i];
    return std::to_string(v.size()) + (v.empty() ? "" : ":" + out);
  };
  EXPECT_TRUE(missing.empty() && extra.empty() && shape.empty())
      << m.model_type << ": oracle Linears missing from the inventory " << head(missing) << "; inventory Linears Quark does not have "
      << head(extra) << "; shape differs " << head(shape);
  EXPECT_EQ(fused, want.unnamed) << m.model_type << ": Linears from fused expert tensors";
  EXPECT_EQ(total, m.oracle()->linear_modules.size()) << m.model_type << ": Linear count";
  EXPECT_EQ((*analysis)["quantization_targets"]["linear_layer_count"].get<std::uint64_t>(), total);
}

double estimate_error(const zoo::ZooModel& m, std::uint64_t* estimate) {
  test_support::TempDir tmp;
  zoo::write_config_only(m, tmp.path() / "model");
  intake::AnalyzeRequest req;
  req.model = (tmp.path() / "model").string();
  auto analysis = intake::analyze(req);
  if (!analysis) throw std::runtime_error(m.model_type + ": analyze failed: " + analysis.error().id);
  *estimate = (*analysis)["quantization_targets"]["linear_layer_count"].get<std::uint64_t>();
  double truth = static_cast<double>(m.oracle()->linear_modules.size());
  return (static_cast<double>(*estimate) - truth) / truth;
}

// (c)
TEST_P(ZooModelTest, ConfigEstimateWithinTwoPercent) {
  const auto& m = zoo::zoo_model(GetParam());
  if (m.oracle() == nullptr) GTEST_SKIP() << "the oracle refused this config";
  std::uint64_t estimate = 0;
  double err = estimate_error(m, &estimate);
  EXPECT_LE(std::fabs(err), kEstimateTolerance)
      << m.model_type << ": config estimate " << estimate << " vs oracle " << m.oracle()->linear_modules.size();
}

// Where the flow ran the oracle, a config-only model gets the oracle's Linear set, by name.
TEST_P(ZooModelTest, ConfigWithOracleAnswerIsExact) {
  const auto& m = zoo::zoo_model(GetParam());
  if (m.oracle() == nullptr) GTEST_SKIP() << "the oracle refused this config";
  test_support::TempDir tmp;
  zoo::write_config_only(m, tmp.path() / "model");
  intake::AnalyzeRequest req;
  req.model = (tmp.path() / "model").string();
  intake::OracleLinears linears;
  linears.versions = m.versions.key();
  for (const auto& l : m.oracle()->linear_modules) linears.linears.push_back({l.name, l.in_features, l.out_features});
  req.oracle = linears;
  auto analysis = intake::analyze(req);
  ASSERT_TRUE(analysis) << analysis.error().id;
  EXPECT_EQ((*analysis)["quantization_targets"]["method"], "model_oracle");
  EXPECT_EQ((*analysis)["inventory"]["source"], "model_oracle");
  auto modules = intake::expand_inventory(*analysis);
  ASSERT_TRUE(modules);
  std::set<std::string> got, want;
  for (const auto& mod : *modules) got.insert(mod.name);
  for (const auto& l : m.oracle()->linear_modules) want.insert(l.name);
  EXPECT_EQ(got, want);
  EXPECT_EQ((*analysis)["quantization_targets"]["linear_layer_count"].get<std::uint64_t>(), m.oracle()->linear_modules.size());
}

INSTANTIATE_TEST_SUITE_P(Models, ZooModelTest, ::testing::ValuesIn(zoo::zoo_model_types()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return zoo::test_name(i.param); });

// docs/zoo.md: the table of the suite's facts per model.
std::string zoo_table() {
  std::ostringstream out;
  out << "# Model zoo\n\n"
         "The conformance suite (tests/zoo, run by ctest) checks every model below against the model\n"
         "oracle: what the pinned transformers and Quark build from the config on the meta device\n"
         "(knowledge/probes/model_oracle.py). Configs are transformers' own defaults for the model\n"
         "type at reduced depth, real widths; \"defaults of\" is the checkpoint the config class's\n"
         "docstring says its defaults describe (tests/zoo/models/<type>/SOURCE.json has the URL).\n"
         "Generated by `scripts/update-zoo-doc.sh`; a test fails when this file is stale.\n\n"
         "Columns: layers (decoder layers of the language model, as reduced); Linear (nn.Linear\n"
         "modules Quark sees after its MoE preparation); prepared (fused-expert modules Quark\n"
         "unfuses); routers (non-Linear router classes); renames (checkpoint key transforms of the\n"
         "installed transformers); estimate (intake's config-only count, and its error against the\n"
         "oracle).\n\n"
         "| model type | defaults of | layers | Linear | prepared | routers | renames | estimate |\n"
         "|---|---|---|---|---|---|---|---|\n";
  for (const auto& m : zoo::zoo_models()) {
    std::string source = core::json_string(m.source, "published_checkpoint").value_or("");
    if (source.empty()) source = core::json_string(m.source, "config").value_or("");
    std::string layers;
    const core::Json* reduced = core::json_object(m.source, "reduced");
    if (reduced != nullptr) {
      for (const char* k : {"num_hidden_layers", "n_layer", "n_layers"}) {
        if (auto v = core::json_int(*reduced, k)) layers = std::to_string(*v);
      }
      if (const core::Json* t = core::json_object(*reduced, "text_config")) {
        if (auto v = core::json_int(*t, "num_hidden_layers")) layers = std::to_string(*v);
      }
    }
    const oracle::ModelOracle* o = m.oracle();
    if (o == nullptr) {
      out << "| " << m.model_type << " | " << source << " | " << layers << " | refused: " << std::get<oracle::OracleRefusal>(m.answer).code
          << " | | | | |\n";
      continue;
    }
    std::set<std::string> routers;
    for (const auto* r : o->routers()) routers.insert(r->class_name);
    std::string router_text;
    for (const auto& r : routers) router_text += (router_text.empty() ? "" : ", ") + r;
    std::uint64_t estimate = 0;
    double err = estimate_error(m, &estimate);
    char pct[32];
    std::snprintf(pct, sizeof pct, "%+.1f%%", err * 100);
    out << "| " << m.model_type << " | " << source << " | " << layers << " | " << o->linear_modules.size() << " | "
        << o->moe_preparation.size() << " | " << router_text << " | " << o->renames.size() << " | " << estimate << " (" << pct << ") |\n";
  }
  return out.str();
}

TEST(Zoo, DocTableIsFresh) {
  auto path = test_support::source_path("docs/zoo.md");
  std::string table = zoo_table();
  if (const char* u = std::getenv("QPTQ_UPDATE_ZOO_DOC"); u != nullptr && std::string(u) == "1") {
    std::ofstream(path, std::ios::binary) << table;
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), table) << "docs/zoo.md is stale: run scripts/update-zoo-doc.sh";
}

}  // namespace
