#include "verify/verify_output.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <future>
#include <tuple>

#include "core/text.h"
#include "verify/layer_checks.h"

namespace verify {

namespace {

using C = CheckStatus;

std::string gib(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2f", static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0));
  return buf;
}

// What the export's config.json says beyond pass/fail: the exclusions it applied, and whether
// lm_head is tied to the input embedding.
struct ExportConfig {
  std::vector<std::string> exclusions;
  bool tied_embeddings = false;
};

// config.json and its quantization_config against the plan.
ExportConfig check_config(const core::fs::path& dir, const Expectations& e, VerifyReport& r) {
  auto config = core::read_json_file(dir / "config.json");
  if (!core::exists(dir / "config.json")) {
    r.add("config", C::fail, "verify.config_missing");
    return {e.plan_exclusions};
  }
  if (!config || !config->is_object()) {
    r.add("config", C::fail, "verify.config_invalid");
    return {e.plan_exclusions};
  }
  const bool tied = core::json_bool(*config, "tie_word_embeddings").value_or(false);
  const core::Json* qc = core::json_object(*config, "quantization_config");
  if (qc == nullptr) {
    r.add("quantization_config", C::fail, "verify.quant_config_missing");
    return {e.plan_exclusions, tied};
  }
  std::string method = core::json_string(*qc, "quant_method").value_or("");
  if (method != "quark") {
    r.add("quantization_config", C::fail, "verify.quant_method_wrong", {{"method", method.empty() ? "(none)" : method}});
  } else {
    r.add("quantization_config", C::pass, "verify.quant_config_ok");
  }
  std::vector<std::string> applied = core::json_string_list(*qc, "exclude");
  if (e.global_scheme) {
    SchemeExpectation s = e.scheme(*e.global_scheme);
    const core::Json* dt = core::json_at(*qc, "global_quant_config/weight/dtype");
    std::string found = dt != nullptr && dt->is_string() ? dt->get<std::string>() : "(none)";
    if (!s.known) {
      r.add("plan_scheme", C::skipped, "verify.scheme_unknown", {{"scheme", *e.global_scheme}});
    } else if (found == s.config_weight_dtype) {
      r.add("plan_scheme", C::pass, "verify.scheme_matches", {{"scheme", *e.global_scheme}, {"dtype", found}});
    } else {
      r.add("plan_scheme", C::fail, "verify.scheme_mismatch",
            {{"scheme", *e.global_scheme}, {"expected", s.config_weight_dtype}, {"found", found}});
    }
  }
  // Whether the planned exclusions held is judged on the tensors (check_layers): Quark lists
  // the module names its patterns matched, and never the weight holders that are not
  // nn.Linear (routers), which it leaves untouched all the same.
  const core::Json* kv = core::json_object(*qc, "kv_cache_quant_config");
  bool kv_in_config = kv != nullptr && !kv->empty();
  bool kv_planned = e.kv_cache_scheme.has_value();
  if (kv_planned != kv_in_config) {
    r.add("plan_kv_cache", C::fail, kv_planned ? "verify.kv_cache_missing" : "verify.kv_cache_unexpected",
          {{"scheme", e.kv_cache_scheme.value_or("none")}});
  } else if (kv_planned) {
    r.add("plan_kv_cache", C::pass, "verify.kv_cache_matches", {{"scheme", *e.kv_cache_scheme}});
  }
  return {applied, tied};
}

// The source's tensors under the names the export gives them (renames of the checkpoint
// conversion and of Quark's unfusing), so that both sides are compared module by module.
ModelTensors renamed_source(ModelTensors source, const Expectations& e) {
  if (e.renames.empty()) return source;
  ModelTensors out = source;
  out.tensors.clear();
  for (auto& [name, t] : source.tensors) {
    std::size_t dot = name.rfind('.');
    std::string renamed = dot == std::string::npos ? e.output_name(name) : e.output_name(name.substr(0, dot)) + name.substr(dot);
    out.tensors.emplace(std::move(renamed), std::move(t));
  }
  return out;
}

void check_aux_files(const core::fs::path& dir, const Expectations& e, VerifyReport& r) {
  std::vector<std::string> missing;
  for (const auto& f : e.tokenizer_all_of) {
    if (!core::exists(dir / f)) missing.push_back(f);
  }
  bool one = e.tokenizer_one_of.empty();
  for (const auto& f : e.tokenizer_one_of) one = one || core::exists(dir / f);
  if (!one) missing.push_back(core::join(e.tokenizer_one_of));
  if (missing.empty()) {
    r.add("tokenizer", C::pass, "verify.tokenizer_ok");
  } else {
    r.add("tokenizer", C::fail, "verify.tokenizer_missing", {{"files", core::join(missing)}});
  }
  if (core::exists(dir / "generation_config.json")) {
    r.add("generation_config", C::pass, "verify.generation_config_ok");
  } else {
    r.add("generation_config", C::partial, "verify.generation_config_missing");
  }
}

void check_evaluation(const VerifyOptions& o, VerifyReport& r) {
  if (!o.evaluation_failure.empty()) {
    r.add("evaluation", C::partial, "verify.evaluation_failed", {{"reason", o.evaluation_failure}});
  } else if (o.perplexity) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.4f", *o.perplexity);
    r.measure("perplexity", *o.perplexity);
    r.add("evaluation", std::isfinite(*o.perplexity) ? C::pass : C::partial, "verify.perplexity", {{"value", buf}});
  } else if (o.evaluation_expected) {
    r.add("evaluation", C::partial, "verify.perplexity_missing");
  }
}

// Everything after the hashing: the plan's expectations, config.json, the tensors (against
// the source when there is one), the auxiliary files and the size. Leaves `r.metrics` empty
// when the expectations did not load (the report ends there).
void check_contents(const VerifyOptions& o, VerifyReport& r) {
  auto expect = load_expectations(o.plan ? &*o.plan : nullptr);
  if (!expect) {
    // A shipped file that does not load, or a plan whose recorded names do not compile.
    r.add(expect.error().id == "verify.plan_names_invalid" ? "plan_names" : "knowledge", C::fail, expect.error().id, expect.error().args);
    return;
  }
  ExportConfig config = check_config(o.output_dir, *expect, r);
  ModelTensors output = load_model_tensors(o.output_dir, &r);
  std::optional<ModelTensors> source;
  if (o.source_dir && core::is_directory(*o.source_dir)) source = renamed_source(load_model_tensors(*o.source_dir, nullptr), *expect);
  if (!output.tensors.empty()) check_layers(output, *expect, config.exclusions, source ? &*source : nullptr, r, config.tied_embeddings);
  check_aux_files(o.output_dir, *expect, r);

  r.measure("weight_bytes", output.weight_bytes);
  r.measure("tensors", output.tensors.size());
  if (source && source->weight_bytes > 0 && output.weight_bytes > 0) {
    double ratio = static_cast<double>(source->weight_bytes) / static_cast<double>(output.weight_bytes);
    r.measure("source_weight_bytes", source->weight_bytes);
    r.measure("compression_ratio", std::round(ratio * 1000) / 1000);
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.2f", ratio);
    r.add("size", C::pass, "verify.size_vs_source",
          {{"output_gib", gib(output.weight_bytes)}, {"source_gib", gib(source->weight_bytes)}, {"ratio", buf}});
  } else {
    r.add("size", C::pass, "verify.size", {{"output_gib", gib(output.weight_bytes)}});
  }
}

VerifyReport verify_all(const VerifyOptions& o) {
  VerifyReport r;
  r.output_dir = o.output_dir.string();
  if (!core::is_directory(o.output_dir)) {
    r.add("output_dir", C::fail, "verify.output_missing", {{"path", o.output_dir.string()}});
    return r;
  }
  DirEntries entries = list_entries(o.output_dir);
  std::vector<std::string>& names = entries.files;
  if (!entries.links.empty()) {
    r.links = entries.links;
    std::vector<std::string> outside;
    std::vector<std::string> inside;
    for (const auto& l : entries.links) (l.inside ? inside : outside).push_back(l.path + " -> " + l.target);
    if (!outside.empty()) {
      // Nothing more is read: config.json, the index or a shard could be one of these links.
      r.add("links", C::fail, "verify.links_outside", {{"count", std::to_string(outside.size())}, {"links", examples(outside)}});
      return r;
    }
    r.add("links", C::pass, "verify.links_inside", {{"count", std::to_string(inside.size())}, {"links", examples(inside)}});
  }
  if (names.empty()) {
    r.add("output_dir", C::fail, "verify.output_empty", {{"path", o.output_dir.string()}});
    check_evaluation(o, r);
    return r;
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t expected_bytes = 0;
  for (const auto& n : names) {
    if (auto size = core::file_size(o.output_dir / n)) expected_bytes += *size;
  }
  HashCounter counter;
  auto hashing = std::async(std::launch::async, [&] {
    auto files = hash_files(o.output_dir, names, o.threads, o.earlier.empty() ? nullptr : &o.earlier, &counter);
    return std::make_pair(std::move(files), std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  });
  // The checks after "files" go into `rest` on their own thread, then follow it in the report.
  VerifyReport rest;
  auto checking = std::async(std::launch::async, [&] { check_contents(o, rest); });
  for (auto next = t0 + std::chrono::seconds(1); hashing.wait_until(next) != std::future_status::ready;
       next += std::chrono::milliseconds(500)) {
    if (o.progress != nullptr) o.progress->on_hashing(counter.bytes.load(std::memory_order_relaxed), expected_bytes);
  }
  std::tie(r.files, r.hash_seconds) = hashing.get();
  checking.get();
  std::uint64_t total = 0;
  std::vector<std::string> unreadable;
  for (const auto& f : r.files) {
    total += f.bytes;
    if (!f.error.empty()) unreadable.push_back(f.path);
  }
  if (unreadable.empty()) {
    r.add("files", C::pass, "verify.files_hashed", {{"count", std::to_string(r.files.size())}, {"gib", gib(total)}});
  } else {
    r.add("files", C::fail, "verify.files_unreadable", {{"files", core::join(unreadable)}});
  }
  for (auto& c : rest.checks) r.checks.push_back(std::move(c));
  if (!rest.metrics.empty()) {
    r.measure("output_bytes", total);
    for (const auto& m : rest.metrics) r.measure(m.name, m.value);
  }
  if (rest.metrics.empty()) return r;  // the plan's expectations did not load: nothing else was checked
  check_evaluation(o, r);
  return r;
}

}  // namespace

VerifyReport verify_output(const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  VerifyReport r = verify_all(o);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace verify
