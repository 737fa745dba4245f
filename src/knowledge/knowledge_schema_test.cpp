// Every shipped knowledge file (knowledge/**/*.json, as embedded in the binary) against its
// JSON Schema in tests/knowledge/ (knowledge/quark/<release>/x.json against
// tests/knowledge/quark/x.schema.json), and the strict loaders against broken documents.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "core/embedded.h"
#include "core/messages.h"
#include "core/schema.h"
#include "knowledge/calib_datasets.h"
#include "knowledge/diagnosis_rules.h"
#include "knowledge/environment.h"
#include "knowledge/estimate_constants.h"
#include "knowledge/forward_risks.h"
#include "knowledge/log_markers.h"
#include "knowledge/model_families.h"
#include "knowledge/plan_rules.h"
#include "knowledge/plan_targets.h"
#include "knowledge/release_data.h"
#include "knowledge/schemes.h"
#include "knowledge/strict_fields.h"
#include "knowledge/templates.h"
#include "knowledge/verify_checkpoint_names.h"
#include "knowledge/verify_schemes.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// knowledge/quark/0.13/schemes.json -> tests/knowledge/quark/schemes.schema.json
std::string schema_for(std::string_view path) {
  std::string rest(path.substr(std::string_view("knowledge/").size()));
  if (rest.rfind("quark/", 0) == 0) rest = "quark/" + rest.substr(rest.find('/', 6) + 1);
  return "tests/knowledge/" + rest.substr(0, rest.size() - 5) + ".schema.json";
}

core::Json read_json(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  auto j = core::parse_json(ss.str(), p.string());
  EXPECT_TRUE(j) << p;
  return j ? *j : core::Json();
}

std::vector<std::string> knowledge_files() {
  std::vector<std::string> out;
  for (const auto& f : core::embedded_files()) {
    std::string_view p = f.path;
    if (p.rfind("knowledge/", 0) == 0 && ends_with(p, ".json")) out.emplace_back(p);
  }
  return out;
}

TEST(KnowledgeSchema, EveryShippedFileMatchesItsSchema) {
  auto files = knowledge_files();
  ASSERT_GE(files.size(), 20u);
  for (const auto& path : files) {
    fs::path schema = test_support::source_path(schema_for(path));
    ASSERT_TRUE(fs::exists(schema)) << path << " has no schema " << schema;
    auto doc = core::parse_json(*core::embedded_file(path), path);
    ASSERT_TRUE(doc) << path;
    for (const auto& issue : core::schema_issues_against(*doc, read_json(schema))) {
      ADD_FAILURE() << path << issue.pointer << ": " << issue.message;
    }
  }
}

TEST(KnowledgeSchema, EverySchemaHasAFile) {
  std::set<std::string> used;
  for (const auto& path : knowledge_files()) used.insert(schema_for(path));
  for (const auto& e : fs::recursive_directory_iterator(test_support::source_path("tests/knowledge"))) {
    if (!e.is_regular_file()) continue;
    std::string rel = fs::relative(e.path(), test_support::source_path("")).generic_string();
    EXPECT_EQ(used.count(rel), 1u) << rel << " checks no shipped knowledge file";
  }
}

TEST(KnowledgeSchema, SchemasRejectAMissingOrMistypedField) {
  auto check = [](const std::string& path, const std::string& pointer, const core::Json& value) {
    core::Json doc = *core::parse_json(*core::embedded_file(path), path);
    core::Json schema = read_json(test_support::source_path(schema_for(path)));
    auto ptr = nlohmann::ordered_json::json_pointer(pointer);
    if (value.is_null()) {
      doc[ptr.parent_pointer()].erase(ptr.back());
    } else {
      doc[ptr] = value;
    }
    EXPECT_FALSE(core::schema_issues_against(doc, schema).empty()) << path << pointer;
  };
  check("knowledge/estimate.json", "/overhead/context_gib", nullptr);
  check("knowledge/estimate.json", "/algorithms/gptq/time_factor", "3");
  check("knowledge/environment.json", "/requirements/0.13/cpu_only/works", nullptr);
  check("knowledge/quark/0.13/schemes.json", "/schemes/0/bytes_per_weight", nullptr);
  check("knowledge/quark/0.13/templates.json", "/templates/llama/exclude_layers_name", "lm_head");
  check("knowledge/model_families.json", "/memory/multi_device_bytes", nullptr);
  check("knowledge/intake/forward_risks.json", "/rules/0/fails_in", nullptr);
  check("knowledge/intake/forward_risks.json", "/rules/0/risk", "clip_qkv_null");
  check("knowledge/plan/rules.json", "/evaluation", nullptr);
  check("knowledge/plan/rules.json", "/shape_rules/override_share_max", "0.125");
  check("knowledge/plan/rules.json", "/comparison/max_candidates", 0);
  check("knowledge/plan/targets.json", "/targets/0/arch", nullptr);
  check("knowledge/diagnose/log_markers.json", "/perplexity", nullptr);
  check("knowledge/diagnose/rules.json", "/rules/0/return_to_checkpoint", "3");
  check("knowledge/verify/schemes.json", "/schemes/fp8/config_weight_dtype", nullptr);
  check("knowledge/verify/checkpoint_names.json", "/renames/mixtral/0/replace", nullptr);
}

