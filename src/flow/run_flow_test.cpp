// The run flow against a fake launcher (the idea of ninja's FakeCommandRunner): each test
// scripts how the child ends and checks the typed outcome, its exit code, what the manifest
// records and what the observer saw. No quark-cli runs; the output directory of a successful
// run is materialised by the tiny-model writer the golden tests' fake quark-cli uses.
#include "flow/run_flow.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <chrono>
#include <csignal>
#include <thread>

#include <functional>

#include <sys/wait.h>
#include <unistd.h>

#include "core/atomic_file.h"
#include "core/clock.h"
#include "core/fs.h"
#include "core/messages.h"
#include "core/model_identity.h"
#include "core/yaml_io.h"
#include "evaluate/settings_json.h"
#include "flow/documents.h"
#include "manifest/run_record.h"
#include "runner/capture.h"
#include "runner/run_lock.h"
#include "support/temp_dir.h"
#include "workflow/evaluator_inputs.h"
#include "workflow/checkpoint.h"
#include "workflow/command_digest.h"
#include "workflow/decide.h"
#include "workflow/run_liveness.h"
#include "workflow/state.h"

namespace flow {
namespace {

namespace fs = std::filesystem;

class FakeLauncher final : public Launcher {
 public:
  // What the child "does" while it runs (e.g. write the output); then the outcome is returned.
  std::function<void(const runner::CommandSpec&)> act;
  core::Result<runner::MonitoredOutcome> result = runner::MonitoredOutcome{};
  std::vector<std::string> stages;
  int launches = 0;
  int child_pid = 4242;
  runner::CommandSpec spec;
  runner::MonitorOptions options;

  core::Result<runner::MonitoredOutcome> launch(const runner::CommandSpec& s, const runner::MonitorOptions& o,
                                                runner::MonitorObserver* observer) override {
    ++launches;
    calls.push_back("launch");
    spec = s;
    options = o;
    if (!result) return result;
    observer->on_started(child_pid);
    for (const auto& name : stages) observer->on_stage({name, "2026-12-01T00:00:00Z", 0, 1.0, ""});
    if (act) act(s);
    return result;
  }

  // Step 4's evaluation: what the evaluator "measured", judged like the real one's output.
  std::optional<evaluate::EvaluationResult> evaluation;
  std::vector<evaluate::Request> evaluations;
  std::function<void()> while_evaluating;
  // The evaluator started beside quark-cli: every call in order ("start-evaluator PYTHON",
  // "launch", "release-evaluator", "evaluate", "submit"), and whether one waits.
  std::vector<std::string> calls;
  bool evaluator_waits = false;
  void start_evaluator(const evaluate::Request& r) override {
    calls.push_back("start-evaluator " + r.python);
    evaluator_waits = true;
  }
  void release_evaluator() override {
    if (evaluator_waits) calls.push_back("release-evaluator");
    evaluator_waits = false;
  }
  evaluate::EvaluationResult evaluate(const evaluate::Request& r) override {
    calls.push_back(evaluator_waits ? "evaluate (waited)" : "evaluate");
    evaluator_waits = false;
    evaluations.push_back(r);
    if (while_evaluating) while_evaluating();
    return evaluation.value_or(evaluate::not_run(r.settings, {"evaluate.reason.in_progress", {}}));
  }

  // A Slurm job: sbatch's answer, then what following it found. `while_following` runs with
  // the manifest as it is once the job was submitted.
  core::Result<cluster::SubmittedJob> submitted = cluster::SubmittedJob{"4711", ""};
  std::vector<std::string> sbatch_argv;
  core::Result<cluster::JobOutcome> followed = cluster::JobOutcome{};
  std::vector<cluster::JobStatus> job_states;
  std::function<void()> while_following;
  cluster::JobFollowOptions follow_options;
  int follows = 0;
  core::Result<cluster::SubmittedJob> submit(const std::vector<std::string>& argv) override {
    calls.push_back("submit");
    sbatch_argv = argv;
    return submitted;
  }
  core::Result<cluster::JobOutcome> follow(const std::string& job_id, const cluster::JobFollowOptions& o,
                                           cluster::JobObserver* observer) override {
    ++follows;
    follow_options = o;
    for (const auto& s : job_states) observer->on_state(s);
    for (const auto& name : stages) observer->on_stage({name, "2026-12-01T00:00:00Z", 0, 1.0, ""});
    if (while_following) while_following();
    if (followed) followed->job_id = job_id;
    return followed;
  }
};

class ScriptedPrompt final : public ApprovalPrompt {
 public:
  bool terminal = false;
  std::optional<std::string> answer;
  int asked = 0;
  bool can_ask() const override { return terminal; }
  std::optional<std::string> ask_approval(const workflow::RecordedCommand&, const std::string&) override {
    ++asked;
    return answer;
  }
};

class RecordingObserver final : public RunObserver {
 public:
  std::vector<std::string> events;
  std::optional<diagnose::Diagnosis> diagnosis;
  void on_launching(const fs::path&) override { events.push_back("launching"); }
  void on_stage(const std::string& s) override { events.push_back("stage " + s); }
  void on_stop_requested(const std::string& s) override { events.push_back("stop " + s); }
  void on_diagnosed(const diagnose::Diagnosis& d) override {
    events.push_back("diagnosed " + d.rule);
    diagnosis = d;
  }
  void on_record_failed(const core::Error& e) override { events.push_back("record failed " + e.id); }
  void on_repeat_warning(const RepeatedFailure& f) override { events.push_back("repeat " + f.rule); }
  void on_evaluating(const evaluate::Request& r) override { events.push_back("evaluating " + r.output.string()); }
};

runner::MonitoredOutcome exited(int code) {
  runner::MonitoredOutcome o;
  o.pid = 4242;
  o.exit_code = code;
  o.started_at = "2026-12-01T00:00:00Z";
  o.finished_at = "2026-12-01T00:01:00Z";
  o.wall_seconds = 60;
  return o;
}

class RunFlow : public ::testing::Test {
 protected:
  void SetUp() override {
    wd = workflow::Workdir{tmp.path() / "wd"};
    out = tmp.path() / "out";
    fs::create_directories(wd.root);
    core::Json analysis = {{"artifact", "model_analysis"},
                           {"schema_version", 1},
                           {"analysis_status", "complete"},
                           {"model", {{"model_path", "/models/tiny"}, {"model_type", "llama"}, {"trust_remote_code", false}}},
                           {"quantization_targets", {{"linear_layer_count", 15}, {"exclude_defaults", {"lm_head"}}}},
                           {"risks", core::Json::array()}};
    core::Json plan = {{"artifact", "quant_plan"},
                       {"schema_version", 1},
                       {"analysis_digest", workflow::artifact_digest(analysis)},
                       {"model", {{"model_type", "llama"}, {"analysis_ref", "model_analysis.json"}}},
                       {"global_scheme", "fp8"},
                       {"kv_cache_scheme", nullptr},
                       {"exclude_layers", {"lm_head"}},
                       {"layer_quant_config", core::Json::object()},
                       {"algorithm", nullptr},
                       {"evaluation_intent", "none"},
                       {"requires_confirmation", false}};
    ASSERT_TRUE(core::write_file_atomic(wd.analysis(), core::dump_pretty(analysis)).has_value());
    ASSERT_TRUE(core::write_file_atomic(wd.plan(), core::dump_pretty(plan)).has_value());
    confirm(workflow::Checkpoint::analysis, workflow::artifact_digest(analysis));
    confirm(workflow::Checkpoint::plan, workflow::artifact_digest(plan));
    std::vector<std::string> argv = {
        "/opt/venv/bin/quark-cli", "torch-llm-ptq", "--model_dir",      "/models/tiny", "--output_dir", out.string(),
        "--quant_scheme",          "fp8",           "--skip_evaluation"};
    manifest = {
        {"artifact", "run_manifest"},
        {"schema_version", 1},
        {"workflow", "quark-torch-ptq"},
        {"inputs",
         {{"model", "/models/tiny"},
          {"revision", nullptr},
          {"workdir", wd.root.string()},
          {"analysis", "model_analysis.json"},
          {"plan", "quant_plan.json"}}},
        {"outputs", {{"output_dir", out.string()}, {"expected_files", {"config.json", "model.safetensors", "tokenizer_config.json"}}}},
        {"built_from", {{"analysis_digest", workflow::artifact_digest(analysis)}, {"plan_digest", workflow::artifact_digest(plan)}}},
        {"environment",
         {{"packages", {{"torch", "2.9.1+cu128"}, {"transformers", "4.57.1"}, {"amd-quark", "0.13"}}},
          {"verdict", {{"ready", true}, {"problems", core::Json::array()}}}}},
        {"estimate", {{"gpu_memory_gib", 1}, {"host_memory_gib", 1}, {"disk_gib", 1}, {"minutes", 1}, {"method", "test"}}},
        {"command",
         {{"python", "/opt/venv/bin/python"}, {"quark_cli", argv.front()}, {"argv", argv}, {"env_changes", core::Json::array()}}},
        {"steps", {{{"name", "run"}, {"kind", "run"}, {"produces", {out.string()}}}}},
        {"checkpoints",
         {{{"id", "1"}, {"reason", "test"}},
          {{"id", "2"}, {"reason", "test"}},
          {{"id", "3"}, {"reason", "test"}},
          {{"id", "4"}, {"reason", "test"}}}}};
    seal_manifest();
    write_manifest();
    request.workdir = wd.root;
    request.approve = digest;
    request.echo_stdout_fd = -1;
  }

