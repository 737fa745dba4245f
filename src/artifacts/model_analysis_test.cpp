// model_analysis.json's typed document: a document as intake writes it decodes and encodes
// back to the same bytes, the decoded value survives encode -> decode, and a field of the
// wrong type is one error naming it.
#include "artifacts/model_analysis.h"

#include <filesystem>
#include <tuple>

#include <gtest/gtest.h>

namespace {

// An MoE checkpoint read from its headers, with a pre-quantized tensor, a tower, a risk and the
// oracle's answer: every section and every optional part the writer can write.
core::Json headers_read() {
  return core::Json::parse(R"({
    "artifact": "model_analysis", "schema_version": 1, "quark_ptq_version": "0.9.0", "analysis_status": "partial",
    "source": {"kind": "hub", "input": "org/m", "repo_id": "org/m", "revision": "main", "commit": "0123", "endpoint": "https://hf.example",
               "snapshot_dir": "/cache/snap", "offline": false, "identity": {"kind": "hub", "commit": "0123"}},
    "model": {"model_path": "org/m", "model_type": "qwen3_moe", "text_model_type": null, "architectures": ["Qwen3MoeForCausalLM"],
              "loading_class": "AutoModelForCausalLM", "trust_remote_code": false,
              "remote_code": {"auto_map": [], "transformers_implements_model_type": true, "required": false,
                              "tokenizer_auto_map": ["X.Tok"], "config_auto_map": ["AutoConfig: c.C"]},
              "transformers_version": "4.51.0", "transformers_version_required": ">=4.51.0", "dtype": "bfloat16"},
    "architecture": {"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2,
                     "num_key_value_heads_source": "config", "head_dim": 16, "head_dim_source": "derived", "intermediate_size": 128,
                     "vocab_size": 1000, "max_position_embeddings": 4096, "tie_word_embeddings": false,
                     "tie_word_embeddings_source": "config", "attention": "gqa", "mla": null, "mtp_layers": null},
    "moe": {"is_moe": true, "num_experts": 8, "experts_per_token": 2, "shared_experts": 0, "moe_intermediate_size": 32,
            "shared_expert_intermediate_size": null, "moe_layers": "0-1", "dense_layers": "", "moe_layer_count": 2,
            "dense_layer_count": 0, "layer_rule": "every layer", "expert_tensors": "per_expert", "checkpoint_expert_layers": "0-1"},
    "multimodal": {"is_multimodal": true, "text_config_key": "text_config",
                   "towers": [{"kind": "vision", "config_key": "vision_config", "model_type": null, "hidden_size": 32, "num_layers": 2,
                               "linear_parameters": 4096, "linear_modules": 4}]},
    "pre_quantized": {"present": true, "quant_method": "fp8", "detail": "e4m3",
                      "tensors": [{"name": "model.layers.{}.mlp.weight_scale", "module": "model.layers.{}.mlp", "tensors": 2, "bytes": 8,
                                   "module_counted": true}],
                      "uncounted_tensors": 0, "uncounted_bytes": 0},
    "quark_templates": [{"quark_version": "0.12.post1", "has_template": false, "verified": true},
                        {"quark_version": "0.13", "has_template": true, "verified": true, "exclude_layers_name": ["lm_head"],
                         "kv_layers_name": ["*k_proj", "*v_proj"], "q_layer_name": ["*q_proj"], "gate_up_layers_name": []}],
    "files": {"weights_format": "safetensors", "safetensors_shards": ["model.safetensors"], "missing_shards": [], "has_index": false,
              "has_generation_config": true, "tokenizer_files": ["tokenizer.json"], "file_count": 5, "total_bytes": 1000123},
    "quantization_targets": {"exclude_defaults": ["lm_head"], "exclude_defaults_source": "quark 0.13 template qwen3_moe",
                             "linear_layer_count": 51, "quantized_layer_count": 50, "excluded_layer_count": 1, "method": "safetensors_headers",
                             "has_non_linear_experts": false, "has_conv1d": false,
                             "by_role": {"attention": {"linear_modules": 2, "quantized_modules": 2, "parameters": 8192},
                                         "lm_head": {"linear_modules": 1, "quantized_modules": 0, "parameters": 64000}},
                             "parameters": {"total": 500010, "linear": 400000, "quantized": 336000},
                             "linear_by_dtype": {"BF16": {"tensors": 51, "parameters": 400000, "bytes": 800000}},
                             "needs_moe_preparation": true},
    "inventory": {"source": "safetensors_headers", "shards": 1, "tensor_count": 10, "module_count": 9, "header_bytes": 2048,
                  "declared_bytes": 1000040,
                  "by_dtype": {"BF16": {"tensors": 9, "parameters": 500000, "bytes": 1000000}, "F32": {"tensors": 1, "parameters": 10, "bytes": 40}},
                  "groups": [
                    {"name": "model.layers.{}.self_attn.q_proj", "indices": [["0-1"]], "count": 2, "role": "attention", "kind": "linear",
                     "dtype": "BF16", "shape": [64, 64], "linear_modules": 1, "quantized": true},
                    {"name": "weird.{x}", "literal": true, "count": 1, "role": "other", "kind": "non_linear", "dtype": "F32", "shape": [10],
                     "linear_modules": 0, "quantized": false},
                    {"name": "lm_head", "count": 1, "role": "lm_head", "kind": "linear", "dtype": "BF16", "shape": [1000, 64],
                     "linear_modules": 1, "quantized": false, "tied": true}]},
    "missing_facts": ["rope_scaling"],
    "risks": [{"severity": "medium", "message": "m", "recovery_hint": "h", "id": "intake.risk.x", "args": {"n": "3", "what": "w"},
               "makes_partial": true}],
    "model_oracle": {"status": "answered", "versions": "torch=2.11.0", "reason": null,
                     "forward": {"status": "failed", "error": "boom", "function": null, "where": "m.py:3"}}
  })");
}