TEST(KnowledgeLoaders, ShippedFilesLoad) {
  EXPECT_TRUE(knowledge::estimate_constants());
  EXPECT_TRUE(knowledge::environment_facts());
  EXPECT_TRUE(knowledge::model_families());
  EXPECT_TRUE(knowledge::forward_risks());
  EXPECT_TRUE(knowledge::plan_rules());
  EXPECT_TRUE(knowledge::plan_targets());
  EXPECT_TRUE(knowledge::log_markers());
  EXPECT_TRUE(knowledge::diagnosis_rules());
  EXPECT_TRUE(knowledge::verify_schemes());
  EXPECT_TRUE(knowledge::verify_checkpoint_names());
  for (const auto& r : knowledge::shipped_releases()) {
    EXPECT_TRUE(knowledge::schemes(r)) << r;
    EXPECT_TRUE(knowledge::template_set(r)) << r;
  }
}

TEST(KnowledgeLoaders, StrictFieldsNameTheFirstBadField) {
  core::Json doc = {{"a", {{"x", 1}, {"flag", "yes"}}}};
  knowledge::StrictFields f("knowledge/test.json");
  EXPECT_EQ(f.number(doc["a"], "/a", "x"), 1.0);
  EXPECT_TRUE(f.ok());
  EXPECT_FALSE(f.boolean(doc["a"], "/a", "flag"));
  (void)f.number(doc["a"], "/a", "missing");
  auto r = f.result();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "knowledge.data_invalid");
  EXPECT_EQ(r.error().code, core::ExitCode::internal);
  EXPECT_EQ(r.error().detail, "/a/flag is not a boolean");
}

// The forward-risk rules name catalog ids (each with its _hint, in both languages), and their
// loader refuses a rule with a field missing or mistyped, naming it.
TEST(KnowledgeLoaders, ForwardRisksNameCatalogIdsAndLoadStrictly) {
  auto rules = knowledge::forward_risks();
  ASSERT_TRUE(rules) << rules.error().detail;
  ASSERT_FALSE((*rules)->rules.empty());
  for (const auto& r : (*rules)->rules) {
    for (const std::string& id : {r.risk, r.risk + "_hint", r.unchecked_risk, r.unchecked_risk + "_hint"}) {
      EXPECT_TRUE(core::catalog_has(core::Lang::en, id)) << id;
      EXPECT_TRUE(core::catalog_has(core::Lang::ja, id)) << id;
    }
  }
  core::Json doc = *core::parse_json(*core::embedded_file("knowledge/intake/forward_risks.json"), "forward_risks.json");
  doc["rules"][0]["field"] = 8;
  auto bad = knowledge::parse_forward_risks(doc);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().id, "knowledge.data_invalid");
  EXPECT_EQ(bad.error().detail, "/rules/0/field is not a string");
  doc["rules"][0].erase("field");
  bad = knowledge::parse_forward_risks(doc);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().detail, "/rules/0/field is missing");
  EXPECT_FALSE(knowledge::parse_forward_risks(core::Json::object()));
}

core::Json shipped(const std::string& path) { return *core::parse_json(*core::embedded_file(path), path); }