  void confirm(workflow::Checkpoint c, const std::string& d) {
    ASSERT_TRUE(workflow::record_confirmation(wd, workflow::make_confirmation(c, d, "yes", "confirmed")).has_value());
  }
  // The display and digest prepare would record for the manifest as it stands: checkpoint 3's
  // scope covers argv, outputs, the verdict, the model identity and built_from.
  void seal_manifest() {
    manifest["command"]["display"] = workflow::read_recorded_command(manifest)->display;
    digest = workflow::recompute_command_digest(manifest);
    manifest["command"]["digest"] = digest;
  }
  void write_manifest() { ASSERT_TRUE(core::write_file_atomic(wd.manifest(), core::dump_yaml(manifest)).has_value()); }
  core::Json read_manifest() {
    auto m = core::read_yaml_file(wd.manifest());
    EXPECT_TRUE(m.has_value());
    return m ? *m : core::Json();
  }
  // The FP8 export the real quark-cli would write for this plan.
  void write_export() {
    auto r = runner::capture(
        {{"python3", test_support::source_path("tests/fakes/quark_model.py").string(), "output", out.string()}, {}, {}, {}}, 60);
    ASSERT_TRUE(r.has_value() && r->ok()) << (r ? r->err : r.error().id);
  }

  core::Result<RunOutcome> run_it() { return flow::run(request, launcher, prompt, observer); }

  test_support::TempDir tmp;
  workflow::Workdir wd{fs::path()};
  fs::path out;
  std::string digest;
  core::Json manifest;
  RunRequest request;
  FakeLauncher launcher;
  ScriptedPrompt prompt;
  RecordingObserver observer;
};

TEST_F(RunFlow, SuccessfulRunIsVerifiedAndRecorded) {
  launcher.result = exited(0);
  launcher.stages = {"loading_model", "exporting"};
  launcher.act = [this](const runner::CommandSpec&) { write_export(); };
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::Verified>(r->end)) << r->run.dump();
  EXPECT_EQ(r->exit_code(), core::ExitCode::ok);
  ASSERT_NE(r->report(), nullptr);
  EXPECT_EQ(r->report()->status(), "success");
  // The exact recorded argv, nothing added; the log in the workdir.
  EXPECT_EQ(launcher.spec.argv, manifest["command"]["argv"].get<std::vector<std::string>>());
  EXPECT_EQ(launcher.options.log_path.parent_path(), wd.logs());
  EXPECT_EQ(observer.events, (std::vector<std::string>{"launching", "stage loading_model", "stage exporting"}));
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "succeeded");
  EXPECT_EQ(m["run"]["approved_digest"], digest);
  EXPECT_EQ(m["run"]["child_pid"], 4242);
  EXPECT_EQ(m["result"]["status"], "success");
  EXPECT_EQ(m["command"], manifest["command"]);  // the recorded command is never rewritten
  EXPECT_EQ(workflow::status_of(wd)->at(workflow::Checkpoint::execution).state, workflow::CheckpointState::confirmed);
  // The report of the run, made from its final record.
  ASSERT_TRUE(r->report_html && *r->report_html);
  EXPECT_EQ(r->report_html->value(), wd.root / "report.html");
  EXPECT_NE(core::read_file(wd.root / "report.html")->find(R"(data-state="succeeded")"), std::string::npos);
}

// Where the run's seconds went beside quark-cli's, each step in the order it ran;
// the person's time at checkpoint 3 is not one of them.
TEST_F(RunFlow, ThePhasesOfTheRunAreRecordedInTheOrderTheyRan) {
  launcher.result = exited(0);
  launcher.act = [this](const runner::CommandSpec&) {
    write_export();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  };
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  core::Json phases = read_manifest()["run"]["phases"];
  std::vector<std::string> names;
  for (const auto& [name, seconds] : phases.items()) {
    names.push_back(name);
    EXPECT_GE(seconds.get<double>(), 0) << name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"gates", "launch_checks", "quark_cli", "hash_tail", "verify"}));
  EXPECT_GE(phases["quark_cli"].get<double>(), 0.3);
  EXPECT_LT(phases["gates"].get<double>(), 0.3);
  EXPECT_EQ(r->run["phases"], phases);
  EXPECT_TRUE(read_manifest()["run"]["hash_tail_bytes"].is_number_integer());
}

