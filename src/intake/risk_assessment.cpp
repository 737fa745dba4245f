#include "intake/risk_assessment.h"

#include <optional>

#include "core/release_line.h"
#include "intake/inventory.h"
#include "core/version_order.h"

namespace intake {

namespace {

using Rule = void (*)(const ModelReading&, const knowledge::ModelFamilies&, RiskList&);

std::string comma_list(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string ranges_of(const std::vector<std::int64_t>& v) {
  std::vector<std::uint32_t> u;
  for (auto x : v) {
    if (x >= 0) u.push_back(static_cast<std::uint32_t>(x));
  }
  return u.empty() ? "" : format_ranges(u);
}

void generation_config(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (r.invalid_generation_config) {
    risks.add(Severity::medium, message_id("intake.risk_generation_config_invalid"), {{"path", *r.invalid_generation_config}});
  }
}

// The installed amd-quark as the model oracle saw it ("0.12.post1"); nothing when it did not run.
std::optional<std::string> installed_quark(const ModelReading& r) {
  if (!r.oracle) return std::nullopt;
  const std::string& v = r.oracle->versions;
  const std::string key = "amd-quark=";
  auto at = v.find(key);
  if (at == std::string::npos) return std::nullopt;
  const std::size_t from = at + key.size();
  const std::size_t end = v.find(' ', from);
  std::string version = v.substr(from, end == std::string::npos ? std::string::npos : end - from);
  if (version.empty()) return std::nullopt;
  return version;
}

// The shipped release a version belongs to: "0.12.post1" -> the 0.12 templates.
const ReleaseTemplate* release_of(const TemplateMatch& t, const std::string& version) {
  const std::string line = core::release_line(version);
  for (const auto& rel : t.releases) {
    if (rel.quark_version == line) return &rel;
  }
  return nullptr;
}

// Names the installed release when the oracle ran in it; otherwise the newest release shipped
// knowledge covers, saying that step 2 checks the installed one.
void template_missing(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  auto installed = installed_quark(r);
  const ReleaseTemplate* rel = installed ? release_of(r.templates, *installed) : nullptr;
  if (rel != nullptr) {
    if (!rel->found) {
      risks.add(Severity::high, message_id("intake.risk_no_template"), {{"model_type", r.facts.model_type}, {"version", *installed}});
    }
    return;
  }
  if (r.templates.newest() == nullptr) {
    risks.add(Severity::high, message_id("intake.risk_no_template_newest"),
              {{"model_type", r.facts.model_type}, {"version", r.templates.newest_version}});
  }
}

void facts_missing(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (!r.facts.missing.empty()) {
    risks.add_partial(Severity::medium, message_id("intake.risk_missing_facts"), {{"facts", comma_list(r.facts.missing)}});
  }
}

void remote_code(const ModelReading& r, const knowledge::ModelFamilies& fam, RiskList& risks) {
  if (!fam.transformers_implements(r.facts.model_type)) {
    risks.add(Severity::high, message_id("intake.risk_remote_code_required"), {{"model_type", r.facts.model_type}});
  } else if (!r.facts.auto_map.empty()) {
    risks.add(Severity::high, message_id("intake.risk_auto_map"),
              {{"model_type", r.facts.model_type}, {"code", comma_list(r.facts.auto_map_code)}});
  }
}

void pre_quantized(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (r.facts.pre_quantized) {
    risks.add(Severity::high, message_id("intake.risk_pre_quantized"), {{"method", r.facts.pre_quantized->quant_method}});
  } else if (r.inventory && r.inventory->has_prequantized_tensors) {
    risks.add(Severity::high, message_id("intake.risk_pre_quantized_tensors"));
  }
}

// Pre-quantized tensors of no counted module (MXFP4 *_blocks, GPTQ .qweight): the weights
// they pack are in no linear-module count, so the counts and the plan's modules miss them.
void pre_quantized_uncounted(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (!r.inventory) return;
  std::uint64_t tensors = 0;
  std::uint64_t bytes = 0;
  std::vector<std::string> names;
  for (const auto& pq : r.inventory->prequantized) {
    if (pq.module_counted) continue;
    tensors += pq.totals.tensors;
    bytes += pq.totals.bytes;
    names.push_back(prequantized_name(pq));
  }
  if (tensors == 0) return;
  std::uint64_t tenths = (bytes * 10 + (1ULL << 29)) >> 30;  // GiB with one decimal, rounded
  std::uint64_t all = 0;
  for (const auto& [dtype, t] : r.inventory->all_by_dtype) all += t.bytes;
  std::string shown = comma_list(
      std::vector<std::string>(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(names.size(), 4))));
  if (names.size() > 4) shown += ", ... (+" + std::to_string(names.size() - 4) + ")";
  risks.add(Severity::high, message_id("intake.risk_pre_quantized_uncounted"),
            {{"count", std::to_string(tensors)},
             {"gib", std::to_string(tenths / 10) + "." + std::to_string(tenths % 10)},
             {"share", std::to_string(all == 0 ? 0 : bytes * 100 / all)},
             {"names", shown}});
}

void transformers_newer(const ModelReading& r, const knowledge::ModelFamilies& fam, RiskList& risks) {
  const std::string& newest = r.templates.newest_version;
  if (!r.facts.transformers_version || newest.empty()) return;
  auto req = fam.quark_transformers_requirement.find(newest);
  if (req != fam.quark_transformers_requirement.end() && !req->second.below.empty() &&
      core::compare_versions(*r.facts.transformers_version, req->second.below) >= 0) {
    risks.add(Severity::medium, message_id("intake.risk_transformers_newer"),
              {{"declared", *r.facts.transformers_version}, {"version", newest}, {"requirement", req->second.text}});
  }
}

void min_transformers(const ModelReading& r, const knowledge::ModelFamilies& fam, RiskList& risks) {
  auto min_tf = fam.min_transformers_version.find(r.facts.model_type);
  if (min_tf != fam.min_transformers_version.end()) {
    risks.add(Severity::low, message_id("intake.risk_min_transformers"), {{"model_type", r.facts.model_type}, {"version", min_tf->second}});
  }
}

void tokenizer_missing(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (r.tokenizer_files.empty()) risks.add(Severity::medium, message_id("intake.risk_no_tokenizer"));
}

void weights_format(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (r.weights.format == WeightsFormat::pytorch_bin) {
    risks.add_partial(Severity::medium, message_id("intake.risk_no_safetensors"));
  } else if (r.weights.format == WeightsFormat::none) {
    risks.add_partial(Severity::high, message_id("intake.risk_no_weights"));
  }
}

void shards_not_cached(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  const auto& missing = r.weights.missing_shards;
  if (!missing.empty()) {
    risks.add_partial(Severity::high, message_id("intake.risk_shards_not_cached"),
                      {{"count", std::to_string(missing.size())}, {"first", missing.front()}});
  }
}

// A shard whose header is "{}" holds no weights: the checkpoint is incomplete whatever else
// it holds, and the inventory cannot be trusted as the model's.
void empty_shards(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (!r.empty_shards.empty()) {
    risks.add_partial(Severity::high, message_id("intake.risk_empty_shard"),
                      {{"count", std::to_string(r.empty_shards.size())}, {"first", r.empty_shards.front()}});
  }
}

void unknown_dtypes(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (!r.unknown_dtypes.empty()) {
    risks.add(Severity::medium, message_id("intake.risk_unknown_dtype"), {{"dtypes", comma_list(r.unknown_dtypes)}});
  }
}

void conv1d(const ModelReading& r, const knowledge::ModelFamilies& fam, RiskList& risks) {
  if (fam.is_conv1d_family(r.facts.model_type)) {
    risks.add(Severity::medium, message_id("intake.risk_conv1d"), {{"model_type", r.facts.model_type}});
  }
}

void memory(const ModelReading& r, const knowledge::ModelFamilies& fam, RiskList& risks) {
  if (fam.multi_device_bytes > 0 && r.declared_bytes > fam.multi_device_bytes) {
    risks.add(Severity::medium, message_id("intake.risk_memory"), {{"gib", std::to_string(r.declared_bytes >> 30)}});
  }
}

void huge_moe(const ModelReading& r, const knowledge::ModelFamilies& fam, RiskList& risks) {
  std::uint64_t quantized = r.inventory ? r.inventory->quantized_modules : 0;
  if (r.facts.moe && quantized > fam.huge_moe_quantized_linears) {
    risks.add(Severity::medium, message_id("intake.risk_huge_moe"), {{"count", std::to_string(quantized)}});
  }
}

void fused_experts(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (r.inventory && r.inventory->has_fused_experts) risks.add(Severity::low, message_id("intake.risk_fused_experts"));
}

// The layers that hold expert tensors (below num_hidden_layers: MTP layers come after)
// against the layers the config's MoE rule names.
void moe_layers_disagree(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (!r.inventory || !r.facts.moe || !r.facts.num_layers || r.inventory->expert_layers.empty()) return;
  std::vector<std::int64_t> in_range;
  for (auto l : r.inventory->expert_layers) {
    if (l < *r.facts.num_layers) in_range.push_back(l);
  }
  if (in_range != r.facts.moe->moe_layers) {
    risks.add(Severity::medium, message_id("intake.risk_moe_layers_disagree"),
              {{"config", ranges_of(r.facts.moe->moe_layers)}, {"checkpoint", ranges_of(in_range)}});
  }
}

// quark-cli forces pad and eos to a fixed id for this model type (Qwen2: 151643); a tokenizer
// that has no such id stops it after the model has loaded ("Pad token cannot be resolved").
void forced_pad_token(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  if (!r.forced_pad_token_id || !r.tokenizer_max_id || *r.tokenizer_max_id >= *r.forced_pad_token_id) return;
  risks.add(Severity::high, message_id("intake.risk_pad_token_missing"),
            {{"model_type", r.facts.model_type},
             {"id", std::to_string(*r.forced_pad_token_id)},
             {"max_id", std::to_string(*r.tokenizer_max_id)},
             {"version", r.templates.newest_version}});
}

// The installed libraries' own forward pass (the model oracle on the meta device) failed with
// an error no data avoids: quark-cli fails the same way at its first calibration forward. A
// config value with a known failure (knowledge/intake/forward_risks.json: DBRX with clip_qkv
// null, where transformers 5.16.1 DbrxAttention clamps with no bounds) is named with its fix
// when the failure is in the rule's function. Without an oracle answer such a config is a
// medium risk: the installed library could not be asked.
void forward_fails(const ModelReading& r, const knowledge::ModelFamilies&, RiskList& risks) {
  const OracleForward* f = r.oracle && r.oracle->forward ? &*r.oracle->forward : nullptr;
  if (f == nullptr) {
    for (const auto& rule : r.facts.forward_risks) risks.add(Severity::medium, rule.unchecked_risk);
    return;
  }
  if (f->status != "failed") return;
  std::vector<core::MessageArg> args = {{"versions", r.oracle->versions},
                                        {"function", f->function.empty() ? "forward" : f->function},
                                        {"where", f->where.empty() ? "?" : f->where},
                                        {"error", f->error}};
  for (const auto& rule : r.facts.forward_risks) {
    if (f->function.rfind(rule.fails_in, 0) == 0) {
      risks.add(Severity::high, rule.risk, std::move(args));
      return;
    }
  }
  risks.add(Severity::high, message_id("intake.risk_forward_fails"), std::move(args));
}

constexpr Rule kRules[] = {
    generation_config,
    template_missing,
    facts_missing,
    remote_code,
    pre_quantized,
    pre_quantized_uncounted,
    transformers_newer,
    min_transformers,
    tokenizer_missing,
    weights_format,
    shards_not_cached,
    empty_shards,
    unknown_dtypes,
    conv1d,
    memory,
    huge_moe,
    fused_experts,
    moe_layers_disagree,
    forced_pad_token,
    forward_fails,
};

}  // namespace

RiskList assess_risks(const ModelReading& reading, const knowledge::ModelFamilies& fam) {
  RiskList risks;
  for (Rule rule : kRules) rule(reading, fam, risks);
  return risks;
}

}  // namespace intake
