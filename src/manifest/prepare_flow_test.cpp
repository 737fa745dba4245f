// The whole pre-gate flow of step 3 against hand-written confirmed artifacts, a fake Python
// that prints a recorded probe output, and a recorded system tree: what is written, what is
// refused, and that nothing outside the workdir appears.
#include "manifest/prepare_flow.h"

#include "manifest/dataset_reachability.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <map>
#include <set>

#include "core/atomic_file.h"
#include "core/clock.h"
#include "core/messages.h"
#include "core/schema.h"
#include "core/sha256.h"
#include "core/yaml_io.h"
#include "workflow/command_digest.h"
#include "workflow/state.h"
#include "support/temp_dir.h"
#include "workflow/checkpoint.h"
#include "workflow/command_digest.h"
#include "workflow/run_liveness.h"

namespace manifest {
namespace {

namespace fs = std::filesystem;

class PrepareFlow : public ::testing::Test {
 protected:
  void SetUp() override {
    wd = tmp.path() / "work dir";
    fs::create_directories(wd);
    model = test_support::source_path("examples/tiny-llama").string();
    analysis = {{"artifact", "model_analysis"},
                {"schema_version", 1},
                {"analysis_status", "complete"},
                {"model", {{"model_path", model}, {"model_type", "llama"}}},
                {"architecture",
                 {{"hidden_size", 128},
                  {"intermediate_size", 256},
                  {"num_hidden_layers", 2},
                  {"num_attention_heads", 4},
                  {"num_key_value_heads", 2},
                  {"vocab_size", 512}}},
                {"quantization_targets", {{"linear_layer_count", 14}, {"exclude_defaults", {"lm_head"}}}},
                {"risks", core::Json::array()}};
    plan = {{"artifact", "quant_plan"},
            {"schema_version", 1},
            {"model", {{"model_type", "llama"}, {"analysis_ref", "model_analysis.json"}}},
            {"global_scheme", "fp8"},
            {"kv_cache_scheme", nullptr},
            {"exclude_layers", {"lm_head"}},
            {"exclude_source", "template_default"},
            {"layer_quant_config", core::Json::object()},
            {"algorithm", nullptr},
            {"calibration", {{"dataset", "pileval"}, {"num_calib_data", 16}, {"seq_len", 64}, {"batch_size", 1}}},
            {"evaluation_intent", "none"},
            {"device_strategy", "single"},
            {"trust_remote_code", false},
            {"requires_confirmation", false}};
    env_vars = {{"HOME", (tmp.path() / "home").string()}, {"HF_HUB_OFFLINE", "1"}};
    stage_pileval();
    use_probe("tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json");
  }

  void write_artifacts(bool confirm_analysis, bool confirm_plan) {
    workflow::Workdir w{wd};
    plan["analysis_digest"] = workflow::artifact_digest(analysis);
    ASSERT_TRUE(core::write_file_atomic(w.analysis(), core::dump_pretty(analysis)).has_value());
    ASSERT_TRUE(core::write_file_atomic(w.plan(), core::dump_pretty(plan)).has_value());
    if (confirm_analysis) confirm(workflow::Checkpoint::analysis, workflow::artifact_digest(analysis));
    if (confirm_plan) confirm(workflow::Checkpoint::plan, workflow::artifact_digest(plan));
  }

  void confirm(workflow::Checkpoint c, const std::string& digest) {
    workflow::Confirmation conf;
    conf.checkpoint = c;
    conf.digest = digest;
    conf.confirmed_at = core::now_utc_iso8601();
    conf.user_words = "yes";
    ASSERT_TRUE(workflow::record_confirmation(workflow::Workdir{wd}, conf).has_value());
  }