// A second approved run of the same command keeps the failed attempt: the manifest's history
// holds the out-of-memory run with its diagnosis, and the top level describes the new run only.
// Its diagnosis sends the plan back (checkpoint 2), so the digest typed ahead is not enough:
// the person is asked, with the diagnosis said first, before the same command runs again.
TEST_F(RunFlow, ARunAgainKeepsTheFailedAttemptInTheHistory) {
  runner::MonitoredOutcome o = exited(1);
  o.log_tail = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n";
  launcher.result = o;
  ASSERT_TRUE(run_it().has_value());
  launcher.result = exited(0);
  launcher.act = [this](const runner::CommandSpec&) { write_export(); };

  prompt.terminal = false;
  auto refused = run_it();
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().id, "run.repeat_needs_question");
  EXPECT_EQ(refused.error().code, core::ExitCode::not_approved);
  EXPECT_EQ(launcher.launches, 1);

  prompt.terminal = true;
  prompt.answer = "yes";
  auto second = run_it();
  ASSERT_TRUE(second.has_value()) << second.error().id;
  EXPECT_EQ(prompt.asked, 1);
  EXPECT_NE(std::find(observer.events.begin(), observer.events.end(), "repeat gpu_oom_at_load"), observer.events.end());
  core::Json m = read_manifest();
  ASSERT_TRUE(m["history"].is_array());
  ASSERT_EQ(m["history"].size(), 1u);
  EXPECT_EQ(m["history"][0]["run"]["status"], "failed");
  EXPECT_EQ(m["history"][0]["run"]["diagnosis"]["rule"], "gpu_oom_at_load");
  EXPECT_EQ(m["history"][0]["command_digest"], digest);
  EXPECT_EQ(m["run"]["status"], "succeeded");
  EXPECT_EQ(m["result"]["status"], "success");
  EXPECT_EQ(launcher.launches, 2);
}

TEST_F(RunFlow, QuarkFailureIsDiagnosedWithTheCheckpointToReturnTo) {
  runner::MonitoredOutcome o = exited(1);
  o.stages = {{"quantizing", "2026-12-01T00:00:10Z", 10, 5.0, ""}};
  o.log_tail =
      "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n"
      "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n";
  launcher.result = o;
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  const auto* failed = std::get_if<run_end::Failed>(&r->end);
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(r->exit_code(), core::ExitCode::run_failed);
  EXPECT_EQ(r->report(), nullptr);  // nothing was exported: no verification
  EXPECT_EQ(failed->diagnosis.rule, "gpu_oom_in_calibration");
  EXPECT_EQ(failed->diagnosis.return_to_checkpoint, 2);
  ASSERT_TRUE(observer.diagnosis.has_value());
  EXPECT_EQ(observer.diagnosis->rule, "gpu_oom_in_calibration");
  EXPECT_EQ(launcher.launches, 1);  // never retried
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "failed");
  EXPECT_EQ(m["run"]["diagnosis"]["rule"], "gpu_oom_in_calibration");
  EXPECT_EQ(m["run"]["diagnosis"]["exit_code"], 1);
  EXPECT_EQ(m["run"]["diagnosis"]["stage"], "quantizing");
  EXPECT_EQ(m["run"]["diagnosis"]["versions"]["transformers"], "4.57.1");
  EXPECT_EQ(m["run"]["diagnosis"]["versions"]["torch"], "2.9.1+cu128");
  EXPECT_EQ(m["run"]["diagnosis"]["versions"]["amd-quark"], "0.13");
  EXPECT_EQ(m["run"]["diagnosis"]["command"]["digest"], digest);
  EXPECT_FALSE(m.contains("result"));
}

TEST_F(RunFlow, ExitZeroWithoutOutputFailsVerification) {
  launcher.result = exited(0);
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::NotVerified>(r->end));
  EXPECT_EQ(r->exit_code(), core::ExitCode::verify_failed);
  ASSERT_NE(r->report(), nullptr);
  EXPECT_EQ(r->report()->status(), "failed");
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "succeeded");  // quark-cli's exit status, not the verdict
  EXPECT_EQ(m["result"]["status"], "failed");
}

TEST_F(RunFlow, InterruptedRunIsNeitherDiagnosedNorVerified) {
  runner::MonitoredOutcome o = exited(130);
  o.interrupted = true;
  o.interrupt_signal = 2;
  launcher.result = o;
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::Interrupted>(r->end));
  EXPECT_EQ(r->exit_code(), core::ExitCode::interrupted);
  EXPECT_EQ(r->report(), nullptr);
  EXPECT_FALSE(observer.diagnosis.has_value());
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "interrupted");
  EXPECT_EQ(m["run"]["interrupted_by"], "SIGINT");
  // A stopped run gets its report too, and it says so.
  ASSERT_TRUE(r->report_html && *r->report_html);
  EXPECT_NE(core::read_file(wd.root / "report.html")->find("the run was interrupted (SIGINT)"), std::string::npos);
}

TEST_F(RunFlow, SpawnFailureIsAnErrorAndTheManifestSaysFailed) {
  launcher.result =
      core::make_error(core::ExitCode::run_failed, "runner.spawn_failed").with("program", "quark-cli").with("path", "quark-cli");
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "runner.spawn_failed");
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "failed");
  EXPECT_TRUE(m["run"].contains("error"));
  EXPECT_NE(core::read_file(wd.root / "report.html")->find(R"(data-state="failed")"), std::string::npos);
}

TEST_F(RunFlow, WrongDigestStartsNothing) {
  request.approve = "sha256:" + std::string(64, '0');
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::not_approved);
  EXPECT_EQ(launcher.launches, 0);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(read_manifest().contains("run"));
}

TEST_F(RunFlow, NoWayToAskIsARefusal) {
  request.approve.clear();
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "run.no_terminal");
  EXPECT_EQ(prompt.asked, 0);
  EXPECT_EQ(launcher.launches, 0);
}

TEST_F(RunFlow, OnlyAnApprovalWordApproves) {
  request.approve.clear();
  prompt.terminal = true;
  prompt.answer = "ok, looks fine";
  auto declined = run_it();
  ASSERT_FALSE(declined.has_value());
  EXPECT_EQ(declined.error().id, "run.declined");
  EXPECT_EQ(launcher.launches, 0);

  prompt.answer = "run it";
  launcher.result = exited(0);
  launcher.act = [this](const runner::CommandSpec&) { write_export(); };
  auto approved = run_it();
  ASSERT_TRUE(approved.has_value()) << approved.error().id;
  EXPECT_EQ(approved->exit_code(), core::ExitCode::ok);
  EXPECT_EQ(prompt.asked, 2);
}

