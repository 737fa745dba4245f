#include "verify/layer_checks.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string_view>

#include "core/glob_match.h"
#include "core/text.h"

namespace verify {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Linear modules: "<m>.weight" that is 2-D or has a weight_scale beside it, minus embeddings
// (norms are 1-D; a name pattern for them would also catch Linears under a module called
// "norm_attn_norm", as in DBRX). With a source model its 2-D weights decide (shapes change when
// packing), and every module the output quantized (a scale or a quantized dtype) or that the
// plan's oracle names as an nn.Linear is one too: a source tensor without the
// ".weight" suffix (DBRX's fused experts, `ffn.experts.mlp.w1`) becomes Linears only in Quark's
// preparation (`ffn.experts.mlp.0.w1`), which the export holds.
std::vector<std::string> linear_modules(const ModelTensors& output, const ModelTensors* source, const Expectations& e) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](const std::string& module) {
    if (!core::glob_match_any(e.non_linear_patterns, module) && seen.insert(module).second) out.push_back(module);
  };
  const ModelTensors& basis = source != nullptr && !source->tensors.empty() ? *source : output;
  for (const auto& [name, t] : basis.tensors) {
    if (!ends_with(name, ".weight")) continue;
    std::string module = name.substr(0, name.size() - 7);
    bool two_d = t.info.shape.size() == 2;
    bool scaled = output.tensors.count(module + ".weight_scale") != 0;
    if (two_d || scaled) add(module);
  }
  if (&basis != &output) {
    for (const auto& [name, t] : output.tensors) {
      if (!ends_with(name, ".weight")) continue;
      std::string module = name.substr(0, name.size() - 7);
      if (output.tensors.count(module + ".weight_scale") != 0 || !contains(e.unquantized_dtypes, t.info.dtype) ||
          core::glob_match_any(e.linear_patterns, module)) {
        add(module);
      }
    }
  }
  return out;
}

// The input embedding a tied lm_head shares (output names of the common families).
std::optional<std::string> tied_embedding(const ModelTensors& output) {
  static const char* const kEmbeddings[] = {"embed_tokens.weight", "wte.weight", "word_embeddings.weight", "tok_embeddings.weight",
                                            "embed_in.weight"};
  for (const auto& [name, t] : output.tensors) {
    for (const char* suffix : kEmbeddings) {
      if (ends_with(name, suffix)) return name.substr(0, name.size() - 7);
    }
  }
  return std::nullopt;
}

}  // namespace

