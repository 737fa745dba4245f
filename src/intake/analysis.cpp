#include "intake/analysis.h"

#include <algorithm>
#include <set>

#include "intake/config_facts.h"
#include "intake/estimate.h"
#include "intake/inventory.h"
#include "intake/linear_inventory.h"
#include "intake/risks.h"
#include "intake/safetensors_index.h"
#include "intake/shard_pool.h"
#include "knowledge/release_data.h"
#include "knowledge/templates.h"
#include "knowledge/version_order.h"

namespace intake {

namespace {

constexpr std::string_view kIndexName = "model.safetensors.index.json";
constexpr std::string_view kSingleShard = "model.safetensors";

template <typename T>
core::Json opt(const std::optional<T>& v) {
  return v ? core::Json(*v) : core::Json(nullptr);
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string ranges_of(const std::vector<std::int64_t>& v) {
  std::vector<std::uint32_t> u;
  for (auto x : v) {
    if (x >= 0) u.push_back(static_cast<std::uint32_t>(x));
  }
  return u.empty() ? "" : format_ranges(u);
}

struct Weights {
  std::vector<std::string> shards;  // to read
  std::vector<std::string> missing_shards;
  std::optional<SafetensorsIndex> index;
  std::string format;  // safetensors, pytorch_bin, none
};

// The shard files a listing shows, sorted: top-level *.safetensors but consolidated.* (the
// same weights in another layout). Usually exactly the shards the index names.
std::vector<std::string> likely_shards(const std::vector<FileEntry>& listing) {
  std::vector<std::string> out;
  for (const auto& f : listing) {
    if (ends_with(f.name, ".safetensors") && f.name.find('/') == std::string::npos && f.name.rfind("consolidated", 0) != 0) {
      out.push_back(f.name);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// One shard's header and inventory part, read on whichever thread got to it.
struct ShardOutcome {
  std::optional<core::Result<ShardHeader>> header;
  InventoryPart part;
};

core::Result<Weights> find_weights(ModelFiles& files, const std::vector<FileEntry>& listing, const SourceInfo& src) {
  std::set<std::string> names;
  for (const auto& f : listing) names.insert(f.name);
  Weights w;
  if (names.count(std::string(kIndexName)) != 0) {
    QPTQ_TRY_ASSIGN(auto text, files.read_padded(kIndexName));
    if (text) {
      QPTQ_TRY_ASSIGN(auto idx, parse_index(text->text(), files.describe(kIndexName), text->capacity()));
      for (const auto& s : idx.shards) {
        if (names.count(s) == 0) {
          // A local directory must be complete; a cache snapshot may hold only some files.
          if (src.kind == "local") {
            return core::make_error(core::ExitCode::bad_input, "intake.index_shard_missing")
                .with("index", files.describe(kIndexName))
                .with("shard", s);
          }
          w.missing_shards.push_back(s);
        } else {
          w.shards.push_back(s);
        }
      }
      w.index = std::move(idx);
      w.format = "safetensors";
      return w;
    }
  }
  if (names.count(std::string(kSingleShard)) != 0) {
    w.shards.push_back(std::string(kSingleShard));
    w.format = "safetensors";
    return w;
  }
  for (const auto& n : names) {
    // Top-level shards without an index; consolidated.* is a duplicate in another layout.
    if (ends_with(n, ".safetensors") && n.find('/') == std::string::npos && n.rfind("consolidated", 0) != 0) {
      w.shards.push_back(n);
    }
  }
  if (!w.shards.empty()) {
    w.format = "safetensors";
    return w;
  }
  bool bin = std::any_of(names.begin(), names.end(), [](const std::string& n) {
    return n == "pytorch_model.bin" || n == "pytorch_model.bin.index.json" || (ends_with(n, ".bin") && n.rfind("pytorch_model", 0) == 0);
  });
  w.format = bin ? "pytorch_bin" : "none";
  return w;
}

core::Json modalities_json(const ModelFacts& f, const LinearInventory* inv) {
  core::Json towers = core::Json::array();
  for (const auto& m : f.modalities) {
    core::Json t = {{"kind", m.kind}, {"config_key", m.config_key}, {"model_type", opt(m.model_type)},
                    {"hidden_size", opt(m.hidden_size)}, {"num_layers", opt(m.num_layers)}};
    if (inv != nullptr) {
      auto it = inv->by_role.find(m.kind);
      t["linear_parameters"] = it == inv->by_role.end() ? 0 : it->second.parameters;
      t["linear_modules"] = it == inv->by_role.end() ? 0 : it->second.linear_modules;
    }
    towers.push_back(std::move(t));
  }
  return {{"is_multimodal", !f.modalities.empty()}, {"text_config_key", f.text_config_key.empty() ? core::Json(nullptr) : core::Json(f.text_config_key)},
          {"towers", std::move(towers)}};
}

core::Json dtype_totals(const std::map<std::string, DtypeTotals>& m) {
  core::Json out = core::Json::object();
  for (const auto& [k, v] : m) out[k] = {{"tensors", v.tensors}, {"parameters", v.parameters}, {"bytes", v.bytes}};
  return out;
}

}  // namespace

core::Result<core::Json> analyze_files(ModelFiles& files, const SourceInfo& src, unsigned header_threads) {
  QPTQ_TRY_ASSIGN(std::vector<FileEntry> listing, files.list());
  QPTQ_TRY_ASSIGN(const knowledge::ModelFamilies* fam, knowledge::model_families());
  RiskList risks;
  // Header threads start now, so that they have a core by the time they have work.
  std::vector<std::string> guessed = likely_shards(listing);
  unsigned threads = !files.concurrent_headers() ? 1 : header_threads != 0 ? header_threads : header_threads_for(guessed.size());
  ShardPool pool(threads);

  QPTQ_TRY_ASSIGN(auto config_text, files.read_small("config.json"));
  if (!config_text) {
    return core::make_error(core::ExitCode::bad_input, "intake.config_missing").with("path", files.describe("config.json"));
  }
  QPTQ_TRY_ASSIGN(core::Json config, core::parse_json(*config_text, files.describe("config.json")));
  QPTQ_TRY_ASSIGN(ModelFacts facts, read_config_facts(config, *fam, files.describe("config.json")));

  // generation_config.json: presence and whether it parses (a broken one breaks loading).
  bool has_generation_config = false;
  QPTQ_TRY_ASSIGN(auto gen_text, files.read_small("generation_config.json"));
  if (gen_text) {
    has_generation_config = true;
    auto gen = core::parse_json(*gen_text, files.describe("generation_config.json"));
    if (!gen) risks.add("medium", message_id("intake.risk_generation_config_invalid"), {{"path", files.describe("generation_config.json")}});
  }

  std::vector<std::string> tokenizer_files;
  for (const auto& f : listing) {
    if (std::find(fam->tokenizer_files.begin(), fam->tokenizer_files.end(), f.name) != fam->tokenizer_files.end()) {
      tokenizer_files.push_back(f.name);
    }
  }

  // Quark templates for this model_type, per known release (Quark looks up config.model_type).
  core::Json quark = core::Json::array();
  std::optional<knowledge::QuarkTemplate> newest;
  std::string newest_version;
  auto versions = knowledge::shipped_releases();
  for (const auto& v : versions) {
    auto set = knowledge::template_set(v);
    auto t = knowledge::find_template(v, facts.model_type);
    core::Json e = {{"quark_version", v}, {"has_template", t.has_value()}, {"verified", set && (*set)->verified}};
    if (t) {
      e["exclude_layers_name"] = t->exclude_layers_name;
      e["kv_layers_name"] = t->kv_layers_name;
      e["q_layer_name"] = t->q_layer_name;
      e["gate_up_layers_name"] = t->gate_up_layers_name;
    }
    quark.push_back(std::move(e));
  }
  if (!versions.empty()) {
    newest_version = versions.back();
    newest = knowledge::find_template(newest_version, facts.model_type);
  }
  std::vector<std::string> exclusions = newest ? newest->exclude_layers_name : std::vector<std::string>{};
  if (!newest) {
    risks.add("high", message_id("intake.risk_no_template"), {{"model_type", facts.model_type}, {"version", newest_version}});
  }

  // Weights: headers when safetensors are there, else an estimate from config. The workers
  // read the headers of the shards the listing shows while this thread reads the index,
  // which decides which shards count; each shard's tensors become an inventory part, merged
  // below in the index's shard order (so the artifact does not depend on the threads).
  InventoryBuilder builder(facts, *fam, exclusions);
  std::vector<ShardScanner> scanners;
  for (unsigned k = 0; k < threads; ++k) scanners.emplace_back(builder.rules());
  std::vector<ShardOutcome> outcomes(guessed.size());
  auto read_shard = [&](unsigned worker, const std::string& shard, ShardOutcome& out) {
    ShardScanner& scanner = scanners[worker];
    out.header = files.read_header(shard, [&scanner](const TensorView& t) { scanner.add_tensor(t); });
    out.part = scanner.take_part();
    return out.header->has_value();
  };
  struct StopPool {
    ShardPool& pool;
    ~StopPool() { pool.stop(); }  // before the scanners and outcomes the workers use go away
  } stop_pool{pool};
  if (threads > 1) {
    pool.start(guessed.size(), [&](unsigned worker, std::size_t k) { return read_shard(worker, guessed[k], outcomes[k]); });
  }
  QPTQ_TRY_ASSIGN(Weights weights, find_weights(files, listing, src));
  pool.finish();

  std::uint64_t header_bytes = 0;
  std::uint64_t declared_bytes = 0;
  std::vector<std::string> unknown_dtypes;
  std::vector<InventoryPart> parts;  // in the index's shard order
  parts.reserve(weights.shards.size());
  for (std::size_t i = 0; i < weights.shards.size(); ++i) {
    const std::string& shard = weights.shards[i];
    ShardOutcome now;
    ShardOutcome* done = &now;
    auto at = std::lower_bound(guessed.begin(), guessed.end(), shard);
    auto k = static_cast<std::size_t>(at - guessed.begin());
    if (at != guessed.end() && *at == shard && pool.ran(k)) {
      done = &outcomes[k];
    } else {
      read_shard(threads - 1, shard, now);  // not guessed, or not reached before a failure
    }
    if (!*done->header) return std::move(*done->header).error();
    const ShardHeader& h = **done->header;
    header_bytes += 8 + h.header.header_length;
    declared_bytes += h.file_size;
    for (const auto& u : h.header.unknown_dtypes) {
      if (std::find(unknown_dtypes.begin(), unknown_dtypes.end(), u) == unknown_dtypes.end()) unknown_dtypes.push_back(u);
    }
    if (weights.index) {
      // The index must agree with the headers it points at.
      const auto& named = weights.index->shards;
      auto shard_id = static_cast<std::size_t>(std::find(named.begin(), named.end(), shard) - named.begin());
      std::size_t expected = weights.index->shard_tensors[shard_id];
      if (expected != h.header.tensor_count) {
        return core::make_error(core::ExitCode::bad_input, "intake.index_mismatch")
            .with("index", files.describe(kIndexName))
            .with("shard", shard)
            .with("expected", std::to_string(expected))
            .with("actual", std::to_string(h.header.tensor_count));
      }
    }
    parts.push_back(std::move(done->part));
  }
  builder.add_parts(std::move(parts));
  bool exact = weights.format == "safetensors" && weights.missing_shards.empty() && !weights.shards.empty();

  std::optional<LinearInventory> inv;
  if (exact) inv = builder.finish();

  // ---- risks ----
  if (!facts.missing.empty()) {
    std::string list;
    for (const auto& m : facts.missing) list += (list.empty() ? "" : ", ") + m;
    risks.add("medium", message_id("intake.risk_missing_facts"), {{"facts", list}}, true);
  }
  bool implemented = fam->transformers_implements(facts.model_type);
  bool remote_required = !implemented;
  if (remote_required) {
    risks.add("high", message_id("intake.risk_remote_code_required"), {{"model_type", facts.model_type}});
  } else if (!facts.auto_map.empty()) {
    risks.add("medium", message_id("intake.risk_auto_map"), {{"model_type", facts.model_type}});
  }
  if (facts.pre_quantized) {
    risks.add("high", message_id("intake.risk_pre_quantized"), {{"method", facts.pre_quantized->quant_method}});
  } else if (inv && inv->has_prequantized_tensors) {
    risks.add("high", message_id("intake.risk_pre_quantized_tensors"), {});
  }
  if (facts.transformers_version && !newest_version.empty()) {
    auto req = fam->quark_transformers_requirement.find(newest_version);
    if (req != fam->quark_transformers_requirement.end() && !req->second.below.empty() &&
        knowledge::compare_versions(*facts.transformers_version, req->second.below) >= 0) {
      risks.add("medium", message_id("intake.risk_transformers_newer"),
                {{"declared", *facts.transformers_version}, {"version", newest_version}, {"requirement", req->second.text}});
    }
  }
  auto min_tf = fam->min_transformers_version.find(facts.model_type);
  if (min_tf != fam->min_transformers_version.end()) {
    risks.add("low", message_id("intake.risk_min_transformers"), {{"model_type", facts.model_type}, {"version", min_tf->second}});
  }
  if (tokenizer_files.empty()) risks.add("medium", message_id("intake.risk_no_tokenizer"), {});
  if (weights.format == "pytorch_bin") {
    risks.add("medium", message_id("intake.risk_no_safetensors"), {}, true);
  } else if (weights.format == "none") {
    risks.add("high", message_id("intake.risk_no_weights"), {}, true);
  }
  if (!weights.missing_shards.empty()) {
    risks.add("high", message_id("intake.risk_shards_not_cached"),
              {{"count", std::to_string(weights.missing_shards.size())}, {"first", weights.missing_shards.front()}}, true);
  }
  if (!unknown_dtypes.empty()) {
    std::string list;
    for (const auto& u : unknown_dtypes) list += (list.empty() ? "" : ", ") + u;
    risks.add("medium", message_id("intake.risk_unknown_dtype"), {{"dtypes", list}});
  }
  if (fam->is_conv1d_family(facts.model_type)) risks.add("medium", message_id("intake.risk_conv1d"), {{"model_type", facts.model_type}});
  if (declared_bytes > fam->multi_device_bytes && fam->multi_device_bytes > 0) {
    risks.add("medium", message_id("intake.risk_memory"), {{"gib", std::to_string(declared_bytes >> 30)}});
  }
  std::uint64_t linear_total = inv ? inv->quantized_modules : 0;
  if (facts.moe && linear_total > fam->huge_moe_quantized_linears) {
    risks.add("medium", message_id("intake.risk_huge_moe"), {{"count", std::to_string(linear_total)}});
  }
  if (inv && inv->has_fused_experts) risks.add("low", message_id("intake.risk_fused_experts"), {});
  if (inv && facts.moe && facts.num_layers) {
    std::vector<std::int64_t> in_range;
    for (auto l : inv->expert_layers) {
      if (l < *facts.num_layers) in_range.push_back(l);
    }
    if (!inv->expert_layers.empty() && in_range != facts.moe->moe_layers) {
      risks.add("medium", message_id("intake.risk_moe_layers_disagree"),
                {{"config", ranges_of(facts.moe->moe_layers)}, {"checkpoint", ranges_of(in_range)}});
    }
  }

  // ---- the artifact ----
  core::Json source = {{"kind", src.kind}, {"input", src.input}};
  if (src.repo_id) source["repo_id"] = *src.repo_id;
  if (src.revision) source["revision"] = *src.revision;
  if (src.commit) source["commit"] = *src.commit;
  if (src.endpoint) source["endpoint"] = *src.endpoint;
  if (src.snapshot_dir) source["snapshot_dir"] = *src.snapshot_dir;
  source["offline"] = src.offline;

  std::string arch0 = facts.architectures.empty() ? "" : facts.architectures.front();
  core::Json model = {
      {"model_path", src.model_path},
      {"model_type", facts.model_type},
      {"text_model_type", opt(facts.text_model_type)},
      {"architectures", facts.architectures},
      {"loading_class", fam->loading_class_for(facts.model_type, arch0)},
      {"trust_remote_code", false},
      {"remote_code", {{"auto_map", facts.auto_map}, {"transformers_implements_model_type", implemented},
                       {"required", remote_required}}},
      {"transformers_version", opt(facts.transformers_version)},
      {"transformers_version_required",
       min_tf == fam->min_transformers_version.end() ? core::Json(nullptr) : core::Json(">=" + min_tf->second)},
      {"dtype", opt(facts.dtype)},
  };
  core::Json arch = {
      {"num_hidden_layers", opt(facts.num_layers)},
      {"hidden_size", opt(facts.hidden_size)},
      {"num_attention_heads", opt(facts.num_heads)},
      {"num_key_value_heads", opt(facts.num_kv_heads)},
      {"num_key_value_heads_source", facts.kv_heads_source.empty() ? core::Json(nullptr) : core::Json(facts.kv_heads_source)},
      {"head_dim", opt(facts.head_dim)},
      {"head_dim_source", facts.head_dim_source.empty() ? core::Json(nullptr) : core::Json(facts.head_dim_source)},
      {"intermediate_size", opt(facts.intermediate_size)},
      {"vocab_size", opt(facts.vocab_size)},
      {"max_position_embeddings", opt(facts.context_length)},
      {"tie_word_embeddings", opt(facts.tie_word_embeddings)},
      {"tie_word_embeddings_source", facts.tie_source},
      {"attention", facts.mla.is_null() ? (facts.num_kv_heads && facts.num_heads && *facts.num_kv_heads < *facts.num_heads
                                               ? (*facts.num_kv_heads == 1 ? "mqa" : "gqa")
                                               : "mha")
                                        : "mla"},
      {"mla", facts.mla},
      {"mtp_layers", opt(facts.mtp_layers)},
  };
  core::Json moe = {{"is_moe", facts.moe.has_value()}};
  if (facts.moe) {
    const auto& m = *facts.moe;
    moe["num_experts"] = m.num_experts;
    moe["experts_per_token"] = opt(m.experts_per_token);
    moe["shared_experts"] = m.shared_experts;
    moe["moe_intermediate_size"] = opt(m.moe_intermediate_size);
    moe["shared_expert_intermediate_size"] = opt(m.shared_expert_intermediate_size);
    moe["moe_layers"] = ranges_of(m.moe_layers);
    moe["dense_layers"] = ranges_of(m.dense_layers);
    moe["moe_layer_count"] = m.moe_layers.size();
    moe["dense_layer_count"] = m.dense_layers.size();
    moe["layer_rule"] = m.layer_rule;
    moe["expert_tensors"] = !inv ? "unknown" : inv->has_fused_experts ? (inv->has_per_expert_tensors ? "mixed" : "fused")
                                                : (inv->has_per_expert_tensors ? "per_expert" : "none");
    if (inv) moe["checkpoint_expert_layers"] = ranges_of(inv->expert_layers);
  }
  core::Json pre = {{"present", facts.pre_quantized.has_value() || (inv && inv->has_prequantized_tensors)}};
  if (facts.pre_quantized) {
    pre["quant_method"] = facts.pre_quantized->quant_method;
    pre["detail"] = facts.pre_quantized->detail;
  }

  core::Json targets = {{"exclude_defaults", exclusions},
                        {"exclude_defaults_source", newest ? "quark " + newest_version + " template " + facts.model_type
                                                           : "no quark " + newest_version + " template for " + facts.model_type}};
  core::Json inventory = nullptr;
  if (inv) {
    targets["linear_layer_count"] = inv->linear_modules;
    targets["quantized_layer_count"] = inv->quantized_modules;
    targets["excluded_layer_count"] = inv->linear_modules - inv->quantized_modules;
    targets["method"] = "safetensors_headers";
    targets["has_non_linear_experts"] = inv->has_fused_experts;
    targets["has_conv1d"] = inv->has_conv1d;
    core::Json roles = core::Json::object();
    for (const auto& [role, r] : inv->by_role) {
      roles[role] = {{"linear_modules", r.linear_modules}, {"quantized_modules", r.quantized_modules}, {"parameters", r.parameters}};
    }
    targets["by_role"] = std::move(roles);
    targets["parameters"] = {{"total", inv->parameters}, {"linear", inv->linear_parameters}, {"quantized", inv->quantized_parameters}};
    targets["linear_by_dtype"] = dtype_totals(inv->linear_by_dtype);
    inventory = {{"source", "safetensors_headers"},
                 {"shards", weights.shards.size()},
                 {"tensor_count", inv->tensor_count},
                 {"module_count", inv->module_count},
                 {"header_bytes", header_bytes},
                 {"declared_bytes", declared_bytes},
                 {"by_dtype", dtype_totals(inv->all_by_dtype)},
                 {"groups", encode_groups(inv->groups)}};
  } else {
    Estimate e = estimate_linears(facts, *fam, exclusions);
    targets["linear_layer_count"] = e.linear_modules;
    targets["quantized_layer_count"] = e.quantized_modules;
    targets["excluded_layer_count"] = e.linear_modules - e.quantized_modules;
    targets["method"] = "config_estimate";
    targets["estimate_method"] = e.method;
    targets["has_non_linear_experts"] = nullptr;
  }
  targets["needs_moe_preparation"] = facts.moe.has_value();

  core::Json files_json = {{"weights_format", weights.format},
                           {"safetensors_shards", weights.shards},
                           {"missing_shards", weights.missing_shards},
                           {"has_index", weights.index.has_value()},
                           {"has_generation_config", has_generation_config},
                           {"tokenizer_files", tokenizer_files},
                           {"file_count", listing.size()}};
  std::uint64_t listed = 0;
  bool sizes_known = true;
  for (const auto& f : listing) {
    if (f.size) {
      listed += *f.size;
    } else {
      sizes_known = false;
    }
  }
  files_json["total_bytes"] = sizes_known ? core::Json(listed) : core::Json(nullptr);

  core::Json out = core::Json::object();
  out["artifact"] = "model_analysis";
  out["schema_version"] = 1;
  out["analysis_status"] = risks.any_partial() ? "partial" : "complete";
  out["source"] = std::move(source);
  out["model"] = std::move(model);
  out["architecture"] = std::move(arch);
  out["moe"] = std::move(moe);
  out["multimodal"] = modalities_json(facts, inv ? &*inv : nullptr);
  out["pre_quantized"] = std::move(pre);
  out["quark_templates"] = std::move(quark);
  out["files"] = std::move(files_json);
  out["quantization_targets"] = std::move(targets);
  out["inventory"] = std::move(inventory);
  out["missing_facts"] = facts.missing;
  out["risks"] = risks.to_json();
  return out;
}

}  // namespace intake