// checkpoints.json is writable by whoever can write the workdir: an approval found there, even
// of this exact digest, approves nothing. Only --approve or the person's answer in this process
// starts quark-cli.
TEST_F(RunFlow, AnApprovalFoundInTheWorkdirNeverCounts) {
  request.approve.clear();
  ASSERT_TRUE(workflow::record_confirmation(wd, workflow::make_confirmation(workflow::Checkpoint::execution, digest, "yes", "approved"))
                  .has_value());
  prompt.terminal = false;
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "run.no_terminal");
  EXPECT_EQ(launcher.launches, 0);

  // A prompt that can ask still asks, and a refusal there starts nothing.
  prompt.terminal = true;
  prompt.answer = "no";
  auto declined = run_it();
  ASSERT_FALSE(declined.has_value());
  EXPECT_EQ(declined.error().id, "run.declined");
  EXPECT_EQ(prompt.asked, 1);
  EXPECT_EQ(launcher.launches, 0);
}

TEST_F(RunFlow, ThePromptsAnswerIsRecordedWithItsChannel) {
  request.approve.clear();
  request.via = "mcp-elicitation";
  prompt.terminal = true;
  prompt.answer = "はい";
  launcher.result = exited(0);
  launcher.act = [this](const runner::CommandSpec&) { write_export(); };
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  auto all = workflow::load_confirmations(wd);
  ASSERT_TRUE(all.has_value());
  auto approval = workflow::latest_confirmation(*all, workflow::Checkpoint::execution);
  ASSERT_TRUE(approval.has_value());
  EXPECT_EQ(approval->user_words, "はい");
  EXPECT_EQ(approval->via, "mcp-elicitation");
  EXPECT_EQ(approval->digest, digest);
}

TEST_F(RunFlow, EnvironmentNotReadyStopsAtTheGate) {
  manifest["environment"]["verdict"] = {{"ready", false},
                                        {"problems", {{{"code", "quark_missing"}, {"severity", "blocking"}, {"message", "no quark"}}}}};
  seal_manifest();  // the verdict is inside the digest: re-prepared, not edited
  write_manifest();
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::env_not_ready);
  EXPECT_EQ(launcher.launches, 0);
}

// An argv edited after prepare no longer matches its digest: the manifest is invalid.
TEST_F(RunFlow, EditedCommandIsRefused) {
  manifest["command"]["argv"].push_back("--extra");
  write_manifest();
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(launcher.launches, 0);
  EXPECT_FALSE(fs::exists(out));
}

// One run per workdir and per output directory. The locks are taken after
// the approval, held while quark-cli runs and through the last manifest write, then released.
TEST_F(RunFlow, BothLocksAreHeldWhileTheChildRunsAndReleasedAfter) {
  launcher.result = exited(0);
  bool workdir_locked = false;
  bool output_locked = false;
  launcher.act = [&](const runner::CommandSpec&) {
    workdir_locked = runner::directory_locked(wd.root);
    output_locked = runner::directory_locked(out);
    write_export();
  };
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_TRUE(workdir_locked);
  EXPECT_TRUE(output_locked);
  EXPECT_FALSE(runner::directory_locked(wd.root));
  EXPECT_FALSE(runner::directory_locked(out));
}

TEST_F(RunFlow, ALockedWorkdirRefusesASecondRun) {
  auto held = runner::DirectoryLock::acquire(wd.root, "workdir");  // another run of this workdir
  ASSERT_TRUE(held.has_value());
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "runner.locked");
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(launcher.launches, 0);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(read_manifest().contains("run"));
}

TEST_F(RunFlow, ALockedOutputDirectoryRefusesASecondRun) {
  fs::create_directories(out);  // empty: still free, but another workdir's run holds it
  auto held = runner::DirectoryLock::acquire(out, "output directory");
  ASSERT_TRUE(held.has_value());
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "runner.locked");
  EXPECT_EQ(*r.error().arg("what"), "output directory");
  EXPECT_EQ(launcher.launches, 0);
  EXPECT_FALSE(read_manifest().contains("run"));
}

// The output directory was absent at prepare and filled up since.
TEST_F(RunFlow, OutputDirectoryFilledAfterPrepareIsRefused) {
  fs::create_directories(out);
  ASSERT_TRUE(core::write_file_atomic(out / "model.safetensors", "someone else's").has_value());
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "workflow.output_not_empty");
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(launcher.launches, 0);
  auto kept = core::read_file(out / "model.safetensors");
  ASSERT_TRUE(kept.has_value());
  EXPECT_EQ(*kept, "someone else's");  // untouched
  EXPECT_FALSE(read_manifest().contains("run"));
}

TEST_F(RunFlow, OutputDirectoryPreparedWithOverwriteMayHoldFiles) {
  fs::create_directories(out);
  ASSERT_TRUE(core::write_file_atomic(out / "old.txt", "from an earlier run").has_value());
  manifest["outputs"]["overwrite"] = true;
  seal_manifest();
  write_manifest();
  request.approve = digest;
  launcher.result = exited(0);
  launcher.act = [this](const runner::CommandSpec&) { write_export(); };
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(launcher.launches, 1);
}

// The local model swapped or edited after intake is not the one approved.
TEST_F(RunFlow, ModelChangedSincePrepareIsRefused) {
  fs::path model = tmp.path() / "model";
  fs::create_directories(model);
  ASSERT_TRUE(core::write_file_atomic(model / "config.json", R"({"model_type": "llama"})").has_value());
  auto identity = core::local_model_identity(model);
  ASSERT_TRUE(identity.has_value()) << identity.error().id;
  manifest["inputs"]["model_identity"] = *identity;
  seal_manifest();
  write_manifest();
  request.approve = digest;
  ASSERT_TRUE(core::write_file_atomic(model / "config.json", R"({"model_type": "llama", "auto_map": {}})").has_value());
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "workflow.model_changed");
  EXPECT_EQ(r.error().code, core::ExitCode::stale);
  EXPECT_NE(r.error().arg("change")->find("config.json"), std::string::npos);
  EXPECT_EQ(launcher.launches, 0);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(read_manifest().contains("run"));
}

// A run in progress is bad input (exit 3, not usage), with the liveness reason in the message.
// quark-ptq was killed, the quark-cli it started lives on (here: this test
// process, recorded by pid and start ticks as on_started does).
TEST_F(RunFlow, AnOrphanedQuarkCliStillHoldsTheRun) {
  pid_t gone = ::fork();
  ASSERT_GE(gone, 0);
  if (gone == 0) ::_exit(0);
  ASSERT_EQ(::waitpid(gone, nullptr, 0), gone);
  workflow::ProcessIdentity dead = workflow::current_process_identity();
  dead.pid = gone;
  manifest["run"] = manifest::running_section(dead, core::now_utc_iso8601(), digest, "logs/run-x.log").to_json();
  manifest["run"]["child_pid"] = ::getpid();
  manifest["run"]["child_start_ticks"] = workflow::current_process_identity().start_ticks;
  write_manifest();
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "run.already_running_because");
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  const std::string child = std::to_string(::getpid());
  const std::string en = core::render_error(core::Lang::en, flow::localized(core::Lang::en, r.error()));
  EXPECT_NE(en.find("quark-cli (pid " + child + ") is still running"), std::string::npos) << en;
  // In Japanese the reason is Japanese too, the pids kept.
  const std::string ja = core::render_error(core::Lang::ja, flow::localized(core::Lang::ja, r.error()));
  EXPECT_EQ(ja.find("is still running"), std::string::npos) << ja;
  EXPECT_NE(ja.find("kill -TERM -" + child), std::string::npos) << ja;
  EXPECT_EQ(launcher.launches, 0);
  EXPECT_FALSE(fs::exists(out));
}

