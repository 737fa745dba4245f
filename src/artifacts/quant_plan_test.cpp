// quant_plan.json's typed document: a document as `quark-ptq plan` writes it decodes and
// encodes back to the same bytes, the decoded value survives encode -> decode, and a field of
// the wrong type is one error naming it.
#include "artifacts/quant_plan.h"

#include <filesystem>

#include <gtest/gtest.h>

namespace {

// A candidate's plan: every section a plan has, less requires_confirmation.
constexpr const char* kCandidate = R"J({
    "artifact": "quant_plan", "schema_version": 1, "quark_ptq_version": "0.1.0",
    "model": {"model_type": "llama", "analysis_ref": "model_analysis.json"},
    "options": {"scheme": "int4_wo_64"}, "command": "quark-ptq plan --scheme int4_wo_64",
    "analysis_digest": "sha256:0000000000000000000000000000000000000000000000000000000000000000",
    "quark": {"version": "0.12", "source": "shipped_knowledge", "verified": false, "knowledge_release": "0.12", "python": null,
              "quark_cli": null},
    "target": {"name": "unknown", "arch": "unknown", "vendor": "unknown", "source": "unknown"},
    "priority": "size", "global_scheme": "int4_wo_64", "scheme_facts": null, "kv_cache_scheme": null, "layer_quant_config": {},
    "exclude_layers": [], "exclude_source": "user", "algorithm": null, "algorithms": [],
    "calibration": {"dataset": "pileval", "num_calib_data": 512, "seq_len": 512, "batch_size": 1},
    "evaluation_intent": "none", "device_strategy": "single", "trust_remote_code": false, "output_format": "hf_safetensors",
    "template_file": null, "patterns": [],
    "modules": {"inventory_known": false, "total": 0, "quantized": 0, "excluded": 0, "quantized_by_role": {}, "excluded_by_role": {},
                "quantized_list": [], "excluded_list": [], "source": "none"},
    "decisions": [], "risks": [], "resolved_risks": []
  })J";

