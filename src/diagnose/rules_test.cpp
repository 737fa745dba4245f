// The diagnosis rules on logs: synthetic ones now (tests/fixtures/diagnose/synthetic), real
// captured quark logs when they exist (tests/fixtures/quark/0.13/*.log with a .expect.json).
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <regex>
#include <set>

#include "core/embedded.h"
#include "core/fs.h"
#include "core/messages.h"
#include "diagnose/rules.h"
#include "diagnose/traceback.h"
#include "runner/ansi.h"
#include "runner/line_splitter.h"
#include "runner/log_watch.h"
#include "support/temp_dir.h"

namespace diagnose {
namespace {

// Replays a raw log the way the monitored run sees it: ANSI stripped, split on \n and \r,
// stages followed.
FailureContext replay(const std::string& raw, std::optional<int> exit_code, std::optional<int> signal) {
  auto watch = runner::LogWatch::from_knowledge();
  EXPECT_TRUE(watch);
  FailureContext ctx;
  runner::LineSplitter split([&](std::string_view l, bool cr) {
    std::string line = runner::strip_ansi(l);
    watch->feed(line, cr, 0, "");
    if (!cr) ctx.log += line + "\n";
  });
  split.feed(raw);
  split.finish();
  ctx.exit_code = exit_code;
  ctx.signal = signal;
  ctx.stage = watch->current_stage();
  ctx.export_done = watch->export_done();
  ctx.known_facts = {
      {"installed_transformers", "4.57.1"}, {"installed_torch", "2.11.0+cu128"}, {"installed_quark", "0.11"}, {"exit_status", "1"},
      {"peak_gpu_mib", "140000 MiB"},       {"peak_host_mib", "1000 MiB"},       {"stage", ctx.stage}};
  return ctx;
}

std::string fixture(const std::string& name) {
  return core::read_file(test_support::source_path("tests/fixtures/diagnose/synthetic/" + name)).value();
}

struct Case {
  const char* file;
  std::optional<int> exit_code;
  std::optional<int> signal;
  const char* rule;
  const char* category;
  int return_to;
  const char* evidence_contains;
};

TEST(DiagnoseRules, ClassifySyntheticLogs) {
  auto rules = RuleSet::from_knowledge();
  ASSERT_TRUE(rules) << rules.error().detail;
  const Case cases[] = {
      {"fake_oom.log", 1, {}, "gpu_oom_in_calibration", "memory_in_calibration", 2, "CUDA out of memory"},
      {"fake_unsupported_model_type.log", 1, {}, "unsupported_model_type", "compatibility", 2, "tinyfoo"},
      {"fake_offline_dataset.log", 1, {}, "calibration_data_unavailable", "offline_data", 2, "pile-val-backup"},
      {"fake_eval_fails_after_export.log", 1, {}, "evaluation_after_export", "evaluation_after_export", 4, "Salesforce/wikitext"},
      {"cli_deps_missing.log", 1, {}, "quark_cli_dependencies_missing", "environment", 3, "amd-quark[cli]"},
      {"torch_211_with_quark_011.log", 1, {}, "torch_too_new_for_quark", "compatibility", 3, "pt2e"},
      {"transformers_too_old.log", 1, {}, "transformers_version_mismatch", "compatibility", 3, "transformers==5.2.0"},
      {"remote_code.log", 1, {}, "remote_code_required", "remote_code", 2, "custom code"},
      {"disk_full_at_export.log", 1, {}, "disk_full", "disk_permission", 3, "No space left"},
      {"unknown_arguments.log", 2, {}, "cli_rejected_arguments", "configuration", 2, "--group_size"},
      {"unsupported_kv_cache.log", 1, {}, "unsupported_kv_cache_scheme", "configuration", 2, "int8_per_token"},
      {"no_kernel_image.log", 1, {}, "torch_build_mismatch", "environment", 3, "no kernel image"},
      {"killed_at_load.log", {}, SIGKILL, "host_oom_killed", "memory_at_load", 2, "Loading model"},
      {"unclassified.log", 1, {}, "unclassified", "unclassified", 3, "ZeroDivisionError"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    auto d = rules->classify(replay(fixture(c.file), c.exit_code, c.signal));
    EXPECT_EQ(d.rule, c.rule);
    EXPECT_EQ(d.category, c.category);
    EXPECT_EQ(d.return_to_checkpoint, c.return_to);
    std::string joined;
    for (const auto& e : d.evidence) joined += e + "\n";
    EXPECT_NE(joined.find(c.evidence_contains), std::string::npos) << joined;
    // The cause is rendered with every placeholder filled, in both languages.
    for (core::Lang lang : {core::Lang::en, core::Lang::ja}) {
      EXPECT_EQ(d.cause(lang).find('{'), std::string::npos) << d.cause(lang);
      EXPECT_EQ(d.suggestion(lang).find('{'), std::string::npos) << d.suggestion(lang);
    }
  }
}

TEST(DiagnoseRules, CapturesFactsForTheMessage) {
  auto rules = RuleSet::from_knowledge();
  ASSERT_TRUE(rules);
  auto d = rules->classify(replay(fixture("transformers_too_old.log"), 1, {}));
  std::string cause = d.cause(core::Lang::en);
  EXPECT_NE(cause.find("installed 4.57.1"), std::string::npos) << cause;
  EXPECT_NE(cause.find("5.2.0"), std::string::npos) << cause;
  EXPECT_TRUE(d.package_change_needs_confirmation);
  auto m = rules->classify(replay(fixture("fake_unsupported_model_type.log"), 1, {}));
  EXPECT_NE(m.cause(core::Lang::en).find("'tinyfoo'"), std::string::npos);
  EXPECT_NE(m.cause(core::Lang::en).find("qwen3"), std::string::npos);
}

// status shows the recorded diagnosis as run did, in any language:
// what run.diagnosis records is read back to the same texts; a rule this release does not know
// keeps its recorded English.
TEST(DiagnoseRules, ARecordedDiagnosisReadsBackToTheSameTexts) {
  auto rules = RuleSet::from_knowledge();
  ASSERT_TRUE(rules);
  auto d = rules->classify(replay(fixture("transformers_too_old.log"), 1, {}));
  auto back = Diagnosis::from_record(d.record());
  ASSERT_TRUE(back);
  for (core::Lang lang : {core::Lang::en, core::Lang::ja}) {
    EXPECT_EQ(back->cause(lang), d.cause(lang));
    EXPECT_EQ(back->suggestion(lang), d.suggestion(lang));
    EXPECT_EQ(back->category_text(lang), d.category_text(lang));
  }
  EXPECT_EQ(back->evidence, d.evidence);
  EXPECT_EQ(back->return_to_checkpoint, d.return_to_checkpoint);
  EXPECT_NE(back->cause(core::Lang::ja), d.cause(core::Lang::en));

  artifacts::Diagnosis old;
  old.rule = "retired_rule";
  old.category = "memory_at_load";
  old.cause = "it ran out";
  old.suggestion = "use less";
  auto unknown = Diagnosis::from_record(old);
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->cause(core::Lang::ja), "it ran out");
  EXPECT_EQ(unknown->suggestion(core::Lang::en), "use less");
  EXPECT_EQ(unknown->return_to_checkpoint, 3);                   // unsaid: checkpoint 3, as the rules' default
  EXPECT_FALSE(Diagnosis::from_record(artifacts::Diagnosis{}));  // names no rule
}

TEST(DiagnoseRules, ErrorTextIsTheWholeTracebackChain) {
  std::string log = fixture("torch_211_with_quark_011.log");
  std::string text = extract_error_text(log);
  EXPECT_EQ(text.rfind("Traceback (most recent call last):", 0), 0u);
  EXPECT_NE(text.find("During handling of the above exception"), std::string::npos);
  EXPECT_NE(text.find("SystemExit: AMD Quark needs"), std::string::npos);
  auto oom = extract_error_text(replay(fixture("fake_oom.log"), 1, {}).log);
  EXPECT_NE(oom.find("_do_calibration"), std::string::npos);
  EXPECT_NE(oom.find("torch.OutOfMemoryError"), std::string::npos);
  EXPECT_EQ(oom.find("Calibrating"), std::string::npos);
  EXPECT_EQ(extract_error_text("a\n\nb\nc\n", 1000, 2), "b\nc");
}

TEST(DiagnoseRules, EveryRuleHasMessagesAndIsDocumented) {
  auto rules = RuleSet::from_knowledge();
  ASSERT_TRUE(rules);
  auto doc = core::read_file(test_support::source_path("references/troubleshooting.md"));
  ASSERT_TRUE(doc);
  std::set<std::string> ids;
  const std::set<std::string> categories = {
      "environment",          "model_load",    "compatibility",   "memory_at_load", "memory_in_calibration",
      "memory_other_process", "configuration", "quantization",    "export",         "evaluation_after_export",
      "offline_data",         "remote_code",   "disk_permission", "scheduler",      "unclassified"};
  for (const auto& r : rules->rules()) {
    EXPECT_TRUE(ids.insert(r.id).second) << "duplicate rule " << r.id;
    EXPECT_TRUE(categories.count(r.category)) << r.id << ": " << r.category;
    for (core::Lang lang : {core::Lang::en, core::Lang::ja}) {
      EXPECT_TRUE(core::catalog_has(lang, "diagnose." + r.id + ".cause")) << r.id;
      EXPECT_TRUE(core::catalog_has(lang, "diagnose." + r.id + ".suggestion")) << r.id;
      // The category is shown in the user's words, never as its id.
      EXPECT_TRUE(core::catalog_has(lang, "enum.diagnosis_category." + r.category)) << r.id << ": " << r.category;
    }
    EXPECT_NE(doc->find("`" + r.id + "`"), std::string::npos) << r.id << " is not in references/troubleshooting.md";
  }
  // And the document names no rule that the data lacks.
  std::regex row(R"(\n\| `([a-z0-9_]+)` \|)");
  for (std::sregex_iterator it(doc->begin(), doc->end(), row), end; it != end; ++it) {
    EXPECT_TRUE(ids.count((*it)[1])) << (*it)[1] << " is documented but not in rules.json";
  }
  EXPECT_EQ(rules->rules().back().id, "unclassified");
}

// Real quark-cli 0.13 logs captured on an H200 and on CPU (tests/fixtures/diagnose/real,
// copied from tests/fixtures/quark/0.13/<host>/runs/<run>/stderr.txt).
TEST(DiagnoseRules, ClassifyRealQuark013Logs) {
  auto rules = RuleSet::from_knowledge();
  ASSERT_TRUE(rules);
  struct Real {
    const char* run;
    int exit_code;
    const char* rule;
    const char* fact;  // a value the cause must quote
  };
  const Real runs[] = {
      {"fail_awq_qwen3", 1, "unsupported_algorithm", "awq"},
      {"fail_awq_qwen3_moe", 1, "unsupported_algorithm", "awq"},
      {"fail_kv_int8", 1, "unsupported_kv_cache_scheme", "int8_per_token"},
      {"fail_no_dataset_offline", 1, "calibration_data_unavailable", "mit-han-lab/pile-val-backup"},
      {"fail_unknown_argument", 2, "cli_rejected_arguments", "--group_size"},
      {"fail_unknown_scheme", 1, "unsupported_scheme", "fp9"},
  };
  int checked = 0;
  for (const char* host : {"h200", "cpu"}) {
    for (Real r : runs) {
      // On the CPU host the MoE model never got as far as the algorithm: it did not fit.
      if (std::string(host) == "cpu" && std::string(r.run) == "fail_awq_qwen3_moe") r = {r.run, 1, "model_offloaded_to_disk", "disk"};
      std::string name = std::string("0.13-") + host + "-" + r.run + ".log";
      auto raw = core::read_file(test_support::source_path("tests/fixtures/diagnose/real/" + name));
      if (!raw) continue;
      SCOPED_TRACE(name);
      auto d = rules->classify(replay(*raw, r.exit_code, {}));
      EXPECT_EQ(d.rule, r.rule);
      EXPECT_NE(d.cause(core::Lang::en).find(r.fact), std::string::npos) << d.cause(core::Lang::en);
      EXPECT_FALSE(d.error_text.empty());
      ++checked;
    }
  }
  EXPECT_GE(checked, 6);
}

// A real CUDA OOM on the H200 (docs/gpu-runs.md): another process took the GPU after quark-cli
// had loaded an 8-layer Llama-3.1-8B and AWQ's clip search asked for 3.96 GiB. The diagnosis
// names the other process instead of asking for fewer samples; when quark-cli itself held more
// than the other process, it is the usual calibration OOM.
TEST(DiagnoseRules, GpuHeldByAnotherProcess) {
  auto rules = RuleSet::from_knowledge();
  ASSERT_TRUE(rules);
  auto raw = core::read_file(test_support::source_path("tests/fixtures/diagnose/real/0.13-h200-oom_awq_gpu_held_by_other_process.log"));
  ASSERT_TRUE(raw);
  auto d = rules->classify(replay(*raw, 1, {}));
  EXPECT_EQ(d.rule, "gpu_held_by_other_process");
  EXPECT_EQ(d.return_to_checkpoint, 3);
  std::string cause = d.cause(core::Lang::en);
  EXPECT_NE(cause.find("pid 703"), std::string::npos) << cause;
  EXPECT_NE(cause.find("132.07 GiB"), std::string::npos) << cause;
  EXPECT_NE(cause.find("5.93 GiB"), std::string::npos) << cause;
  EXPECT_NE(cause.find("quantizing"), std::string::npos) << cause;

  std::string ours = *raw;
  for (std::size_t at = ours.find("132.07 GiB"); at != std::string::npos; at = ours.find("132.07 GiB")) ours.replace(at, 10, "812.00 MiB");
  EXPECT_EQ(rules->classify(replay(ours, 1, {})).rule, "gpu_oom_in_calibration");
}

}  // namespace
}  // namespace diagnose