// A checkpoint that could not be read: the config estimate, no inventory, the oracle not asked.
core::Json config_estimate() {
  return core::Json::parse(R"({
    "artifact": "model_analysis", "schema_version": 1, "quark_ptq_version": "0.9.0", "analysis_status": "complete",
    "source": {"kind": "local", "input": "m", "offline": false},
    "model": {"model_path": "/m", "model_type": "llama", "text_model_type": null, "architectures": [], "loading_class": "AutoModelForCausalLM",
              "trust_remote_code": false, "remote_code": {"auto_map": [], "transformers_implements_model_type": true, "required": false,
              "tokenizer_auto_map": [], "config_auto_map": []},
              "transformers_version": null, "transformers_version_required": null, "dtype": null},
    "architecture": {"num_hidden_layers": null, "hidden_size": null, "num_attention_heads": null, "num_key_value_heads": null,
                     "num_key_value_heads_source": null, "head_dim": null, "head_dim_source": null, "intermediate_size": null,
                     "vocab_size": null, "max_position_embeddings": null, "tie_word_embeddings": null,
                     "tie_word_embeddings_source": "class_default", "attention": "mla", "mla": {"kv_lora_rank": 512}, "mtp_layers": 1},
    "moe": {"is_moe": false},
    "multimodal": {"is_multimodal": false, "text_config_key": null, "towers": []},
    "pre_quantized": {"present": false},
    "quark_templates": [],
    "files": {"weights_format": "none", "safetensors_shards": [], "missing_shards": [], "has_index": false, "has_generation_config": false,
              "tokenizer_files": [], "file_count": 1, "total_bytes": null},
    "quantization_targets": {"exclude_defaults": [], "exclude_defaults_source": "no quark 0.13 template for llama",
                             "linear_layer_count": 7, "quantized_layer_count": 7, "excluded_layer_count": 0, "method": "config_estimate",
                             "estimate_method": "per layer", "has_non_linear_experts": null, "needs_moe_preparation": false},
    "inventory": null,
    "missing_facts": [],
    "risks": [],
    "model_oracle": {"status": "not_asked", "versions": null, "reason": null, "forward": null}
  })");
}

TEST(ModelAnalysis, AWrittenDocumentEncodesBackToTheSameBytes) {
  for (const core::Json& doc : {headers_read(), config_estimate()}) {
    auto a = artifacts::ModelAnalysis::from_json(doc);
    ASSERT_TRUE(a) << a.error().id << " " << *a.error().arg("problem");
    EXPECT_EQ(core::dump_pretty(a->to_json()), core::dump_pretty(doc));
    auto again = artifacts::ModelAnalysis::from_json(a->to_json());
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, *a);
  }
}