// `parse` of the shipped document at `path` with `pointer` set to `value` (removed when null)
// fails with knowledge.data_invalid and `detail`.
template <typename Parse>
void expect_invalid(Parse parse, const std::string& path, const std::string& pointer, const core::Json& value, const std::string& detail) {
  core::Json doc = shipped(path);
  auto ptr = nlohmann::ordered_json::json_pointer(pointer);
  if (value.is_null()) {
    doc[ptr.parent_pointer()].erase(ptr.back());
  } else {
    doc[ptr] = value;
  }
  auto bad = parse(doc);
  ASSERT_FALSE(bad) << path << pointer;
  EXPECT_EQ(bad.error().id, "knowledge.data_invalid") << path << pointer;
  EXPECT_EQ(bad.error().code, core::ExitCode::internal) << path << pointer;
  EXPECT_EQ(bad.error().detail.substr(0, detail.size()), detail) << path << pointer;
}

// The loaders of the planner's, the run's, the diagnosis' and verification's tables read the
// shipped files into their types and refuse a missing or mistyped field, or a pattern that
// does not compile, naming it.
TEST(KnowledgeLoaders, PlanRulesAndTargetsAreTypedAndStrict) {
  auto rules = knowledge::plan_rules();
  ASSERT_TRUE(rules) << rules.error().detail;
  const knowledge::PlanRules& r = **rules;
  EXPECT_EQ(knowledge::PlanRules::preferences(r.scheme_preferences, "size", "gfx950"), (std::vector<std::string>{"mxfp4", "fp8"}));
  EXPECT_TRUE(knowledge::PlanRules::preferences(r.scheme_preferences, "size", "gfx1").empty());
  EXPECT_EQ(r.kv_cache_default.at("size"), std::optional<std::string>("fp8"));
  EXPECT_EQ(r.kv_cache_default.at("accuracy"), std::nullopt);
  EXPECT_EQ(r.role_patterns.count("_comment"), 0u);
  EXPECT_EQ(r.role_order.size(), r.role_patterns.size());
  EXPECT_EQ(r.evaluation.budgets.at("smoke").windows, 8);
  EXPECT_DOUBLE_EQ(r.evaluation.max_ppl_increase_pct.at("balanced"), 5.0);
  EXPECT_EQ(r.scheme_failures.with_algorithm.at("awq").count("nvfp4"), 1u);
  expect_invalid(knowledge::parse_plan_rules, "knowledge/plan/rules.json", "/evaluation/full/windows", "40",
                 "/evaluation/full/windows is not an integer");
  expect_invalid(knowledge::parse_plan_rules, "knowledge/plan/rules.json", "/kv_cache_default/size", 8,
                 "/kv_cache_default/size is neither");
  expect_invalid(knowledge::parse_plan_rules, "knowledge/plan/rules.json", "/role_order", nullptr, "/role_order is missing");
  EXPECT_EQ(r.comparison.max_candidates, 4);
  expect_invalid(knowledge::parse_plan_rules, "knowledge/plan/rules.json", "/comparison/max_candidates", "4",
                 "/comparison/max_candidates is not an integer");

  auto targets = knowledge::plan_targets();
  ASSERT_TRUE(targets) << targets.error().detail;
  ASSERT_FALSE((*targets)->targets.empty());
  EXPECT_EQ((*targets)->targets.back().name, "cpu");
  EXPECT_FALSE((*targets)->targets.back().memory_gib);
  EXPECT_EQ((*targets)->detectors.front().program, "nvidia-smi");
  expect_invalid(knowledge::parse_plan_targets, "knowledge/plan/targets.json", "/targets/1/match", "MI325X",
                 "/targets/1/match is not a list of strings");
  expect_invalid(knowledge::parse_plan_targets, "knowledge/plan/targets.json", "/detectors/0/program", nullptr,
                 "/detectors/0/program is missing");
}