namespace diagnose {
namespace {

// DeepSeek-V2-Lite int4_wo_128 + awq stopped in awq.pseudo_quantize_tensor on layer
// 0's dense down_proj (in_features 10944); the diagnosis said "try without algorithms", which
// fails the same way. With the plan's layers it names the layer and the scheme that fits.
FailureContext shape_failure(const std::string& last_lines) {
  FailureContext ctx;
  ctx.stage = "quantizing";
  ctx.exit_code = 1;
  ctx.log =
      "[QUARK-INFO]: Quantizing with AWQ\nTraceback (most recent call last):\n"
      "  File \"/q/quark/torch/algorithm/awq/awq.py\", line 494, in pseudo_quantize_tensor\n" +
      last_lines;
  ctx.known_facts = {{"stage", "quantizing"}};
  ctx.regroupings = {{"int4_wo_64", 64}, {"int4_wo_32", 32}, {"int4_wo_per_channel", 0}};
  ctx.layers = {{"model.layers.0.mlp.gate_proj", 2048, "int4_wo_128", 128}, {"model.layers.0.mlp.down_proj", 10944, "int4_wo_128", 128}};
  for (int e = 0; e < 64; ++e)
    ctx.layers.push_back({"model.layers.1.mlp.experts." + std::to_string(e) + ".down_proj", 1408, "int4_wo_128", 128});
  return ctx;
}

std::string fact_of(const Diagnosis& d, const std::string& name) {
  for (const auto& f : d.facts) {
    if (f.name == name) return f.value;
  }
  return "";
}

TEST(DiagnoseShapes, AwqAssertionNamesTheLayerAndTheGroupThatFits) {
  auto rules = RuleSet::from_knowledge();
  ASSERT_TRUE(rules);
  auto d = rules->classify(shape_failure("    assert org_w_shape[-1] % group_size == 0\n           ^^^^^^^^^^\nAssertionError\n"));
  EXPECT_EQ(d.rule, "group_not_dividing");
  EXPECT_EQ(d.return_to_checkpoint, 2);
  EXPECT_EQ(fact_of(d, "layers"), "model.layers.0.mlp.down_proj (in_features 10944)");
  EXPECT_EQ(d.plan_change["layer_quant_config"]["model.layers.0.mlp.down_proj"], "int4_wo_64");
  std::string s = d.suggestion(core::Lang::en);
  EXPECT_NE(s.find("--override 'model.layers.0.mlp.down_proj=int4_wo_64'"), std::string::npos) << s;
  EXPECT_EQ(s.find("without algorithms"), std::string::npos) << s;
  EXPECT_NE(d.cause(core::Lang::en).find("group of 128"), std::string::npos) << d.cause(core::Lang::en);
}

TEST(DiagnoseShapes, ObserverValueErrorOnSmolLM2SwitchesTheScheme) {
  auto rules = RuleSet::from_knowledge();
  ASSERT_TRUE(rules);
  auto ctx = shape_failure(
      "ValueError: The number of element per dimension ch_axis=-1 is 576 which is not divisible by group_size=128. "
      "The `group_size` used should be updated in the QTensorConfig.\n");
  ctx.layers.clear();
  for (int l = 0; l < 30; ++l) {
    for (const char* m : {"q_proj", "k_proj", "v_proj", "o_proj"})
      ctx.layers.push_back({"model.layers." + std::to_string(l) + ".self_attn." + m, 576, "int4_wo_128", 128});
  }
  auto d = rules->classify(ctx);
  EXPECT_EQ(d.rule, "group_not_dividing");
  EXPECT_EQ(d.plan_change["scheme"], "int4_wo_64");
  EXPECT_NE(d.suggestion(core::Lang::en).find("--scheme int4_wo_64"), std::string::npos) << d.suggestion(core::Lang::en);
  // Without the layers it still says what to change, in words.
  ctx.layers.clear();
  auto bare = rules->classify(ctx);
  EXPECT_EQ(bare.rule, "group_not_dividing");
  EXPECT_NE(bare.cause(core::Lang::en).find("not a multiple of 128"), std::string::npos) << bare.cause(core::Lang::en);
}

}  // namespace
}  // namespace diagnose