TEST(ModelAnalysis, ReadsEachFieldByItsName) {
  auto a = artifacts::ModelAnalysis::from_json(headers_read());
  ASSERT_TRUE(a);
  EXPECT_EQ(a->source->commit, "0123");
  EXPECT_EQ(a->source->identity["commit"], "0123");
  EXPECT_EQ(a->model.remote_code->tokenizer_auto_map, std::vector<std::string>{"X.Tok"});
  EXPECT_EQ(a->architecture.num_key_value_heads, 2);
  EXPECT_EQ(a->architecture.mtp_layers, std::nullopt);
  EXPECT_EQ(a->moe.experts_per_token, 2);
  EXPECT_EQ(a->multimodal.towers.at(0).model_type, std::nullopt);
  EXPECT_EQ(a->pre_quantized.tensors->at(0).bytes, 8);
  ASSERT_EQ(a->quark_templates.size(), 2u);
  EXPECT_FALSE(a->quark_templates[0].names);
  EXPECT_EQ(a->quark_templates[1].names->kv_layers_name.size(), 2u);
  EXPECT_EQ(a->files.total_bytes, 1000123);
  EXPECT_EQ(a->quantization_targets.by_role->at("lm_head").parameters, 64000);
  EXPECT_EQ(a->quantization_targets.has_non_linear_experts, false);
  ASSERT_TRUE(a->inventory);
  EXPECT_EQ(a->inventory->by_dtype.at("F32").bytes, 40);
  EXPECT_EQ(a->inventory->groups[0].indices, (std::vector<std::vector<std::string>>{{"0-1"}}));
  EXPECT_TRUE(a->inventory->groups[1].literal);
  EXPECT_TRUE(a->inventory->groups[2].tied);
  ASSERT_EQ(a->risks.at(0).args.size(), 2u);
  EXPECT_EQ(a->risks[0].args[1].value, "w");
  EXPECT_EQ(a->model_oracle->forward->function, std::nullopt);

  auto e = artifacts::ModelAnalysis::from_json(config_estimate());
  ASSERT_TRUE(e);
  EXPECT_FALSE(e->inventory);
  EXPECT_FALSE(e->quantization_targets.has_non_linear_experts);
  EXPECT_EQ(e->architecture.mla["kv_lora_rank"], 512);
  EXPECT_FALSE(e->model_oracle->forward);
}

// An analysis made without intake's inventory (by hand, or by a tool of its own) may list its
// modules by name and state the template; both read, and encode back to what was read.
TEST(ModelAnalysis, ListedModulesAndTheTemplateRoundTrip) {
  core::Json doc = config_estimate();
  doc["quantization_targets"]["modules"] = core::Json::parse(R"(["lm_head", {"name": "model.layers.0.mlp.up_proj", "role": "mlp"}])");
  doc["template"] = core::Json::parse(R"({"available": false, "kv_layers_name": ["*k_proj"]})");
  auto a = artifacts::ModelAnalysis::from_json(doc);
  ASSERT_TRUE(a) << *a.error().arg("problem");
  ASSERT_TRUE(a->quantization_targets.modules);
  ASSERT_EQ(a->quantization_targets.modules->size(), 2u);
  EXPECT_EQ(a->quantization_targets.modules->at(0), (artifacts::ListedModule{"lm_head", std::nullopt}));
  EXPECT_EQ(a->quantization_targets.modules->at(1).role, "mlp");
  ASSERT_TRUE(a->template_info);
  EXPECT_EQ(a->template_info->available, false);
  EXPECT_EQ(a->template_info->kv_layers_name, std::vector<std::string>{"*k_proj"});
  EXPECT_EQ(core::dump_pretty(a->to_json()), core::dump_pretty(doc));
  auto again = artifacts::ModelAnalysis::from_json(a->to_json());
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *a);

  // A template that states only whether one exists leaves the KV layers unknown.
  doc["template"] = core::Json::parse(R"({"available": true})");
  auto only = artifacts::ModelAnalysis::from_json(doc);
  ASSERT_TRUE(only);
  EXPECT_EQ(only->template_info->available, true);
  EXPECT_FALSE(only->template_info->kv_layers_name);

  using Bad = std::tuple<const char*, core::Json, const char*>;
  for (const auto& [pointer, value, named] :
       {Bad{"/quantization_targets/modules/0", 3, "quantization_targets/modules/0 is not an object"},
        Bad{"/quantization_targets/modules/1/role", 3, "quantization_targets/modules/1/role is not a string"},
        Bad{"/template/available", "no", "template/available is not true or false"},
        Bad{"/template/kv_layers_name", "*k_proj", "template/kv_layers_name is not a list"}}) {
    core::Json bad = doc;
    bad[core::Json::json_pointer(pointer)] = value;
    auto r = artifacts::ModelAnalysis::from_json(bad);
    ASSERT_FALSE(r) << pointer;
    EXPECT_EQ(*r.error().arg("problem"), named) << pointer;
  }
}

TEST(ModelAnalysis, AbsentSectionsReadAsUnset) {
  auto a = artifacts::ModelAnalysis::from_json(core::Json::object());
  ASSERT_TRUE(a);
  EXPECT_FALSE(a->source);
  EXPECT_FALSE(a->inventory);
  EXPECT_FALSE(a->model_oracle);
  EXPECT_TRUE(a->model.model_path.empty());
  EXPECT_TRUE(a->risks.empty());
}