// The refusal names the command it would approve, not a bare digest.
TEST_F(RunFlow, NoTerminalRefusalNamesTheCommand) {
  request.approve.clear();
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  ASSERT_NE(r.error().arg("command"), nullptr);
  EXPECT_EQ(*r.error().arg("command"), manifest["command"]["display"].get<std::string>());
  EXPECT_EQ(*r.error().arg("digest"), digest);
}

// The child's start ticks are recorded, so a quark-cli that outlives a killed
// quark-ptq is told from a reused pid. (The fake reports this test's own pid as the child's.)
TEST_F(RunFlow, TheChildsStartTicksAreRecorded) {
  launcher.result = exited(0);
  launcher.child_pid = static_cast<int>(::getpid());
  core::Json during;  // the manifest `status` reads while the child runs
  launcher.act = [&](const runner::CommandSpec&) {
    during = read_manifest();
    write_export();
  };
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(during["run"]["status"], "running");
  EXPECT_EQ(during["run"]["child_pid"], ::getpid());
  EXPECT_EQ(during["run"]["child_start_ticks"], workflow::current_process_identity().start_ticks);
}

// Every run gets a fresh, unpredictable log name.
TEST_F(RunFlow, TheLogNameIsUnique) {
  launcher.result = exited(0);
  launcher.act = [this](const runner::CommandSpec&) { write_export(); };
  ASSERT_TRUE(run_it().has_value());
  fs::path first = launcher.options.log_path;
  fs::remove_all(out);
  ASSERT_TRUE(run_it().has_value());
  EXPECT_NE(launcher.options.log_path, first);
  EXPECT_EQ(first.filename().string().rfind("run-", 0), 0u);
}

// Step 4's evaluation: the manifest's `evaluator` is what runs after a verified
// output; the verdict decides the exit code and lands in the manifest's `evaluation`.
class RunFlowEvaluated : public RunFlow {
 protected:
  void SetUp() override {
    RunFlow::SetUp();
    manifest["evaluator"] = {{"python", "/opt/eval/bin/python"},
                             {"source", "/models/tiny"},
                             {"output", out.string()},
                             {"text", "/data/heldout.jsonl"},
                             {"settings",
                              {{"intent", "smoke"},
                               {"windows", 4},
                               {"seq_len", 128},
                               {"canary_tokens", 4},
                               {"budget_seconds", 60},
                               {"max_ppl_increase_pct", 5.0},
                               {"z", 1.96}}}};
    bind_evaluator_inputs();
    seal_manifest();
    write_manifest();
    request.approve = digest;
    launcher.result = exited(0);
    launcher.act = [this](const runner::CommandSpec&) { write_export(); };
  }
  // A real text and interpreter for prepare's binding (the launcher fakes the evaluation).
  void bind_evaluator_inputs() {
    text = tmp.path() / "heldout.jsonl";
    ASSERT_TRUE(core::write_file_atomic(text, "{\"text\": \"held-out prose\"}\n").has_value());
    manifest["evaluator"]["text"] = text.string();
    manifest["evaluator"]["python"] = "python3";
    artifacts::Evaluator e = *artifacts::Evaluator::from_json(manifest["evaluator"]);
    e.bound = workflow::evaluator_inputs("python3", text.string());
    manifest["evaluator"] = e.to_json();
  }
  fs::path text;
  // What the evaluator measures: per-window NLL of source and output, and one canary each.
  static core::Json measured(double shift, std::vector<int> quantized_tokens) {
    auto model = [](std::vector<double> nll, std::vector<int> tokens) {
      return core::Json{{"loaded", true},
                        {"path", "/m"},
                        {"window_nll", nll},
                        {"canary", {{{"prompt", "p"}, {"tokens", tokens}, {"text", "some words here"}, {"degenerate", nullptr}}}}};
    };
    return {{"seconds", 3.0},
            {"source", model({3.0, 3.2, 2.8, 3.1}, {1, 2, 3, 4})},
            {"quantized", model({3.0 + shift, 3.2 + shift, 2.8 + shift, 3.1 + shift}, quantized_tokens)}};
  }
};

TEST_F(RunFlowEvaluated, AVerifiedOutputIsEvaluatedAsApproved) {
  evaluate::Settings s = evaluate::settings_of(artifacts::Evaluator::from_json(manifest["evaluator"])->settings);
  launcher.evaluation = evaluate::judge(measured(0.01, {1, 2, 3, 4}), s);
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::Verified>(r->end));
  // Exactly the recorded evaluator: its Python, models, text and settings, nothing else.
  ASSERT_EQ(launcher.evaluations.size(), 1U);
  const evaluate::Request& er = launcher.evaluations[0];
  EXPECT_EQ(er.python, "python3");
  EXPECT_EQ(er.source, fs::path("/models/tiny"));
  EXPECT_EQ(er.output, out);
  EXPECT_EQ(er.text, text);
  EXPECT_EQ(er.settings.windows, 4);
  EXPECT_EQ(er.settings.seq_len, 128);
  EXPECT_EQ(er.work_dir, wd.root / "evaluation");
  // Started before quark-cli with the recorded interpreter, told to go after verification.
  EXPECT_EQ(launcher.calls, (std::vector<std::string>{"start-evaluator python3", "launch", "evaluate (waited)"}));
  EXPECT_EQ(observer.events.back(), "evaluating " + out.string());
  ASSERT_TRUE(r->evaluation.has_value());
  EXPECT_EQ(r->evaluation->verdict, evaluate::Status::pass) << r->evaluation->reason.text();
  EXPECT_EQ(r->exit_code(), core::ExitCode::ok);
  core::Json m = read_manifest();
  EXPECT_EQ(m["evaluation"]["verdict"], "pass");
  EXPECT_EQ(m["result"]["status"], "success");
}

TEST_F(RunFlowEvaluated, ADegradedModelEndsWithTheEvaluationExitCode) {
  evaluate::Settings s = evaluate::settings_of(artifacts::Evaluator::from_json(manifest["evaluator"])->settings);
  launcher.evaluation = evaluate::judge(measured(0.5, {1, 2, 3, 4}), s);  // perplexity x1.65
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::Verified>(r->end));
  EXPECT_EQ(r->evaluation->verdict, evaluate::Status::fail);
  EXPECT_EQ(r->exit_code(), core::ExitCode::eval_failed);
  EXPECT_EQ(read_manifest()["evaluation"]["verdict"], "fail");
  // Checkpoint 4 does not take it as it is; the person may, explicitly.
  EXPECT_EQ(workflow::accept_result(wd, "accept").error().code, core::ExitCode::eval_failed);
  EXPECT_TRUE(workflow::accept_result(wd, "accept anyway", true).has_value());
}