  // A "virtualenv" whose python prints a recorded probe output, with a quark-cli beside it.
  void use_probe(const std::string& fixture) {
    fs::path bin = tmp.path() / "venv" / "bin";
    fs::create_directories(bin);
    python = (bin / "python").string();
    std::string path = fixture.front() == '/' ? fixture : test_support::source_path(fixture).string();
    tmp.write("venv/bin/python", "#!/bin/sh\nexec cat '" + path + "'\n");
    tmp.write("venv/bin/quark-cli", "#!" + python + "\n");
    ::chmod(python.c_str(), 0755);
    ::chmod((bin / "quark-cli").c_str(), 0755);
  }

  void stage_pileval() {
    tmp.write("home/.cache/huggingface/datasets/mit-han-lab___pile-val-backup/default/0.0.0/0123abcd/dataset_info.json", "{}");
    tmp.write("home/.cache/huggingface/datasets/mit-han-lab___pile-val-backup/default/0.0.0/0123abcd/pile-val-backup-validation.arrow",
              "x");
  }

  PrepareOptions options(const std::string& out) {
    PrepareOptions o;
    o.workdir = wd;
    o.output_dir = out;
    o.python = python;
    o.system.root = test_support::source_path("tests/fixtures/envprobe/systems/mi300x.handwritten");
    o.system.run_tools = false;
    auto vars = env_vars;
    o.getenv = [vars](const std::string& name) -> std::optional<std::string> {
      auto it = vars.find(name);
      if (it == vars.end()) return std::nullopt;
      return it->second;
    };
    o.self_dir.clear();
    // The readiness check answers from `loads` (every interpreter can, unless listed false).
    auto loads = can_load;
    o.eval_check = [loads](const std::string& p) -> core::Result<envprobe::EvalReadiness> {
      envprobe::EvalReadiness r;
      r.python = p;
      auto it = loads.find(p);
      r.ready = it == loads.end() || it->second;
      if (!r.ready) r.why = "cannot import name 'Config'";
      return r;
    };
    o.dataset_reachable = [](const std::string&) -> std::optional<envprobe::HubRefusal> { return std::nullopt; };
    return o;
  }
  std::map<std::string, bool> can_load;
  // The plan asks quark-ptq to evaluate (a smoke evaluation) on `text`.
  void evaluate_with(const std::string& text) {
    plan["evaluation_intent"] = "smoke";
    plan["evaluation"] = {{"intent", "smoke"},           {"windows", 8}, {"seq_len", 256}, {"canary_tokens", 16}, {"budget_seconds", 900},
                          {"max_ppl_increase_pct", 5.0}, {"z", 1.96},    {"text", text}};
  }

  std::set<std::string> paths_outside_workdir() const {
    std::set<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(tmp.path())) {
      if (e.path().string().rfind(wd.string(), 0) != 0) out.insert(e.path().string());
    }
    return out;
  }