// A comparison on a known host: every optional part the writer can write (packages, memory,
// evidence, both formats, an override, the evaluation, the oracle's names, a hint, a resolved
// risk, a refit candidate and a scheme left out).
core::Json written() {
  core::Json doc = core::Json::parse(R"J({
    "artifact": "quant_plan", "schema_version": 1, "quark_ptq_version": "0.1.0",
    "model": {"model_type": "llama", "analysis_ref": "model_analysis.json", "model_path": "/m"},
    "options": {"target": "h100", "compare": "fp8,int4_wo_128", "calib_samples": 16},
    "command": "quark-ptq plan --target h100 --compare fp8,int4_wo_128 --calib-samples 16",
    "analysis_digest": "sha256:894f4f5623f0026539724ee4d021eff15cd1917b0652b70f7b2f56e0a75360a6",
    "quark": {"version": "0.13", "source": "installed", "verified": true, "knowledge_release": "0.13", "python": "/v/bin/python",
              "quark_cli": "/v/bin/quark-cli", "packages": {"amd-quark": "0.13", "torch": "2.11.0"}},
    "target": {"name": "h100", "arch": "sm_90", "vendor": "nvidia", "source": "option", "memory_gib": 80.0, "evidence": "nvidia-smi"},
    "priority": "balanced", "global_scheme": "fp8",
    "scheme_facts": {"family": "fp8",
                     "weight": {"format": "fp8_e4m3", "bits": 8, "granularity": "per_tensor", "group_size": null, "dynamic": false},
                     "activation": {"format": "fp8_e4m3", "bits": 8, "granularity": "per_group", "group_size": 32, "dynamic": true},
                     "bytes_per_weight": 1.0, "native_on": ["sm_90"], "native_on_target": true, "knowledge_release": "0.13"},
    "kv_cache_scheme": "fp8", "layer_quant_config": {"model.layers.0.*": "int8", "lm_head": "fp8"},
    "exclude_layers": ["lm_head"], "exclude_source": "template_default", "algorithm": "awq,gptq", "algorithms": ["awq", "gptq"],
    "calibration": {"dataset": "pileval", "num_calib_data": 16, "seq_len": 128, "batch_size": 1,
                    "source": {"dataset": "cli_default", "num_calib_data": "user", "seq_len": "user", "batch_size": "cli_default"},
                    "cli_defaults": {"dataset": "pileval", "num_calib_data": 512, "seq_len": 512, "batch_size": 1}},
    "evaluation_intent": "smoke",
    "evaluation": {"intent": "smoke", "windows": 8, "seq_len": 256, "canary_tokens": 16, "budget_seconds": 900,
                   "max_ppl_increase_pct": 5.0, "z": 1.96, "text": null},
    "device_strategy": "multi_device", "trust_remote_code": true, "output_format": "hf_safetensors", "template_file": "/t.json",
    "patterns": [{"pattern": "lm_head", "kind": "exclude", "matches": 1},
                 {"pattern": "model.layers.0.*", "kind": "override", "matches": 7, "scheme": "int8"}],
    "modules": {"inventory_known": true, "total": 211, "quantized": 210, "excluded": 1, "quantized_by_role": {"attention": 120, "mlp": 90},
                "excluded_by_role": {"lm_head": 1}, "quantized_list": ["model.layers.*.mlp.up_proj (x30)"], "excluded_list": ["lm_head"],
                "source": "checkpoint headers", "uncounted_prequantized": {"tensors": 24, "names": ["x.blocks (x24)"]},
                "oracle_not_used": {"id": "plan.oracle.failed", "args": {"why": "w"}, "text": "failed: w", "detail": "ImportError"}},
    "checkpoint_names": {"source": "oracle", "renames": [{"match": "^model\\.", "replace": ""}], "non_linear_holders": ["model.embed_tokens"],
                         "linear_modules": ["lm_head"]},
    "decisions": [{"key": "global_scheme", "value": "fp8", "source": "user",
                   "reason": {"id": "plan.reason.scheme_compare", "args": {"scheme": "fp8"}, "text": "fp8 is a candidate"},
                   "alternatives": ["int8"]}],
    "risks": [{"severity": "high", "message": "m", "id": "plan.risk.x", "args": {"b": "2", "a": "1"}, "origin": "analysis",
               "hint": {"id": "plan.hint.x", "args": {}, "text": "do y"}}],
    "resolved_risks": [{"decision": "device_strategy", "severity": "medium", "risk": {"id": "r", "args": {}, "text": "rt"},
                        "how": {"id": "h", "args": {"n": "2"}, "text": "ht"}}],
    "requires_confirmation": true,
    "comparison": {"mode": "named", "max": 4, "candidates": [], "left_out": [
                     {"scheme": "mxfp4", "code": "over_bound", "reason": {"id": "plan.compare.over_bound", "args": {}, "text": "too many"}}]}
  })J");
  core::Json refit = core::Json::parse(R"J({"id": "plan.compare.refit", "args": {"asked": "int4_wo_128"}, "text": "regrouped"})J");
  doc["comparison"]["candidates"].push_back(
      {{"name", "fp8"}, {"asked", "fp8"}, {"refit", nullptr}, {"plan", core::Json::parse(kCandidate)}});
  doc["comparison"]["candidates"].push_back(
      {{"name", "int4_wo_64"}, {"asked", "int4_wo_128"}, {"refit", refit}, {"plan", core::Json::parse(kCandidate)}});
  return doc;
}

TEST(QuantPlan, AWrittenDocumentEncodesBackToTheSameBytes) {
  core::Json single = written();
  single.erase("comparison");
  for (const core::Json& doc : {written(), single}) {
    auto p = artifacts::QuantPlan::from_json(doc);
    ASSERT_TRUE(p) << *p.error().arg("problem");
    EXPECT_EQ(core::dump_pretty(p->to_json()), core::dump_pretty(doc));
    auto again = artifacts::QuantPlan::from_json(p->to_json());
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, *p);
  }
}