void check_layers(const ModelTensors& output, const Expectations& expect, const std::vector<std::string>& exclusions,
                  const ModelTensors* source, VerifyReport& report, bool tied_embeddings) {
  std::vector<std::string> quantized_ok;
  std::vector<std::string> wrong_dtype;
  std::vector<std::string> missing_scales;
  std::vector<std::string> unquantized;
  std::vector<std::string> missing_weight;
  std::vector<std::string> excluded_ok;
  std::vector<std::string> excluded_changed;
  std::vector<std::string> excluded_rescaled;  // unquantized, same dtype and shape, values folded by the plan's algorithm
  std::vector<std::string> kv_missing;
  std::string seen_dtype;
  bool byte_compared = false;
  std::vector<std::string> untouched_patterns = exclusions;
  untouched_patterns.insert(untouched_patterns.end(), expect.plan_exclusions.begin(), expect.plan_exclusions.end());
  untouched_patterns.insert(untouched_patterns.end(), expect.non_linear_holders.begin(), expect.non_linear_holders.end());
  std::vector<std::string> plan_violations;  // "pattern: module"
  // An excluded module (shown as `label`) whose weight `w` is `held_by`'s must be untouched: no
  // scales, an unquantized dtype, and with a source the same dtype, shape and bytes.
  auto note_excluded = [&](const std::string& label, const std::string& held_by, const LocatedTensor& w) {
    const std::string& dtype = w.info.dtype;
    bool changed = output.tensors.count(held_by + ".weight_scale") != 0 || !contains(expect.unquantized_dtypes, dtype);
    if (!changed && source != nullptr) {
      auto s = source->tensors.find(held_by + ".weight");
      if (s != source->tensors.end()) {
        changed = s->second.info.dtype != dtype || s->second.info.shape != w.info.shape;
        if (!changed) {
          auto same = same_bytes(w.file, w.data_start + w.info.begin, s->second.file, s->second.data_start + s->second.info.begin,
                                 w.info.end - w.info.begin);
          changed = !same || !*same || s->second.info.end - s->second.info.begin != w.info.end - w.info.begin;
          byte_compared = true;
          // Unquantized with the source's dtype and shape, only its values differ: what a
          // rescaling algorithm of the plan does to the layers beside the ones it quantizes.
          if (changed && same && !expect.rescaled_by.empty()) {
            excluded_rescaled.push_back(label);
            return;
          }
        }
      }
    }
    (changed ? excluded_changed : excluded_ok).push_back(label);
    if (changed) {
      for (const auto& p : expect.plan_exclusions) {
        if (core::glob_match(p, label)) plan_violations.push_back(p + ": " + label);
      }
    }
  };

  for (const auto& module : linear_modules(output, source, expect)) {
    auto w = output.tensors.find(module + ".weight");
    if (w == output.tensors.end()) {
      missing_weight.push_back(module);
      continue;
    }
    const std::string& dtype = w->second.info.dtype;
    if (core::glob_match_any(untouched_patterns, module)) {
      note_excluded(module, module, w->second);
      continue;
    }
    if (contains(expect.unquantized_dtypes, dtype) && output.tensors.count(module + ".weight_scale") == 0) {
      unquantized.push_back(module + " (" + dtype + ")");
      continue;
    }
    auto scheme_name = expect.scheme_for(module);
    SchemeExpectation s = scheme_name ? expect.scheme(*scheme_name) : SchemeExpectation{};
    std::vector<std::string> required = s.known ? s.required_tensors : std::vector<std::string>{"weight_scale"};
    if (s.known && !contains(s.weight_dtypes, dtype)) {
      wrong_dtype.push_back(module + " (" + dtype + ", expected " + examples(s.weight_dtypes) + ")");
      continue;
    }
    bool scales_ok = true;
    for (const auto& r : required) scales_ok = scales_ok && output.tensors.count(module + "." + r) != 0;
    if (!scales_ok) {
      missing_scales.push_back(module + " (needs " + examples(required) + ")");
      continue;
    }
    if (core::glob_match_any(expect.kv_modules, module)) {
      for (const auto& r : expect.kv_required) {
        if (output.tensors.count(module + "." + r) == 0) kv_missing.push_back(module + "." + r);
      }
    }
    seen_dtype = dtype;
    quantized_ok.push_back(module);
  }

  // A tied lm_head has no weight of its own (the export holds none): the input embedding is its
  // weight, so an excluded lm_head holds when that embedding is untouched, and it is counted.
  if (tied_embeddings && output.tensors.count("lm_head.weight") == 0 && core::glob_match_any(untouched_patterns, "lm_head")) {
    if (auto embedding = tied_embedding(output)) note_excluded("lm_head", *embedding, output.tensors.at(*embedding + ".weight"));
  }

  using C = CheckStatus;
  auto count = [](const std::vector<std::string>& v) { return std::to_string(v.size()); };
  if (wrong_dtype.empty() && missing_scales.empty() && missing_weight.empty()) {
    report.add("layers_quantized", quantized_ok.empty() ? C::fail : C::pass,
               quantized_ok.empty() ? "verify.layers_none_quantized" : "verify.layers_quantized_ok",
               {{"count", count(quantized_ok)}, {"dtype", seen_dtype}});
  }
  if (!wrong_dtype.empty())
    report.add("layers_quantized", C::fail, "verify.layers_wrong_dtype",
               {{"count", count(wrong_dtype)}, {"modules", examples(wrong_dtype)}});
  if (!missing_scales.empty()) {
    report.add("layer_scales", C::fail, "verify.layers_missing_scales",
               {{"count", count(missing_scales)}, {"modules", examples(missing_scales)}});
  }
  if (!missing_weight.empty()) {
    report.add("layers_present", C::fail, "verify.layers_missing",
               {{"count", count(missing_weight)}, {"modules", examples(missing_weight)}});
  }
  if (unquantized.empty()) {
    report.add("unexpected_unquantized", C::pass, "verify.no_unexpected_unquantized");
  } else {
    report.add("unexpected_unquantized", C::fail, "verify.layers_unquantized",
               {{"count", count(unquantized)}, {"modules", examples(unquantized)}});
  }
  if (!expect.plan_exclusions.empty()) {
    if (plan_violations.empty()) {
      report.add("plan_exclusions", C::pass, "verify.exclusions_match", {{"patterns", core::join(expect.plan_exclusions)}});
    } else {
      report.add("plan_exclusions", C::fail, "verify.exclusions_not_applied",
                 {{"count", count(plan_violations)}, {"modules", examples(plan_violations)}});
    }
  }
  if (!excluded_changed.empty()) {
    report.add("excluded_untouched", C::fail, "verify.excluded_modified",
               {{"count", count(excluded_changed)}, {"modules", examples(excluded_changed)}});
  } else if (!excluded_rescaled.empty()) {
    report.add("excluded_untouched", C::pass, "verify.excluded_rescaled",
               {{"count", count(excluded_rescaled)},
                {"identical", count(excluded_ok)},
                {"algorithms", core::join(expect.rescaled_by)},
                {"modules", examples(excluded_rescaled)}});
  } else if (!excluded_ok.empty()) {
    report.add("excluded_untouched", C::pass, byte_compared ? "verify.excluded_identical" : "verify.excluded_unquantized",
               {{"count", count(excluded_ok)}, {"modules", examples(excluded_ok)}});
  }
  if (!expect.kv_modules.empty()) {
    if (kv_missing.empty()) {
      report.add("kv_cache_scales", C::pass, "verify.kv_scales_ok", {{"scheme", expect.kv_cache_scheme.value_or("")}});
    } else {
      report.add("kv_cache_scales", C::fail, "verify.kv_scales_missing", {{"count", count(kv_missing)}, {"tensors", examples(kv_missing)}});
    }
  }
  report.measure("quantized_modules", quantized_ok.size());
  report.measure("excluded_modules", excluded_ok.size() + excluded_changed.size() + excluded_rescaled.size());
}

}  // namespace verify