  test_support::TempDir tmp;
  fs::path wd;
  std::string model;
  std::string python;
  core::Json analysis;
  core::Json plan;
  std::map<std::string, std::string> env_vars;
};

TEST_F(PrepareFlow, WritesOnlyTheManifestAndCreatesNothingOutsideTheWorkdir) {
  write_artifacts(true, true);
  std::string out = (tmp.path() / "out put" / "tiny-fp8").string();
  auto before = paths_outside_workdir();
  auto r = prepare(options(out));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(paths_outside_workdir(), before);  // no output dir, no cache entry, nothing
  EXPECT_FALSE(fs::exists(out));
  EXPECT_TRUE(r->ready);
  for (const auto& p : r->env.verdict.problems) ADD_FAILURE() << p.code;

  auto doc = core::read_yaml_file(workflow::Workdir{wd}.manifest());
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(core::schema_issues(*doc, core::kSchemaRunManifest).empty());
  EXPECT_EQ((*doc)["workflow"], "quark-torch-ptq");
  EXPECT_EQ((*doc)["built_from"]["plan_digest"], workflow::artifact_digest(plan));
  EXPECT_EQ((*doc)["environment"]["accelerator"]["kind"], "amd-rocm");
  EXPECT_TRUE((*doc)["environment"]["variables"]["HIP_VISIBLE_DEVICES"].is_null());
  EXPECT_EQ((*doc)["environment"]["variables"]["PYTORCH_ROCM_ARCH"], "gfx942");
  // single-device plan on an 8-GPU host: GPU 0 pinned, shown and approved with the command
  ASSERT_EQ((*doc)["command"]["env_changes"].size(), 1u);
  EXPECT_EQ((*doc)["command"]["env_changes"][0]["name"], "HIP_VISIBLE_DEVICES");
  EXPECT_EQ((*doc)["command"]["env_changes"][0]["value"], "0");
  EXPECT_EQ((*doc)["command"]["display"].get<std::string>().rfind("HIP_VISIBLE_DEVICES=0 ", 0), 0u);
  EXPECT_EQ((*doc)["checkpoints"].size(), 4u);
  std::vector<std::string> argv = (*doc)["command"]["argv"].get<std::vector<std::string>>();
  std::vector<std::string> golden = {(tmp.path() / "venv/bin/quark-cli").string(),
                                     "torch-llm-ptq",
                                     "--model_dir",
                                     model,
                                     "--output_dir",
                                     out,
                                     "--quant_scheme",
                                     "fp8",
                                     "--num_calib_data",
                                     "16",
                                     "--seq_len",
                                     "64",
                                     "--device",
                                     "cuda",
                                     "--no_trust_remote_code",
                                     "--skip_evaluation"};
  EXPECT_EQ(argv, golden);
  EXPECT_EQ((*doc)["command"]["digest"], workflow::recompute_command_digest(*doc));
  EXPECT_EQ(workflow::command_inconsistency(*doc), "");
  // The local model's identity as intake would record it is bound with the command.
  EXPECT_EQ((*doc)["inputs"]["model_identity"]["kind"], "local");
  EXPECT_EQ((*doc)["command"]["digest"], r->digest);
  EXPECT_EQ((*doc)["command"]["python"], python);
}

// A plan that asks quark-ptq to evaluate gets an `evaluator` in the manifest, part of
// what checkpoint 3 approves; quark-cli then skips its own evaluation.
TEST_F(PrepareFlow, AnEvaluatingPlanRecordsTheEvaluatorUnderTheDigest) {
  tmp.write("heldout.jsonl", "{\"text\": \"prose\"}\n");
  std::string text = (tmp.path() / "heldout.jsonl").string();
  evaluate_with(text);
  write_artifacts(true, true);
  std::string out = (tmp.path() / "out").string();
  auto r = prepare(options(out));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_TRUE(r->ready);
  auto doc = core::read_yaml_file(workflow::Workdir{wd}.manifest());
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(core::schema_issues(*doc, core::kSchemaRunManifest).empty());
  const core::Json& ev = (*doc)["evaluator"];
  EXPECT_EQ(ev["python"], python);  // no --eval-python: quark-cli's own interpreter
  EXPECT_EQ(ev["source"], model);
  EXPECT_EQ(ev["output"], out);
  EXPECT_EQ(ev["text"], text);
  EXPECT_EQ(ev["settings"]["windows"], 8);
  EXPECT_FALSE(ev["settings"].contains("text"));
  EXPECT_EQ((*doc)["command"]["argv"].back(), "--skip_evaluation");
  // The digest covers the evaluator: another interpreter is another approval.
  core::Json edited = *doc;
  edited["evaluator"]["python"] = "/usr/bin/python3";
  EXPECT_NE(workflow::recompute_command_digest(edited), (*doc)["command"]["digest"]);
  EXPECT_NE(workflow::command_inconsistency(edited), "");
}

bool has_problem(const envprobe::Verdict& v, const std::string& code) {
  for (const auto& p : v.problems) {
    if (p.code == code) return true;
  }
  return false;
}

// quark-cli's own interpreter cannot load its export (amd-quark 0.12.post1 on a
// CPU host): prepare evaluates with the environment the person activated that can, and says so;
// with none that can, checkpoint 3 is blocked before the run instead of failing after it. An
// --eval-python that cannot is blocking, never replaced.
TEST_F(PrepareFlow, TheEvaluatorIsAPythonThatCanLoadTheExport) {
  tmp.write("heldout.jsonl", "{\"text\": \"prose\"}\n");
  evaluate_with((tmp.path() / "heldout.jsonl").string());
  write_artifacts(true, true);
  std::string out = (tmp.path() / "out").string();
  const std::filesystem::path other = tmp.path() / "eval-venv";
  std::filesystem::create_directories(other / "bin");
  tmp.write("eval-venv/bin/python", "#!/bin/sh\n");
  const std::string other_python = (other / "bin" / "python").string();
  std::filesystem::permissions(other_python, std::filesystem::perms::owner_exec, std::filesystem::perm_options::add);
  can_load[python] = false;

  auto none = prepare(options(out));
  ASSERT_TRUE(none.has_value()) << none.error().id;
  EXPECT_FALSE(none->ready);
  EXPECT_TRUE(has_problem(none->env.verdict, "evaluation_python_cannot_load"));

  env_vars["VIRTUAL_ENV"] = other.string();
  auto chosen = prepare(options(out));
  ASSERT_TRUE(chosen.has_value()) << chosen.error().id;
  EXPECT_TRUE(chosen->ready);
  EXPECT_EQ(chosen->evaluator["python"], other_python);
  EXPECT_TRUE(has_problem(chosen->env.verdict, "evaluation_python_chosen"));

  can_load[other_python] = false;
  PrepareOptions given = options(out);
  given.eval_python = other_python;
  auto refused = prepare(given);
  ASSERT_TRUE(refused.has_value()) << refused.error().id;
  EXPECT_FALSE(refused->ready);
  EXPECT_EQ(refused->evaluator["python"], other_python);
}

TEST_F(PrepareFlow, AnEvaluationWithoutItsTextIsNotReady) {
  evaluate_with((tmp.path() / "gone.jsonl").string());
  write_artifacts(true, true);
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_FALSE(r->ready);
  bool found = false;
  for (const auto& p : r->env.verdict.problems) found = found || (p.code == "evaluation_text_missing" && p.blocking);
  EXPECT_TRUE(found);
}

TEST_F(PrepareFlow, ANonEvaluatingPlanHasNoEvaluatorAndKeepsItsDigestScope) {
  write_artifacts(true, true);
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  auto doc = core::read_yaml_file(workflow::Workdir{wd}.manifest());
  ASSERT_TRUE(doc.has_value());
  EXPECT_FALSE(doc->contains("evaluator"));
}

TEST_F(PrepareFlow, RefusesBeforeThePlanIsConfirmedAndWritesNothing) {
  write_artifacts(true, false);
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::not_confirmed);
  EXPECT_FALSE(fs::exists(workflow::Workdir{wd}.manifest()));
}