TEST_F(RunFlowEvaluated, CheckpointFourCannotBePassedWhileTheEvaluationRuns) {
  evaluate::Settings s = evaluate::settings_of(artifacts::Evaluator::from_json(manifest["evaluator"])->settings);
  launcher.evaluation = evaluate::judge(measured(0.01, {1, 2, 3, 4}), s);
  std::optional<core::ExitCode> accept_during;
  launcher.while_evaluating = [&] {
    auto a = workflow::accept_result(wd, "accept");
    accept_during = a ? core::ExitCode::ok : a.error().code;
  };
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(accept_during, core::ExitCode::eval_failed);  // the in-progress record is not-run
  EXPECT_EQ(read_manifest()["evaluation"]["verdict"], "pass");
  EXPECT_TRUE(workflow::accept_result(wd, "accept").has_value());
}

TEST_F(RunFlowEvaluated, AnEvaluatorThatDidNotRunIsNeverAPass) {
  auto r = run_it();  // the fake's default: not_run
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(r->evaluation->verdict, evaluate::Status::not_run);
  EXPECT_EQ(r->exit_code(), core::ExitCode::eval_failed);
  EXPECT_EQ(read_manifest()["evaluation"]["verdict"], "not-run");
}

TEST_F(RunFlowEvaluated, AnInterruptedEvaluationIsAnInterruptedRun) {
  evaluate::EvaluationResult stopped = evaluate::not_run(
      evaluate::settings_of(artifacts::Evaluator::from_json(manifest["evaluator"])->settings), {"evaluate.reason.interrupted", {}});
  stopped.interrupted = true;
  launcher.evaluation = stopped;
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(r->exit_code(), core::ExitCode::interrupted);
}

TEST_F(RunFlowEvaluated, AnOutputThatDidNotVerifyIsNotEvaluated) {
  launcher.act = [](const runner::CommandSpec&) {};  // quark-cli "succeeds" and writes nothing
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::NotVerified>(r->end));
  EXPECT_TRUE(launcher.evaluations.empty());
  EXPECT_EQ(launcher.calls, (std::vector<std::string>{"start-evaluator python3", "launch", "release-evaluator"}));
  EXPECT_EQ(r->exit_code(), core::ExitCode::verify_failed);
  core::Json m = read_manifest();
  EXPECT_EQ(m["evaluation"]["verdict"], "not-run");
  EXPECT_NE(m["evaluation"]["reason"].get<std::string>().find("did not pass verification"), std::string::npos);
}

// The held-out text and the interpreter are bound by content and identity, not by path: either
// swapped after the approval (the path unchanged) is never used; the verified output stays
// recorded and the evaluation is not-run with what changed.
TEST_F(RunFlowEvaluated, ATextOrInterpreterSwappedAfterTheApprovalIsNeverUsed) {
  launcher.act = [this](const runner::CommandSpec&) {
    write_export();
    ASSERT_TRUE(core::write_file_atomic(text, "{\"text\": \"another text\"}\n").has_value());
  };
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_TRUE(launcher.evaluations.empty());
  EXPECT_EQ(launcher.calls, (std::vector<std::string>{"start-evaluator python3", "launch", "release-evaluator"}));
  ASSERT_TRUE(r->evaluation.has_value());
  EXPECT_EQ(r->evaluation->verdict, evaluate::Status::not_run);
  EXPECT_EQ(r->evaluation->reason.id, "evaluate.reason.inputs_changed");
  EXPECT_NE(r->evaluation->reason.text().find("held-out text"), std::string::npos);
  EXPECT_EQ(read_manifest()["result"]["status"], "success");

  // The interpreter: the manifest was approved for another file behind the same name.
  manifest["evaluator"]["bound"]["python_identity"]["sha256"] = std::string(64, '0');
  ASSERT_TRUE(core::write_file_atomic(text, "{\"text\": \"held-out prose\"}\n").has_value());
  manifest["evaluator"]["bound"]["text_sha256"] = *workflow::evaluator_inputs("python3", text.string()).text_sha256;
  seal_manifest();
  write_manifest();
  fs::remove_all(out);
  request.approve = digest;
  launcher.act = [this](const runner::CommandSpec&) { write_export(); };
  auto again = run_it();
  ASSERT_TRUE(again.has_value()) << again.error().id;
  EXPECT_TRUE(launcher.evaluations.empty());
  EXPECT_EQ(again->evaluation->reason.id, "evaluate.reason.inputs_changed");
  EXPECT_NE(again->evaluation->reason.text().find("interpreter"), std::string::npos);
}

TEST_F(RunFlowEvaluated, TheEvaluatorIsPartOfWhatIsApproved) {
  // Someone with write access to the workdir points the evaluator at another interpreter.
  core::Json edited = manifest;
  edited["evaluator"]["python"] = "/tmp/evil/python";
  ASSERT_TRUE(core::write_file_atomic(wd.manifest(), core::dump_yaml(edited)).has_value());
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(launcher.launches, 0);
  EXPECT_TRUE(launcher.evaluations.empty());
}

TEST_F(RunFlowEvaluated, APreviousRunsEvaluationNeverDescribesThisOne) {
  manifest["evaluation"] = {{"verdict", "pass"}, {"canary", {{"status", "pass"}}}, {"perplexity", {{"status", "pass"}, {"windows", 4}}}};
  write_manifest();
  launcher.result = exited(1);
  launcher.act = nullptr;
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::Failed>(r->end));
  EXPECT_FALSE(read_manifest().contains("evaluation"));
  EXPECT_EQ(launcher.calls, (std::vector<std::string>{"start-evaluator python3", "launch", "release-evaluator"}));
}

// The evaluator started beside quark-cli goes unused however the run ends short of the
// evaluation: interrupted, or quark-cli not started at all.
TEST_F(RunFlowEvaluated, TheEvaluatorStartedBesideQuarkCliGoesWhenTheRunEndsWithoutIt) {
  runner::MonitoredOutcome o = exited(130);
  o.interrupted = true;
  o.interrupt_signal = 2;
  launcher.result = o;
  launcher.act = nullptr;
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::Interrupted>(r->end));
  EXPECT_EQ(launcher.calls, (std::vector<std::string>{"start-evaluator python3", "launch", "release-evaluator"}));

  fs::remove_all(out);
  seal_manifest();
  write_manifest();
  request.approve = digest;
  launcher.calls.clear();
  launcher.result =
      core::make_error(core::ExitCode::run_failed, "runner.spawn_failed").with("program", "quark-cli").with("path", "quark-cli");
  auto failed = run_it();
  ASSERT_FALSE(failed.has_value());
  EXPECT_EQ(launcher.calls, (std::vector<std::string>{"start-evaluator python3", "launch", "release-evaluator"}));
  EXPECT_FALSE(launcher.evaluator_waits);
}