TEST(QuantPlan, ReadsEachFieldByItsName) {
  auto p = artifacts::QuantPlan::from_json(written());
  ASSERT_TRUE(p);
  EXPECT_EQ(p->model.model_path, "/m");
  EXPECT_EQ(p->options["calib_samples"], 16);
  EXPECT_EQ(p->quark->packages->at("torch"), "2.11.0");
  EXPECT_EQ(p->target->memory_gib, 80.0);
  EXPECT_EQ(p->scheme_facts->activation->group_size, 32);
  EXPECT_EQ(p->scheme_facts->weight->group_size, std::nullopt);
  EXPECT_EQ(p->layer_quant_config.at(0), (std::pair<std::string, std::string>{"model.layers.0.*", "int8"}));
  EXPECT_EQ(p->calibration->values.num_calib_data, 16);
  EXPECT_EQ(p->calibration->cli_defaults->seq_len, 512);
  EXPECT_EQ(p->evaluation->budget_seconds, 900.0);
  EXPECT_EQ(p->evaluation->text, std::nullopt);
  EXPECT_EQ(p->patterns.at(1).scheme, "int8");
  EXPECT_EQ(p->modules->uncounted_prequantized->tensors, 24);
  EXPECT_EQ(p->modules->oracle_not_used->detail, "ImportError");
  EXPECT_EQ(p->checkpoint_names->renames.at(0).first, "^model\\.");
  EXPECT_EQ(p->risks.at(0).args.at(0).first, "b");  // the order written
  EXPECT_EQ(p->risks.at(0).hint->text, "do y");
  EXPECT_EQ(p->resolved_risks.at(0).how.args.at(0).second, "2");
  ASSERT_TRUE(p->comparison);
  ASSERT_EQ(p->comparison->candidates.size(), 2u);
  EXPECT_FALSE(p->comparison->candidates[0].refit);
  EXPECT_EQ(p->comparison->candidates[1].refit->id, "plan.compare.refit");
  EXPECT_EQ(p->comparison->candidates[1].plan.global_scheme, "int4_wo_64");
  EXPECT_FALSE(p->comparison->candidates[1].plan.requires_confirmation);
  EXPECT_EQ(p->comparison->left_out.at(0).code, "over_bound");
}

// A plan made by hand may state what quark-cli runs with beyond what `quark-ptq plan` writes.
TEST(QuantPlan, ReadsTheFieldsAHandMadePlanMayState) {
  core::Json doc = written();
  doc["multi_device"] = true;
  doc["evaluation_dataset"] = "wikitext";
  doc["env_changes"] = core::Json::parse(R"([{"name": "HIP_VISIBLE_DEVICES", "value": "0"}])");
  auto p = artifacts::QuantPlan::from_json(doc);
  ASSERT_TRUE(p) << *p.error().arg("problem");
  EXPECT_EQ(p->multi_device, true);
  EXPECT_EQ(p->evaluation_dataset, "wikitext");
  EXPECT_EQ(p->env_changes->at(0), (std::pair<std::string, std::string>{"HIP_VISIBLE_DEVICES", "0"}));
  EXPECT_EQ(artifacts::QuantPlan::from_json(p->to_json()).value(), *p);
  doc["env_changes"][0]["value"] = 0;
  auto wrong = artifacts::QuantPlan::from_json(doc);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(*wrong.error().arg("problem"), "env_changes/0/value is not a string");
}

TEST(QuantPlan, AbsentSectionsReadAsUnset) {
  auto p = artifacts::QuantPlan::from_json(core::Json::object());
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->quark);
  EXPECT_FALSE(p->calibration);
  EXPECT_FALSE(p->evaluation);
  EXPECT_FALSE(p->requires_confirmation);
  EXPECT_FALSE(p->comparison);
  EXPECT_TRUE(p->options.is_null());
  EXPECT_TRUE(p->global_scheme.empty());
}