TEST_F(PrepareFlow, RefusesAStalePlan) {
  write_artifacts(true, true);
  plan["global_scheme"] = "int8";  // changed after confirmation
  ASSERT_TRUE(core::write_file_atomic(workflow::Workdir{wd}.plan(), core::dump_pretty(plan)).has_value());
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::stale);
  EXPECT_FALSE(fs::exists(workflow::Workdir{wd}.manifest()));
}

TEST_F(PrepareFlow, NotReadyEnvironmentStillGetsATruthfulManifest) {
  use_probe("tests/fixtures/envprobe/probe/empty-venv.recorded.json");
  write_artifacts(true, true);
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_FALSE(r->ready);
  auto doc = core::read_yaml_file(workflow::Workdir{wd}.manifest());
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ((*doc)["environment"]["verdict"]["ready"], false);
  bool torch_missing = false;
  for (const auto& p : (*doc)["environment"]["verdict"]["problems"]) {
    if (p["code"] == "missing_package" && p["message"].get<std::string>().find("torch ") == 0) {
      torch_missing = true;
      EXPECT_EQ(p["installed"], "not installed");
      EXPECT_EQ(p["required"], ">=2.2.0");
    }
  }
  EXPECT_TRUE(torch_missing);
  // missing evidence is unknown, never cpu
  EXPECT_EQ((*doc)["environment"]["accelerator"]["kind"], "amd-rocm");  // the KFD tree still shows the GPUs
  EXPECT_EQ((*doc)["checkpoints"][2]["blocked_by"].back(), "environment");
}