// A Slurm job's quark-cli runs on another host: its evaluator starts after the job, as before.
TEST_F(RunFlowEvaluated, AJobsEvaluatorIsStartedAfterTheJob) {
  const fs::path script_path = wd.root / "slurm" / "job.sbatch";
  manifest["command"]["scope"] = 3;
  manifest["executor"] = {{"kind", "slurm"},
                          {"resources", {{"partition", "gpu"}, {"gpus", 1}, {"mem_mib", 16384}, {"time_limit_minutes", 45}}},
                          {"sources", core::Json::object()},
                          {"margin", {{"quark_cli_seconds", 1200}, {"host_estimate_gib", 12.5}}},
                          {"script_path", script_path.string()},
                          {"script", "#!/bin/bash\n#SBATCH --partition=gpu\nexec '/opt/venv/bin/quark-cli' 'torch-llm-ptq'\n"},
                          {"output", (wd.logs() / "slurm-job.out").string()},
                          {"sbatch_argv", {"/usr/bin/sbatch", "--parsable", "--partition=gpu", script_path.string()}}};
  seal_manifest();
  write_manifest();
  request.approve = digest;
  launcher.while_following = [this] { write_export(); };
  cluster::JobOutcome done;
  done.last.state = cluster::JobState::completed;
  done.last.raw_state = "COMPLETED";
  done.last.exit_code = 0;
  done.run.exit_code = 0;
  done.run.started_at = "2026-12-01T00:00:00Z";
  done.run.finished_at = "2026-12-01T00:01:35Z";
  done.run.wall_seconds = 95;
  launcher.followed = done;
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::Verified>(r->end)) << r->run.dump();
  EXPECT_EQ(launcher.calls, (std::vector<std::string>{"submit", "evaluate"}));
}

TEST(RunOutcomeExitCode, OneCodePerEnd) {
  EXPECT_EQ((RunOutcome{{}, {}, run_end::Verified{}, std::nullopt}).exit_code(), core::ExitCode::ok);
  EXPECT_EQ((RunOutcome{{}, {}, run_end::NotVerified{}, std::nullopt}).exit_code(), core::ExitCode::verify_failed);
  EXPECT_EQ((RunOutcome{{}, {}, run_end::Failed{}, std::nullopt}).exit_code(), core::ExitCode::run_failed);
  EXPECT_EQ((RunOutcome{{}, {}, run_end::ExportedEvaluationFailed{}, std::nullopt}).exit_code(), core::ExitCode::verify_failed);
  EXPECT_EQ((RunOutcome{{}, {}, run_end::Interrupted{}, std::nullopt}).exit_code(), core::ExitCode::interrupted);
  // A verified run is a success only when its evaluation, if any, passed.
  evaluate::EvaluationResult pass;
  pass.verdict = evaluate::Status::pass;
  EXPECT_EQ((RunOutcome{{}, {}, run_end::Verified{}, pass}).exit_code(), core::ExitCode::ok);
  for (auto v : {evaluate::Status::fail, evaluate::Status::indeterminate, evaluate::Status::not_run}) {
    evaluate::EvaluationResult e;
    e.verdict = v;
    EXPECT_EQ((RunOutcome{{}, {}, run_end::Verified{}, e}).exit_code(), core::ExitCode::eval_failed);
  }
}

TEST(NormalizeDigest, AddsThePrefixToBareHex) {
  EXPECT_EQ(normalize_digest(" abc\n"), "sha256:abc");
  EXPECT_EQ(normalize_digest("sha256:abc"), "sha256:abc");
}

// --- a Slurm job (prepare --executor slurm) ---------------------------------------------------

class RunFlowJob : public RunFlow {
 protected:
  void SetUp() override {
    RunFlow::SetUp();
    script_path = wd.root / "slurm" / "job.sbatch";
    output = wd.logs() / "slurm-job.out";
    manifest["command"]["scope"] = 3;
    manifest["executor"] = {{"kind", "slurm"},
                            {"resources", {{"partition", "gpu"}, {"gpus", 1}, {"mem_mib", 16384}, {"time_limit_minutes", 45}}},
                            {"sources", core::Json::object()},
                            {"margin", {{"quark_cli_seconds", 1200}, {"host_estimate_gib", 12.5}}},
                            {"script_path", script_path.string()},
                            {"script", "#!/bin/bash\n#SBATCH --partition=gpu\nexec '/opt/venv/bin/quark-cli' 'torch-llm-ptq'\n"},
                            {"output", output.string()},
                            {"sbatch_argv", {"/usr/bin/sbatch", "--parsable", "--partition=gpu", script_path.string()}}};
    seal_manifest();
    write_manifest();
    request.approve = digest;
    launcher.stages = {"loading_model", "exporting"};
  }

  static cluster::JobOutcome ended(cluster::JobState state, std::optional<int> exit_code, const std::string& raw) {
    cluster::JobOutcome o;
    o.last.state = state;
    o.last.raw_state = raw;
    o.last.exit_code = exit_code;
    o.last.elapsed_s = 95;
    o.states_seen = {"pending", "running", std::string(cluster::job_state_name(state))};
    o.run.exit_code = exit_code;
    o.run.started_at = "2026-12-01T00:00:00Z";
    o.run.finished_at = "2026-12-01T00:01:35Z";
    o.run.wall_seconds = 95;
    return o;
  }

  fs::path script_path;
  fs::path output;
};

// The approved script is written where the sbatch argv names it, the old output file is gone
// before the submission, sbatch gets the recorded argv exactly, and the job id is in the
// manifest before the job is followed; a COMPLETED job's output is verified as a local run's.
TEST_F(RunFlowJob, TheJobIsSubmittedRecordedFirstFollowedAndVerified) {
  fs::create_directories(wd.logs());
  ASSERT_TRUE(core::write_file_atomic(output, "an earlier job's output\n").has_value());
  core::Json while_following;
  launcher.while_following = [&] {
    while_following = read_manifest();
    EXPECT_FALSE(fs::exists(output));  // removed before the submission
    write_export();
  };
  launcher.followed = ended(cluster::JobState::completed, 0, "COMPLETED");
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_TRUE(std::holds_alternative<run_end::Verified>(r->end)) << r->run.dump();
  EXPECT_EQ(launcher.launches, 0);  // nothing ran on this host
  EXPECT_EQ(launcher.sbatch_argv, manifest["executor"]["sbatch_argv"].get<std::vector<std::string>>());
  auto script = core::read_file(script_path);
  ASSERT_TRUE(script.has_value());
  EXPECT_EQ(*script, manifest["executor"]["script"].get<std::string>());
  EXPECT_EQ(while_following["run"]["job"]["id"], "4711");
  EXPECT_EQ(while_following["run"]["status"], "running");
  EXPECT_EQ(launcher.follow_options.output_path, output);
  EXPECT_EQ(launcher.follow_options.log_path.parent_path(), wd.logs());
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "succeeded");
  EXPECT_EQ(m["run"]["job"]["id"], "4711");
  EXPECT_EQ(m["run"]["job"]["state"], "completed");
  EXPECT_EQ(m["run"]["job"]["states_seen"], (core::Json{"pending", "running", "completed"}));
  EXPECT_EQ(m["result"]["status"], "success");
}