// A field of the wrong type is one error naming it by its path, never a default.
TEST(ModelAnalysis, AFieldOfTheWrongTypeIsNamed) {
  struct Case {
    const char* pointer;
    core::Json value;
    const char* named;
  };
  for (const Case& c :
       {Case{"/analysis_status", 1, "analysis_status is not a string"},
        Case{"/schema_version", "1", "schema_version is not a whole number"},
        Case{"/source", "hub", "source is not an object"},
        Case{"/source/offline", "no", "source/offline is not true or false"},
        Case{"/model/model_path", core::Json::array(), "model/model_path is not a string"},
        Case{"/model/architectures/0", 7, "model/architectures/0 is not a string"},
        Case{"/model/remote_code/required", "yes", "model/remote_code/required is not true or false"},
        Case{"/architecture/hidden_size", 64.5, "architecture/hidden_size is not a whole number"},
        Case{"/architecture/mla", "x", "architecture/mla is not an object"},
        Case{"/moe/num_experts", "8", "moe/num_experts is not a whole number"},
        Case{"/multimodal/towers/0/num_layers", "2", "multimodal/towers/0/num_layers is not a whole number"},
        Case{"/pre_quantized/tensors/0/module_counted", 1, "pre_quantized/tensors/0/module_counted is not true or false"},
        Case{"/quark_templates/1/q_layer_name", "*q_proj", "quark_templates/1/q_layer_name is not a list"},
        Case{"/files/tokenizer_files", "tokenizer.json", "files/tokenizer_files is not a list"},
        Case{"/files/total_bytes", "1 GB", "files/total_bytes is not a whole number"},
        Case{"/quantization_targets/exclude_defaults/0", false, "quantization_targets/exclude_defaults/0 is not a string"},
        Case{"/quantization_targets/by_role/attention", 2, "quantization_targets/by_role/attention is not an object"},
        Case{"/quantization_targets/parameters/total", "many", "quantization_targets/parameters/total is not a whole number"},
        Case{"/quantization_targets/linear_by_dtype/BF16/bytes", "8",
             "quantization_targets/linear_by_dtype/BF16/bytes is not a whole number"},
        Case{"/inventory/by_dtype/F32", 40, "inventory/by_dtype/F32 is not an object"},
        Case{"/inventory/groups/0/indices/0/0", 1, "inventory/groups/0/indices/0/0 is not a string"},
        Case{"/inventory/groups/0/indices/0", "0-1", "inventory/groups/0/indices/0 is not a list"},
        Case{"/inventory/groups/2/shape/1", "64", "inventory/groups/2/shape/1 is not a whole number"},
        Case{"/inventory/groups/1/quantized", "no", "inventory/groups/1/quantized is not true or false"},
        Case{"/missing_facts", "rope", "missing_facts is not a list"},
        Case{"/risks/0/severity", 2, "risks/0/severity is not a string"},
        Case{"/risks/0/args/n", 3, "risks/0/args/n is not a string"},
        Case{"/model_oracle/forward/where", 3, "model_oracle/forward/where is not a string"}}) {
    core::Json doc = headers_read();
    doc[core::Json::json_pointer(c.pointer)] = c.value;
    auto a = artifacts::ModelAnalysis::from_json(doc);
    ASSERT_FALSE(a) << c.pointer;
    EXPECT_EQ(a.error().id, "artifacts.field_invalid");
    EXPECT_EQ(*a.error().arg("problem"), c.named) << c.pointer;
    EXPECT_EQ(*a.error().arg("artifact"), "model_analysis.json");
  }
  // A whole number written as a float by another writer is that number.
  core::Json doc = headers_read();
  doc["architecture"]["hidden_size"] = 64.0;
  EXPECT_EQ(artifacts::ModelAnalysis::from_json(doc)->architecture.hidden_size, 64);
}

// Every analysis the fixtures keep (recorded by quark-ptq on real hosts, several releases)
// reads, and one written in the current form encodes back to the same bytes.
TEST(ModelAnalysis, EveryRecordedFixtureReads) {
  int read = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(QPTQ_SOURCE_DIR) / "tests")) {
    if (entry.path().filename() != "model_analysis.json") continue;
    auto doc = core::read_json_file(entry.path());
    if (!doc) continue;  // a fixture of an unreadable file
    auto a = artifacts::ModelAnalysis::from_json(*doc);
    ASSERT_TRUE(a) << entry.path() << ": " << *a.error().arg("problem");
    ++read;
  }
  EXPECT_GT(read, 10);
}

}  // namespace