TEST_F(PrepareFlow, OfflineWithoutTheCalibrationDataIsNotReadyAndSaysHowToStage) {
  fs::remove_all(tmp.path() / "home");
  write_artifacts(true, true);
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(r->ready);
  bool found = false;
  for (const auto& d : r->env.data) {
    if (d.role == "calibration") {
      EXPECT_EQ(d.status, "missing");
      EXPECT_NE(d.fix.find("quark-ptq data stage SOURCE --as pileval"), std::string::npos);
      found = true;
    }
    if (d.role == "model") {
      EXPECT_EQ(d.status, "local");
    }
  }
  EXPECT_TRUE(found);
}

TEST_F(PrepareFlow, OnlineWithoutTheCalibrationDataItDownloadsWhenTheHubAnswers) {
  fs::remove_all(tmp.path() / "home" / ".cache" / "huggingface" / "datasets");
  env_vars.erase("HF_HUB_OFFLINE");
  write_artifacts(true, true);
  std::vector<std::string> asked;
  PrepareOptions o = options((tmp.path() / "out").string());
  o.dataset_reachable = [&asked](const std::string& repo) -> std::optional<envprobe::HubRefusal> {
    asked.push_back(repo);
    return std::nullopt;
  };
  auto r = prepare(o);
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_TRUE(r->ready);
  EXPECT_EQ(asked, std::vector<std::string>{"mit-han-lab/pile-val-backup"});
  for (const auto& d : r->env.data) {
    if (d.role == "calibration") {
      EXPECT_EQ(d.status, "network");
    }
  }
}

TEST_F(PrepareFlow, OnlineWithoutTheCalibrationDataAndNoRouteToTheHubIsNotReady) {
  fs::remove_all(tmp.path() / "home" / ".cache" / "huggingface" / "datasets");
  env_vars.erase("HF_HUB_OFFLINE");
  // Nothing listens on the discard port: the real check against a Hub that cannot be reached.
  env_vars["HF_ENDPOINT"] = "http://127.0.0.1:9";
  write_artifacts(true, true);
  PrepareOptions o = options((tmp.path() / "out").string());
  o.dataset_reachable = hub_dataset_reachability(o.getenv);
  auto r = prepare(o);
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_FALSE(r->ready);
  bool found = false;
  for (const auto& d : r->env.data) {
    if (d.role != "calibration") continue;
    found = true;
    EXPECT_EQ(d.status, "missing");
    EXPECT_NE(d.fix.find("http://127.0.0.1:9 cannot be reached from here"), std::string::npos) << d.fix;
    EXPECT_NE(d.fix.find("quark-ptq data stage SOURCE --as pileval"), std::string::npos) << d.fix;
  }
  EXPECT_TRUE(found);
}

TEST_F(PrepareFlow, ExistingNonEmptyOutputNeedsOverwriteWhichIsRecorded) {
  write_artifacts(true, true);
  tmp.write("out/old", "x");
  auto refused = prepare(options((tmp.path() / "out").string()));
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().id, "manifest.output_not_empty");
  EXPECT_FALSE(fs::exists(workflow::Workdir{wd}.manifest()));
  auto opt = options((tmp.path() / "out").string());
  opt.overwrite = true;
  auto r = prepare(opt);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->manifest["outputs"]["overwrite"], true);
}