// Each way Slurm can end a job is a failed run with its own diagnosis, naming the figures the
// person changes: the time limit beside the estimate, --mem beside the host estimate.
TEST_F(RunFlowJob, EveryEndOfAJobIsDiagnosedTruthfully) {
  struct Case {
    cluster::JobState state;
    std::optional<int> exit_code;
    std::string raw;
    std::string rule;  // "" : the log decides (a quark-cli failure)
    std::string in_cause;
  };
  const std::vector<Case> cases = {
      {cluster::JobState::timeout, std::nullopt, "TIMEOUT", "slurm_time_limit", "45 min (quark-cli was estimated at 20 min"},
      {cluster::JobState::out_of_memory, std::nullopt, "OUT_OF_MEMORY", "slurm_out_of_memory",
       "16 GiB (the host-memory estimate was 12 GiB"},
      {cluster::JobState::node_fail, std::nullopt, "NODE_FAIL", "slurm_node_fail", "job 4711"},
      {cluster::JobState::preempted, std::nullopt, "PREEMPTED", "slurm_preempted", "job 4711"},
      {cluster::JobState::cancelled, std::nullopt, "CANCELLED by 1000", "slurm_cancelled", "CANCELLED by 1000"},
      {cluster::JobState::failed, 1, "FAILED", "gpu_oom_in_calibration", ""},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.raw);
    launcher.followed = ended(c.state, c.exit_code, c.raw);
    if (c.state == cluster::JobState::failed) {
      launcher.followed->run.log_tail = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n";
      launcher.followed->run.stages = {{"quantizing", "2026-12-01T00:00:10Z", 10, 80, ""}};
    }
    request.repeat_acknowledged = true;  // the same command again after a failure the plan must fix
    auto r = run_it();
    ASSERT_TRUE(r.has_value()) << r.error().id;
    ASSERT_TRUE(std::holds_alternative<run_end::Failed>(r->end)) << r->run.dump();
    EXPECT_EQ(r->exit_code(), core::ExitCode::run_failed);
    const auto& d = std::get<run_end::Failed>(r->end).diagnosis;
    EXPECT_EQ(d.rule, c.rule);
    EXPECT_NE(d.cause(core::Lang::en).find(c.in_cause), std::string::npos) << d.cause(core::Lang::en);
    core::Json m = read_manifest();
    EXPECT_EQ(m["run"]["status"], "failed");
    EXPECT_EQ(m["run"]["job"]["state"], std::string(cluster::job_state_name(c.state)));
    EXPECT_EQ(m["run"]["job"]["slurm_state"], c.raw);
    EXPECT_EQ(m["run"]["diagnosis"]["rule"], c.rule);
  }
}

// A job we cancelled (Ctrl-C answered "cancel") is an interrupted run, not a failure.
TEST_F(RunFlowJob, AJobCancelledByUsIsAnInterruptedRun) {
  cluster::JobOutcome o = ended(cluster::JobState::cancelled, std::nullopt, "CANCELLED by 1000");
  o.cancelled = true;
  o.interrupt_signal = SIGINT;
  o.run.interrupted = true;
  o.run.interrupt_signal = SIGINT;
  launcher.followed = o;
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_TRUE(std::holds_alternative<run_end::Interrupted>(r->end));
  EXPECT_EQ(r->exit_code(), core::ExitCode::interrupted);
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "interrupted");
  EXPECT_EQ(m["run"]["interrupted_by"], "SIGINT");
  EXPECT_EQ(m["run"]["job"]["cancelled_by_quark_ptq"], true);
}

// Detached: the run stays running with its job; a later `run` follows the same job again
// without a second submission, then verifies what it wrote - on the person's approval only:
// the record naming the job is in the writable workdir.
TEST_F(RunFlowJob, ADetachedJobIsFollowedAgainByTheNextRun) {
  cluster::JobOutcome o = ended(cluster::JobState::running, std::nullopt, "RUNNING");
  o.detached = true;
  o.interrupt_signal = SIGHUP;
  launcher.followed = o;
  auto r = run_it();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_TRUE(std::holds_alternative<run_end::Detached>(r->end));
  EXPECT_EQ(std::get<run_end::Detached>(r->end).job_id, "4711");
  EXPECT_EQ(r->exit_code(), core::ExitCode::interrupted);
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "running");
  EXPECT_EQ(m["run"]["job"]["id"], "4711");
  // This process still lives, so the record is its own: as another process would see it
  // once this one has gone, the job is not followed.
  m["run"]["pid"] = 999999999;
  ASSERT_TRUE(core::write_file_atomic(wd.manifest(), core::dump_yaml(m)).has_value());
  EXPECT_EQ(workflow::assess_run(m).reason_id, "workflow.run_reason.job_unfollowed");

  launcher.submitted = core::make_error(core::ExitCode::internal, "test.second_submission");
  launcher.followed = ended(cluster::JobState::completed, 0, "COMPLETED");
  launcher.while_following = [this] { write_export(); };
  request.approve.clear();  // no digest, no terminal: refused, nothing followed
  auto refused = run_it();
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().code, core::ExitCode::not_approved);
  EXPECT_EQ(launcher.follows, 1);
  request.approve = digest;  // the person's digest
  auto again = run_it();
  ASSERT_TRUE(again.has_value()) << again.error().id;
  EXPECT_TRUE(std::holds_alternative<run_end::Verified>(again->end)) << again->run.dump();
  EXPECT_EQ(prompt.asked, 0);
  EXPECT_EQ(launcher.follows, 2);
  m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "succeeded");
  EXPECT_EQ(m["run"]["job"]["id"], "4711");
  EXPECT_TRUE(m["run"]["job"].contains("followed_again_at"));
  EXPECT_FALSE(m.contains("history"));  // the same run, not a second attempt
}

// sbatch's refusal (a partition that does not exist) is recorded, with nothing submitted.
TEST_F(RunFlowJob, ARefusedSubmissionIsRecordedAsFailed) {
  launcher.submitted = core::make_error(core::ExitCode::run_failed, "cluster.sbatch_failed")
                           .with("status", "1")
                           .with_detail("sbatch: error: invalid partition specified: gpu");
  auto r = run_it();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "cluster.sbatch_failed");
  EXPECT_EQ(launcher.follows, 0);
  core::Json m = read_manifest();
  EXPECT_EQ(m["run"]["status"], "failed");
  EXPECT_FALSE(m["run"].contains("job"));
}

}  // namespace
}  // namespace flow