TEST(KnowledgeLoaders, LogMarkersAndDiagnosisRulesCompileTheirPatterns) {
  auto markers = knowledge::log_markers();
  ASSERT_TRUE(markers) << markers.error().detail;
  ASSERT_FALSE((*markers)->stages.empty());
  EXPECT_EQ((*markers)->stages.front().name, "loading_model");
  EXPECT_TRUE(std::regex_search("[QUARK-INFO]: Perplexity: 12.5", (*markers)->perplexity));
  expect_invalid(knowledge::parse_log_markers, "knowledge/diagnose/log_markers.json", "/stages/2/patterns/0", "([",
                 "/stages/2/patterns/0 does not compile");
  expect_invalid(knowledge::parse_log_markers, "knowledge/diagnose/log_markers.json", "/perplexity", "(", "/perplexity does not compile");
  expect_invalid(knowledge::parse_log_markers, "knowledge/diagnose/log_markers.json", "/line_filter", nullptr, "/line_filter is missing");

  auto rules = knowledge::diagnosis_rules();
  ASSERT_TRUE(rules) << rules.error().detail;
  ASSERT_FALSE((*rules)->rules.empty());
  EXPECT_EQ((*rules)->rules.back().id, "unclassified");
  const std::string path = "knowledge/diagnose/rules.json";
  expect_invalid(knowledge::parse_diagnosis_rules, path, "/rules/0/any/0", "(", "/rules/0/any/0 does not compile");
  expect_invalid(knowledge::parse_diagnosis_rules, path, "/rules/0/return_to_checkpoint", 5, "/rules/0/return_to_checkpoint is not 1..4");
  expect_invalid(knowledge::parse_diagnosis_rules, path, "/rules/0/category", nullptr, "/rules/0/category is missing");
  expect_invalid(knowledge::parse_diagnosis_rules, path, "/rules", core::Json::array(), "/rules is empty");
}

TEST(KnowledgeLoaders, VerifyTablesAreTypedAndStrict) {
  auto schemes = knowledge::verify_schemes();
  ASSERT_TRUE(schemes) << schemes.error().detail;
  EXPECT_EQ((*schemes)->schemes.at("fp8").config_weight_dtype, "fp8_e4m3");
  EXPECT_EQ((*schemes)->kv_cache.at("fp8").required_tensors, (std::vector<std::string>{"output_scale"}));
  expect_invalid(knowledge::parse_verify_schemes, "knowledge/verify/schemes.json", "/schemes/fp8/weight_dtypes", "F8_E4M3",
                 "/schemes/fp8/weight_dtypes is not a list of strings");
  expect_invalid(knowledge::parse_verify_schemes, "knowledge/verify/schemes.json", "/tokenizer_files/one_of", nullptr,
                 "/tokenizer_files/one_of is missing");

  auto names = knowledge::verify_checkpoint_names();
  ASSERT_TRUE(names) << names.error().detail;
  const auto& mixtral = (*names)->renames.at("mixtral");
  ASSERT_FALSE(mixtral.empty());
  EXPECT_EQ(std::regex_replace("model.layers.0.block_sparse_moe.gate", mixtral.front().compiled, mixtral.front().replace),
            "model.layers.0.mlp.gate");
  EXPECT_EQ((*names)->non_linear_weight_holders.at("gpt_oss"), (std::vector<std::string>{"*.mlp.router"}));
  const std::string path = "knowledge/verify/checkpoint_names.json";
  expect_invalid(knowledge::parse_verify_checkpoint_names, path, "/renames/mixtral/1/match", "([",
                 "/renames/mixtral/1/match does not compile");
  expect_invalid(knowledge::parse_verify_checkpoint_names, path, "/non_linear_weight_holders/dbrx", "*.ffn.router",
                 "/non_linear_weight_holders/dbrx is not a list");
}

// The rule holds when the object is there and the field is null or absent in it.
TEST(KnowledgeLoaders, AForwardRiskHoldsOnANullOrAbsentField) {
  knowledge::ForwardRisk r;
  r.model_type = "dbrx";
  r.object = "attn_config";
  r.field = "clip_qkv";
  EXPECT_TRUE(r.holds_for({{"attn_config", {{"clip_qkv", nullptr}}}}));
  EXPECT_TRUE(r.holds_for({{"attn_config", core::Json::object()}}));
  EXPECT_FALSE(r.holds_for({{"attn_config", {{"clip_qkv", 8}}}}));
  EXPECT_FALSE(r.holds_for(core::Json::object()));
  knowledge::ForwardRisks set{{r}};
  EXPECT_EQ(set.holding("dbrx", {{"attn_config", core::Json::object()}}).size(), 1u);
  EXPECT_TRUE(set.holding("llama", {{"attn_config", core::Json::object()}}).empty());
}