// The approval is checked against the YAML as read back: every argv word (numbers, quotes,
// newlines, leading dashes, non-ASCII, "yes"/"null"-like words) must survive the YAML round trip.
TEST_F(PrepareFlow, TheRecordedCommandSurvivesTheYamlRoundTrip) {
  fs::path base = tmp.path() / "-d a'b \"c\"\n新しい: yes #x";
  fs::create_directories(base);
  fs::copy(model, base / "--model dir", fs::copy_options::recursive);
  analysis["model"]["model_path"] = (base / "--model dir").string();
  plan["layer_quant_config"] = {{"null", "true"}, {"*: x", "0123"}};
  write_artifacts(true, true);  // single-device plan on 8 GPUs: HIP_VISIBLE_DEVICES=0 is added
  auto r = prepare(options((base / "-out put").string()));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  auto doc = core::read_yaml_file(workflow::Workdir{wd}.manifest());
  ASSERT_TRUE(doc.has_value());
  const core::Json& cmd = (*doc)["command"];
  std::vector<std::string> argv;
  for (const auto& a : cmd["argv"]) {
    ASSERT_TRUE(a.is_string()) << a.dump();
    argv.push_back(a.get<std::string>());
  }
  EXPECT_EQ(argv, r->command.argv);
  ASSERT_TRUE(cmd["env_changes"][0]["value"].is_string());
  EXPECT_EQ(workflow::command_digest(*workflow::read_recorded_command(r->manifest)), cmd["digest"].get<std::string>());
  EXPECT_EQ(cmd["digest"].get<std::string>(), r->digest);
}

TEST_F(PrepareFlow, AVisibleDevicesVariableTheUserSetIsPreserved) {
  auto probe = core::read_json_file(test_support::source_path("tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json"));
  ASSERT_TRUE(probe.has_value());
  (*probe)["variables"]["HIP_VISIBLE_DEVICES"] = "2,3";
  auto file = tmp.write("probe-hip-set.json", core::dump_pretty(*probe));
  use_probe(file.string());
  write_artifacts(true, true);
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(r.has_value());
  EXPECT_TRUE(r->command.env_changes.empty());
  EXPECT_EQ(r->manifest["environment"]["variables"]["HIP_VISIBLE_DEVICES"], "2,3");
}

TEST_F(PrepareFlow, AnEarlierRunIsKeptInHistoryAndALiveRunRefusesTheRewrite) {
  write_artifacts(true, true);
  ASSERT_TRUE(prepare(options((tmp.path() / "out").string())).has_value());
  workflow::Workdir w{wd};
  auto doc = core::read_yaml_file(w.manifest());
  ASSERT_TRUE(doc.has_value());
  (*doc)["run"] = {{"status", "failed"}, {"exit_code", 1}};
  ASSERT_TRUE(core::write_file_atomic(w.manifest(), core::dump_yaml(*doc)).has_value());
  auto again = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(again.has_value());
  ASSERT_TRUE(again->manifest.contains("history"));
  EXPECT_EQ(again->manifest["history"][0]["run"]["status"], "failed");
  EXPECT_EQ(again->manifest["history"][0]["command_digest"], again->digest);
  EXPECT_FALSE(again->manifest.contains("run"));
  // a run that is still alive (this very process) is not overwritten
  auto id = workflow::current_process_identity();
  auto live = again->manifest;
  live["run"] = {{"status", "running"},
                 {"pid", id.pid},
                 {"started_at", core::now_utc_iso8601()},
                 {"process_start_ticks", id.start_ticks},
                 {"boot_id", id.boot_id}};
  ASSERT_TRUE(core::write_file_atomic(w.manifest(), core::dump_yaml(live)).has_value());
  auto refused = prepare(options((tmp.path() / "out").string()));
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().id, "manifest.run_in_progress");
}

TEST_F(PrepareFlow, OutputInsideTheModelIsRefused) {
  write_artifacts(true, true);
  auto r = prepare(options(model + "/quantized"));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "manifest.output_inside_model");
}