// A field of the wrong type is one error naming it by its path, never a default.
TEST(QuantPlan, AFieldOfTheWrongTypeIsNamed) {
  struct Case {
    const char* pointer;
    core::Json value;
    const char* named;
  };
  for (const Case& c : {Case{"/global_scheme", 1, "global_scheme is not a string"},
                        Case{"/schema_version", "1", "schema_version is not a whole number"},
                        Case{"/model", "llama", "model is not an object"},
                        Case{"/options", "x", "options is not an object"},
                        Case{"/quark/verified", "yes", "quark/verified is not true or false"},
                        Case{"/quark/packages/torch", 2, "quark/packages/torch is not a string"},
                        Case{"/target/memory_gib", "80", "target/memory_gib is not a number"},
                        Case{"/scheme_facts/weight/bits", "8", "scheme_facts/weight/bits is not a whole number"},
                        Case{"/scheme_facts/native_on/0", 9, "scheme_facts/native_on/0 is not a string"},
                        Case{"/kv_cache_scheme", false, "kv_cache_scheme is not a string"},
                        Case{"/layer_quant_config/lm_head", 8, "layer_quant_config/lm_head is not a string"},
                        Case{"/exclude_layers", "lm_head", "exclude_layers is not a list"},
                        Case{"/calibration/num_calib_data", 1.5, "calibration/num_calib_data is not a whole number"},
                        Case{"/calibration/source/seq_len", 1, "calibration/source/seq_len is not a string"},
                        Case{"/evaluation/z", "1.96", "evaluation/z is not a number"},
                        Case{"/trust_remote_code", "no", "trust_remote_code is not true or false"},
                        Case{"/patterns/1/matches", "7", "patterns/1/matches is not a whole number"},
                        Case{"/modules/quantized_by_role/mlp", "90", "modules/quantized_by_role/mlp is not a whole number"},
                        Case{"/modules/oracle_not_used/detail", 1, "modules/oracle_not_used/detail is not a string"},
                        Case{"/checkpoint_names/renames/0/replace", 0, "checkpoint_names/renames/0/replace is not a string"},
                        Case{"/decisions/0/reason/args/scheme", 1, "decisions/0/reason/args/scheme is not a string"},
                        Case{"/risks/0/hint", "do y", "risks/0/hint is not an object"},
                        Case{"/resolved_risks/0/how/text", 3, "resolved_risks/0/how/text is not a string"},
                        Case{"/requires_confirmation", "true", "requires_confirmation is not true or false"},
                        Case{"/comparison/max", "4", "comparison/max is not a whole number"},
                        Case{"/comparison/candidates/1/refit", "x", "comparison/candidates/1/refit is not an object"},
                        Case{"/comparison/candidates/1/plan/calibration/seq_len", "512",
                             "comparison/candidates/1/plan/calibration/seq_len is not a whole number"},
                        Case{"/comparison/left_out/0/reason/id", 1, "comparison/left_out/0/reason/id is not a string"}}) {
    core::Json doc = written();
    doc[core::Json::json_pointer(c.pointer)] = c.value;
    auto p = artifacts::QuantPlan::from_json(doc);
    ASSERT_FALSE(p) << c.pointer;
    EXPECT_EQ(p.error().id, "artifacts.field_invalid");
    EXPECT_EQ(*p.error().arg("problem"), c.named) << c.pointer;
    EXPECT_EQ(*p.error().arg("artifact"), "quant_plan.json");
  }
}

// Every plan the fixtures keep (recorded by quark-ptq on real hosts, several releases) reads;
// those written by a quark-ptq that records its version encode back to the same bytes.
TEST(QuantPlan, EveryRecordedFixtureReads) {
  int read = 0;
  int same = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(QPTQ_SOURCE_DIR) / "tests")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("quant_plan", 0) != 0 || entry.path().extension() != ".json") continue;
    auto doc = core::read_json_file(entry.path());
    if (!doc) continue;  // a fixture of an unreadable file
    auto p = artifacts::QuantPlan::from_json(*doc);
    ASSERT_TRUE(p) << entry.path() << ": " << *p.error().arg("problem");
    ++read;
    if (doc->contains("quark_ptq_version")) {
      EXPECT_EQ(core::dump_pretty(p->to_json()), core::dump_pretty(*doc)) << entry.path();
      ++same;
    }
  }
  EXPECT_GT(read, 40);
  EXPECT_GT(same, 10);
}

}  // namespace