// The bits per weight of the formats Quark 0.13 defines itself (quark/common/data_type.py:
// avg_bits_per_element of BaseMX6 / BaseMX9, k1 = 16; BFP16: 8-bit elements sharing an
// 8-bit exponent per block of 8).
TEST(KnowledgeLoaders, TwoLevelFormatsHaveQuarksBitsAndBlocks) {
  auto cat = knowledge::schemes("0.13");
  ASSERT_TRUE(cat);
  struct Want {
    const char* name;
    double bits;
    int group;
  };
  for (const Want& w : {Want{"mx6", 6, 16}, Want{"mx9", 9, 16}, Want{"bfp16", 9, 8}}) {
    const knowledge::Scheme* s = (*cat)->find(w.name);
    ASSERT_NE(s, nullptr) << w.name;
    EXPECT_DOUBLE_EQ(s->bytes_per_weight * 8, w.bits) << w.name;
    EXPECT_EQ(s->weight.group_size.value_or(0), w.group) << w.name;
  }
}

}  // namespace

// A field a file may leave out is absent or null; present, it still has to have its type.
TEST(KnowledgeLoaders, OptionalFieldsMayBeAbsentButNeverMistyped) {
  core::Json doc = {{"s", "x"}, {"n", nullptr}, {"i", 3}, {"wrong", "3"}};
  knowledge::StrictFields f("knowledge/test.json");
  EXPECT_EQ(f.optional_string(doc, "", "s"), std::optional<std::string>("x"));
  EXPECT_EQ(f.optional_string(doc, "", "n"), std::nullopt);
  EXPECT_EQ(f.optional_string(doc, "", "absent"), std::nullopt);
  EXPECT_EQ(f.optional_integer(doc, "", "i"), std::optional<std::int64_t>(3));
  EXPECT_EQ(f.optional_object(doc, "", "absent"), nullptr);
  EXPECT_TRUE(f.ok());
  EXPECT_EQ(f.optional_integer(doc, "", "wrong"), std::nullopt);
  auto r = f.result();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().detail, "/wrong is not an integer");
}

// The loaders that filled in defaults for a missing or mistyped field (the release files, the
// model families) read strictly now: the file's values or an error naming the field.
TEST(KnowledgeLoaders, ReleaseFilesAndModelFamiliesAreStrict) {
  for (const auto& release : knowledge::shipped_releases()) {
    const std::string datasets = "knowledge/quark/" + release + "/datasets.json";
    auto from_datasets = [&release](const core::Json& d) { return knowledge::DatasetCatalog::from_json(d, release); };
    expect_invalid(from_datasets, datasets, "/defaults/seq_len", "512", "/defaults/seq_len is not an integer");
    expect_invalid(from_datasets, datasets, "/defaults/evaluation_dataset", nullptr, "/defaults/evaluation_dataset is missing");
    expect_invalid(from_datasets, datasets, "/calibration/0/loadable", nullptr, "/calibration/0/loadable is missing");
    auto loaded = knowledge::DatasetCatalog::load(release);
    ASSERT_TRUE(loaded) << loaded.error().detail;
    EXPECT_EQ(loaded->defaults().evaluation_dataset, "wikitext");
    EXPECT_GT(loaded->defaults().num_calib_data, 0);

    const std::string schemes = "knowledge/quark/" + release + "/schemes.json";
    auto from_schemes = [&release](const core::Json& d) { return knowledge::SchemeCatalog::from_json(d, release); };
    expect_invalid(from_schemes, schemes, "/schemes/0/weight/bits", "8", "/schemes/0/weight/bits is not an integer");
    expect_invalid(from_schemes, schemes, "/schemes/0/native_on", nullptr, "/schemes/0/native_on is missing");
    expect_invalid(from_schemes, schemes, "/schemes/0/note", 5, "/schemes/0/note is not a string");
  }
  expect_invalid(knowledge::parse_model_families, "knowledge/model_families.json", "/linear_layouts/_default/lm_head", nullptr,
                 "/linear_layouts/_default/lm_head is missing");
  expect_invalid(knowledge::parse_model_families, "knowledge/model_families.json", "/linear_layouts/phi3/mlp", "mlp.fc1",
                 "/linear_layouts/phi3/mlp is not a list of strings");
  expect_invalid(knowledge::parse_model_families, "knowledge/model_families.json", "/memory/multi_device_bytes", nullptr,
                 "/memory/multi_device_bytes is missing");
  expect_invalid(knowledge::parse_model_families, "knowledge/model_families.json", "/loading_class/_default", nullptr,
                 "role_rules, hidden_size_keys");
  // Every priority has its evaluation threshold: the planner has no fallback for one.
  expect_invalid(knowledge::parse_plan_rules, "knowledge/plan/rules.json", "/evaluation/max_ppl_increase_pct/size", nullptr,
                 "/evaluation/max_ppl_increase_pct has no threshold for the priority size");
}