// quark-cli cannot pin a Hub revision, so a Hub model runs from the cached
// snapshot of the commit checkpoint 1 confirmed, never from the repo id (the default branch
// at run time), and that snapshot's files are bound like a local model's.
class PrepareHubModel : public PrepareFlow {
 protected:
  void SetUp() override {
    PrepareFlow::SetUp();
    analysis["model"]["model_path"] = "org/m";
    analysis["source"] = {
        {"kind", "hub"},      {"input", "org/m"},
        {"repo_id", "org/m"}, {"revision", "v1"},
        {"commit", analysed}, {"identity", {{"kind", "hub"}, {"repo_id", "org/m"}, {"revision", "v1"}, {"commit", analysed}}}};
  }
  void cache_snapshot(const std::string& commit) {
    std::string snap = "home/.cache/huggingface/hub/models--org--m/snapshots/" + commit + "/";
    tmp.write(snap + "config.json", "{}");
    tmp.write(snap + "model.safetensors", "x");
  }
  std::string snapshot_dir(const std::string& commit) const {
    return (tmp.path() / "home/.cache/huggingface/hub/models--org--m/snapshots" / commit).string();
  }
  const std::string analysed = std::string(40, 'a');
  const std::string moved = std::string(40, 'b');  // what the branch points at now
};

TEST_F(PrepareHubModel, RunsOnTheSnapshotOfTheAnalysedCommit) {
  cache_snapshot(analysed);
  cache_snapshot(moved);
  tmp.write("home/.cache/huggingface/hub/models--org--m/refs/v1", moved);
  write_artifacts(true, true);
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  for (const auto& p : r->env.verdict.problems) ADD_FAILURE() << p.code;
  EXPECT_TRUE(r->ready);
  const auto& argv = r->command.argv;
  auto at = std::find(argv.begin(), argv.end(), "--model_dir");
  ASSERT_NE(at, argv.end());
  EXPECT_EQ(*(at + 1), snapshot_dir(analysed));
  EXPECT_NE(r->display.find(snapshot_dir(analysed)), std::string::npos);
  const core::Json& id = r->manifest["inputs"]["model_identity"];
  EXPECT_EQ(id["commit"], analysed);
  EXPECT_EQ(id["snapshot"]["kind"], "local");
  EXPECT_EQ(id["snapshot"]["path"], snapshot_dir(analysed));
}

TEST_F(PrepareHubModel, WithoutTheSnapshotItBlocksWithTheDownloadRoute) {
  cache_snapshot(moved);
  tmp.write("home/.cache/huggingface/hub/models--org--m/refs/v1", moved);
  write_artifacts(true, true);
  env_vars.erase("HF_HUB_OFFLINE");  // online too: quark-cli would download the default branch
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_FALSE(r->ready);
  bool named = false;
  for (const auto& p : r->env.verdict.problems) {
    if (p.code != "data_missing" || !p.blocking) continue;
    const std::string text = core::msg(core::Lang::en, p.message_id, p.args);
    if (text.find("hf download org/m --revision " + analysed) != std::string::npos) named = true;
  }
  EXPECT_TRUE(named);
  EXPECT_EQ(std::find(r->command.argv.begin(), r->command.argv.end(), snapshot_dir(moved)), r->command.argv.end());
}

TEST_F(PrepareHubModel, WithoutARecordedCommitItBlocks) {
  cache_snapshot(moved);
  tmp.write("home/.cache/huggingface/hub/models--org--m/refs/main", moved);
  analysis["source"] = {{"kind", "hub"}, {"input", "org/m"}, {"repo_id", "org/m"}, {"revision", "main"}};
  write_artifacts(true, true);
  auto r = prepare(options((tmp.path() / "out").string()));
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_FALSE(r->ready);
  bool blocked = false;
  for (const auto& p : r->env.verdict.problems) blocked = blocked || (p.code == "model_commit_unknown" && p.blocking);
  EXPECT_TRUE(blocked);
}

}  // namespace
}  // namespace manifest
