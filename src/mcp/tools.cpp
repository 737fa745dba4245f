#include "mcp/tools.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <span>

#include "artifacts/evaluator.h"
#include "artifacts/prepared_manifest.h"
#include "artifacts/run_manifest.h"
#include "core/fs.h"
#include "core/sha256.h"
#include "core/shell_quote.h"
#include "core/text.h"
#include "evaluate/settings_json.h"
#include "flow/risk_text.h"
#include "flow/analyze_flow.h"
#include "flow/comparison_text.h"
#include "flow/checkpoint_flow.h"
#include "flow/documents.h"
#include "flow/evaluate_flow.h"
#include "flow/executor_text.h"
#include "flow/plan_flow.h"
#include "flow/run_flow.h"
#include "flow/verify_flow.h"
#include "manifest/comparison_prepare.h"
#include "manifest/estimate.h"
#include "manifest/prepare_flow.h"
#include "options/option_table.h"
#include "options/prepare_table.h"
#include "workflow/approval.h"
#include "workflow/candidate_workdir.h"
#include "workflow/confirm.h"
#include "workflow/decide.h"
#include "workflow/state.h"

namespace mcp {

using json = core::Json;

namespace {

constexpr const char* kVia = "mcp-elicitation";
using Type = Param::Type;

// Logs go to stderr: stdout is the protocol.
void log_line(core::Lang lang, std::string_view id, const std::vector<core::MessageArg>& args = {}) {
  std::cerr << "quark-ptq: " << core::msg(lang, id, args) << "\n" << std::flush;
}

std::filesystem::path workdir_of(const json& args) { return core::absolute_path(arg_string(args, "workdir")); }

ToolResult done(json doc, core::ExitCode code = core::ExitCode::ok) { return {std::move(doc), core::to_int(code), nullptr, ""}; }
// A refusal as the person reads it: each command in it names this call's workdir, absolute,
// since the person's terminal is not the server's working directory.
ToolResult failed(const ToolCall& c, const core::Error& e) {
  const std::string wd = arg_string(c.args, "workdir");
  core::Error shown = wd.empty() ? e : flow::with_workdir_absolute(e, core::absolute_path(wd));
  return {flow::error_document(c.lang, shown), core::to_int(e.code), nullptr, ""};
}
ToolResult ask_again(const Answer& a) { return {nullptr, 0, a.result, ""}; }

Param workdir_param() {
  return {"workdir",
          Type::string,
          "The workflow's directory (artifacts, checkpoints.json, logs/); relative paths resolve against the server's working directory, "
          "as on the command line",
          true,
          {},
          {},
          {}};
}

std::string brief(const std::string& v) { return v.empty() ? "-" : v; }

std::string brief(const std::optional<std::string>& v) { return v ? brief(*v) : "-"; }

std::string brief(const std::vector<std::string>& v) { return v.empty() ? "-" : core::join(v); }

std::string brief(bool v) { return v ? "true" : "false"; }

// The person's answer, or the tool result that stands in for it: the question back to the
// client, the refusal when the client cannot ask, or the decline (nothing is recorded).
struct Asked {
  std::optional<std::string> words;
  std::optional<ToolResult> instead;
};

Asked ask_person(ToolCall& call, const Question& q, const core::Error& cannot_ask, const core::Error& declined_base) {
  Answer a = call.asker.ask(q);
  switch (a.kind) {
    case Answer::Kind::answered:
      return {a.words, std::nullopt};
    case Answer::Kind::input_required:
      return {std::nullopt, ask_again(a)};
    case Answer::Kind::cannot_ask:
      return {std::nullopt, failed(call, cannot_ask)};
    case Answer::Kind::declined: {
      core::Error e = declined_base;
      return {std::nullopt, failed(call, e.with("answer", a.words))};
    }
  }
  return {std::nullopt, failed(call, cannot_ask)};
}

core::Error not_confirmed(int checkpoint, const std::string& answer_hint) {
  return core::make_error(core::ExitCode::not_confirmed, "mcp.not_confirmed")
      .with("checkpoint", std::to_string(checkpoint))
      .with("hint", answer_hint);
}

// A checkpoint flow's end as the tool's answer: what the asking left instead (no person to
// ask, no answer), a refusal naming the words that were no yes, or the document of what the
// flow recorded (`Ended`: Confirmed or Decided).
template <class Ended, class End, class Render>
ToolResult answer_of(const ToolCall& c, const core::Result<End>& end, std::optional<ToolResult>& instead, int checkpoint,
                     const std::string& hint, Render render) {
  if (!end) return failed(c, end.error());
  if (instead) return std::move(*instead);
  if (const auto* no = std::get_if<flow::checkpoint_end::NotAYes>(&*end))
    return failed(c, not_confirmed(checkpoint, hint).with("answer", no->words));
  return render(std::get<Ended>(*end));
}

core::Error needs_person(int checkpoint, const std::filesystem::path& wd, const std::string& command) {
  return core::make_error(checkpoint == 3 ? core::ExitCode::not_approved : core::ExitCode::not_confirmed, "mcp.needs_person")
      .with("checkpoint", std::to_string(checkpoint))
      .with("command", flow::user_command_absolute(wd, command));
}

Question confirmation_question(core::Lang lang, std::string key, std::string bound_to, std::string message) {
  return {std::move(key),
          std::move(bound_to),
          std::move(message),
          core::msg(lang, "mcp.answer_title"),
          core::msg(lang, "mcp.answer_confirm_hint"),
          ""};
}

// --- status -------------------------------------------------------------------------------

ToolResult call_status(ToolCall& c) {
  auto s = workflow::status_of(workflow::Workdir{workdir_of(c.args)});
  if (!s) return failed(c, s.error());
  return done(flow::status_document(c.lang, *s));
}

// --- step 1 ---------------------------------------------------------------------------------

ToolResult call_analyze(ToolCall& c) {
  intake::AnalyzeRequest req;
  req.model = arg_string(c.args, "model");
  if (std::string rev = arg_string(c.args, "revision"); !rev.empty()) req.revision = rev;
  flow::AnalyzeOracle oracle;
  oracle.python = arg_string(c.args, "python");
  auto analyzed = flow::analyze(workdir_of(c.args), req, oracle);
  if (!analyzed) return failed(c, analyzed.error());
  return done(analyzed->analysis);
}

// The person's answer through the elicitation, for a checkpoint flow: nullopt when none came,
// with the tool's result for that (ask again later, cannot ask, declined) kept in `instead`.
std::optional<flow::Answer> elicited(ToolCall& c, const Question& q, const core::Error& cannot_ask, const core::Error& declined,
                                     std::optional<ToolResult>& instead) {
  auto asked = ask_person(c, q, cannot_ask, declined);
  if (asked.instead) {
    instead = std::move(asked.instead);
    return std::nullopt;
  }
  return flow::Answer{*asked.words, false};
}

ToolResult call_confirm_analysis(ToolCall& c) {
  const std::filesystem::path wd = workdir_of(c.args);
  const std::vector<std::string> sets = arg_strings(c.args, "corrections");
  std::string command = "quark-ptq confirm analysis";
  for (const auto& s : sets) command += " --set " + core::shell_quote(s);
  const workflow::Workdir w{wd};
  const std::string hint = core::msg(c.lang, "mcp.answer_confirm_hint");
  std::optional<ToolResult> instead;
  // The person sees the analysis as the corrections would leave it, each change, and every
  // risk in full: exactly what their answer confirms.
  auto ask = [&](const flow::AnalysisQuestion& q) {
    const auto& a = q.facts;
    std::string corrections;
    for (const auto& change : q.corrections) {
      corrections += "\n  " + change.key + ": " + core::dump_compact(change.from) + " -> " + core::dump_compact(change.to);
    }
    if (corrections.empty()) corrections = core::msg(c.lang, "mcp.no_corrections");
    std::string message = core::msg(c.lang, "mcp.ask_analysis",
                                    {{"model", brief(a.model.model_path)},
                                     {"type", brief(a.model.model_type)},
                                     {"status", brief(a.analysis_status)},
                                     {"remote_code", brief(a.model.trust_remote_code)},
                                     {"excluded", brief(a.quantization_targets.exclude_defaults)},
                                     {"risks", flow::risk_list(c.lang, a.risks, core::msg(c.lang, "mcp.no_risks"))},
                                     {"corrections", corrections},
                                     {"digest", q.digest},
                                     {"workdir", wd.string()}});
    return elicited(c,
                    confirmation_question(c.lang, "confirmation",
                                          "confirm_analysis\n" + wd.string() + "\n" + q.digest + "\n" + core::join(sets, "\n"), message),
                    needs_person(1, wd, command), not_confirmed(1, hint), instead);
  };
  auto end = flow::confirm_analysis(w, {sets, arg_string(c.args, "digest"), kVia, false, {}}, ask);
  return answer_of<flow::checkpoint_end::Confirmed>(
      c, end, instead, 1, hint, [&](const auto& confirmed) { return done(flow::confirm_document(c.lang, w, confirmed.outcome)); });
}

// --- step 2 ---------------------------------------------------------------------------------

class LoggedPlan final : public flow::PlanObserver {
 public:
  explicit LoggedPlan(core::Lang lang) : m_lang(lang) {}
  // The first probe of an environment can take minutes: the server's log (stderr; stdout
  // carries only the protocol) says what runs and where it writes, as `plan` does on a terminal.
  void on_probing(const std::string& python, const std::string& extensions_dir) override {
    log_line(m_lang, "plan.probing", {{"python", python}, {"dir", extensions_dir.empty() ? "?" : extensions_dir}});
  }
  void on_probe_kept(const std::string& cache_file) override { log_line(m_lang, "plan.probe_kept", {{"path", cache_file}}); }
  void on_probe_progress(const flow::ProbeProgress& p) override {
    const char* what = p.probing && p.oracle ? "plan.progress.both" : p.probing ? "plan.progress.probe" : "plan.progress.oracle";
    log_line(m_lang, "plan.progress", {{"seconds", std::to_string(p.seconds)}, {"what", core::msg(m_lang, what)}});
    for (const auto& b : p.building) log_line(m_lang, "plan.progress.extension", {{"name", b.name}, {"dir", b.dir}});
  }
  void on_probed(bool from_cache, const std::string& version, const std::string& python) override {
    log_line(m_lang, from_cache ? "plan.probe_cached" : "plan.probe_ran", {{"version", version}, {"python", python}});
  }
  void on_help_unavailable(const std::string& problem) override { log_line(m_lang, "plan.help_unavailable", {{"problem", problem}}); }
  void on_using_shipped(const std::string& version) override { log_line(m_lang, "plan.using_shipped", {{"version", version}}); }
  void on_template_written(const std::string& path) override { log_line(m_lang, "plan.template_written", {{"path", path}}); }

 private:
  core::Lang m_lang;
};

// The arguments an option table's rows name, into its typed options (plan, prepare).
template <class Options>
void read_table_args(const json& args, std::span<const options::OptionRow<Options>> rows, Options& o) {
  for (const auto& row : rows) {
    const std::string name(row.mcp_name);
    if (!args.contains(name)) continue;
    std::visit(
        [&](auto member) {
          auto& field = o.*member;
          using T = std::decay_t<decltype(field)>;
          if constexpr (std::is_same_v<T, std::string>) {
            field = arg_string(args, name);
          } else if constexpr (std::is_same_v<T, std::optional<int>>) {
            field = arg_int(args, name);
          } else if constexpr (std::is_same_v<T, bool>) {
            field = arg_bool(args, name);
          } else {
            field = arg_strings(args, name);
          }
        },
        row.field);
  }
}

// A file the agent names (not the person) is read only inside the workdir - links resolved -,
// never anywhere the server can read (a token file named as a template was read and quoted).
std::optional<core::Error> file_outside_workdir(const char* option, const std::string& path, const std::filesystem::path& workdir) {
  if (path.empty()) return std::nullopt;
  auto real = core::real_path(core::absolute_path(path));
  auto root = core::real_path(workdir);
  const bool inside = real && root && std::mismatch(root->begin(), root->end(), real->begin(), real->end()).first == root->end();
  if (inside) return std::nullopt;
  return core::make_error(core::ExitCode::usage, "mcp.file_outside_workdir")
      .with("option", option)
      .with("path", path)
      .with("workdir", workdir.string());
}

ToolResult call_plan(ToolCall& c) {
  flow::PlanRequest req;
  req.workdir = workdir_of(c.args);
  read_table_args(c.args, options::plan_option_rows(), req.options);
  options::make_paths_absolute(req.options);
  if (auto outside = file_outside_workdir("template_file", req.options.template_file, req.workdir)) return failed(c, *outside);
  LoggedPlan observer(c.lang);
  auto outcome = flow::make_plan(req, observer);
  if (!outcome) return failed(c, outcome.error());
  return done(flow::plan_document(*outcome), outcome->exit_code());
}

ToolResult call_confirm_plan(ToolCall& c) {
  const std::filesystem::path wd = workdir_of(c.args);
  const workflow::Workdir w{wd};
  const std::string hint = core::msg(c.lang, "mcp.answer_confirm_hint");
  std::optional<ToolResult> instead;
  auto ask = [&](const flow::PlanQuestion& q) {
    const auto& p = q.facts;
    // Everything the confirmation binds that decides what will run, in words: the target by
    // name, whether the model's own code may run, and every risk the person accepts by confirming.
    std::string target = p.target ? brief(p.target->name) : "-";
    if (p.target && !p.target->arch.empty()) target += " (" + p.target->arch + ")";
    const bool remote = p.trust_remote_code.value_or(false);
    // A comparison binds every candidate: each is listed, with the risks it adds and the schemes
    // left out, as the terminal shows them.
    std::string comparison;
    for (const auto& line : flow::comparison_lines(c.lang, p)) comparison += line + "\n";
    std::string message = core::msg(c.lang, "mcp.ask_plan",
                                    {{"scheme", brief(p.global_scheme)},
                                     {"kv", brief(p.kv_cache_scheme)},
                                     {"algorithm", brief(p.algorithm)},
                                     {"target", target},
                                     {"excluded", brief(p.exclude_layers)},
                                     {"comparison", comparison},
                                     {"evaluation", brief(p.evaluation_intent)},
                                     {"remote_code", core::msg(c.lang, remote ? "mcp.remote_code_on" : "mcp.remote_code_off")},
                                     {"risks", flow::risk_list(c.lang, p.risks, core::msg(c.lang, "mcp.no_risks"))},
                                     {"digest", q.digest},
                                     {"workdir", wd.string()}});
    return elicited(c, confirmation_question(c.lang, "confirmation", "confirm_plan\n" + wd.string() + "\n" + q.digest, message),
                    needs_person(2, wd, "quark-ptq confirm plan"), not_confirmed(2, hint), instead);
  };
  auto end = flow::confirm_plan(w, {arg_string(c.args, "digest"), kVia, false}, ask);
  return answer_of<flow::checkpoint_end::Confirmed>(
      c, end, instead, 2, hint, [&](const auto& confirmed) { return done(flow::confirm_document(c.lang, w, confirmed.outcome)); });
}

// --- step 3 ---------------------------------------------------------------------------------

ToolResult call_prepare(ToolCall& c) {
  manifest::PrepareOptions p;
  read_table_args<options::PrepareOptions>(c.args, options::prepare_option_rows(), p);
  options::make_paths_absolute(p);
  p.workdir = workdir_of(c.args);
  if (auto outside = file_outside_workdir("sbatch_extra", p.sbatch_extra, p.workdir)) return failed(c, *outside);
  if (manifest::plan_is_comparison(workflow::Workdir{p.workdir})) {
    auto compared = manifest::prepare_comparison(p);
    if (!compared) return failed(c, compared.error());
    return done(flow::comparison_prepared_document(*compared), compared->ready() ? core::ExitCode::ok : core::ExitCode::env_not_ready);
  }
  auto r = manifest::prepare(p);
  if (!r) return failed(c, r.error());
  return done(flow::prepare_document(*r), r->ready ? core::ExitCode::ok : core::ExitCode::env_not_ready);
}

// --- checkpoint 3 and step 4 ------------------------------------------------------------------

std::string estimate_text(core::Lang lang, const json& manifest) {
  // As the CLI shows it (manifest::gib_text, minutes_text): one number reads the same everywhere.
  const std::optional<artifacts::EstimateRecord> e = artifacts::prepared_sections_as_read(manifest).estimate;
  auto value = [&](const std::optional<artifacts::Number> artifacts::EstimateRecord::*figure) {
    return e && *e.*figure ? (*(*e.*figure)).value : -1.0;
  };
  auto minutes = value(&artifacts::EstimateRecord::minutes);
  const bool cpu = e && e->runs_on_cpu.value_or(false);
  return core::msg(lang, cpu ? "mcp.estimate_cpu" : "mcp.estimate",
                   {{"gpu", manifest::gib_text(value(&artifacts::EstimateRecord::gpu_memory_gib))},
                    {"host", manifest::gib_text(value(&artifacts::EstimateRecord::host_memory_gib))},
                    {"disk", manifest::gib_text(value(&artifacts::EstimateRecord::disk_gib))},
                    {"minutes", minutes < 0 ? "?" : manifest::minutes_text(minutes)}});
}

// outputs.output_dir as recorded, "-" when none.
std::string output_dir_text(const json& manifest) {
  const auto outputs = artifacts::prepared_sections_as_read(manifest).outputs;
  return outputs ? brief(outputs->output_dir) : "-";
}

std::string evaluator_text(core::Lang lang, const json& section) {
  if (!section.is_object()) return core::msg(lang, "mcp.evaluator_none");
  auto evaluator = artifacts::Evaluator::from_json(section);
  if (!evaluator) return core::msg(lang, evaluator.error().id, evaluator.error().args);  // the field that does not read
  evaluate::Settings s = evaluate::settings_of(evaluator->settings);
  return std::string(core::trim(core::msg(lang, "prepare.evaluator",
                                          {{"python", evaluator->python.empty() ? "?" : evaluator->python},
                                           {"tokens", std::to_string(s.canary_tokens)},
                                           {"windows", std::to_string(s.windows)},
                                           {"seq_len", std::to_string(s.seq_len)},
                                           {"text", evaluator->text.empty() ? "-" : evaluator->text},
                                           {"threshold", json(s.max_ppl_increase_pct).dump()}})));
}

std::string approval_message(core::Lang lang, const flow::PendingCommand& p) {
  const workflow::RecordedCommand& cmd = p.command;
  std::string env;
  for (const auto& e : cmd.env_changes) env += (env.empty() ? "" : " ") + e.name + "=" + e.value;
  bool trusted = std::find(cmd.argv.begin(), cmd.argv.end(), "--no_trust_remote_code") == cmd.argv.end();
  std::string message = core::msg(lang, "mcp.ask_execution",
                                  {{"command", cmd.display},
                                   {"env", env.empty() ? "-" : env},
                                   {"destination", p.output_dir + (cmd.overwrite ? " " + core::msg(lang, "mcp.overwrite") : "")},
                                   {"estimate", estimate_text(lang, p.manifest)},
                                   {"remote_code", core::msg(lang, trusted ? "mcp.remote_code_on" : "mcp.remote_code_off")},
                                   {"evaluator", evaluator_text(lang, cmd.evaluator)},
                                   {"digest", cmd.digest}});
  // A Slurm job: its resources, the batch script and the sbatch line, approved with the command.
  for (const auto& line : flow::executor_lines(lang, cmd.executor)) message += "\n" + line;
  return message;
}

// The person's answer in this call, given to run() or run_comparison() only for the digest the
// person saw (a single command's, or the comparison's that binds every candidate's).
class AnsweredApproval final : public flow::ApprovalPrompt, public flow::ComparisonPrompt {
 public:
  AnsweredApproval(std::optional<std::string> words, std::string digest) : m_words(std::move(words)), m_digest(std::move(digest)) {}
  bool can_ask() const override { return m_words.has_value(); }
  std::optional<std::string> ask_approval(const workflow::RecordedCommand& cmd, const std::string&) override {
    return for_digest(cmd.digest);
  }
  std::optional<std::string> ask_comparison(const flow::ComparisonQuestion& q) override { return for_digest(q.digest); }

 private:
  // Nothing when what would run changed after the person saw it.
  std::optional<std::string> for_digest(const std::string& digest) const { return digest == m_digest ? m_words : std::nullopt; }
  std::optional<std::string> m_words;
  std::string m_digest;
};

class ReportedRun final : public flow::RunObserver {
 public:
  ReportedRun(core::Lang lang, RunReport& report) : m_lang(lang), m_report(report) {}
  void on_launching(const std::filesystem::path& log) override {
    log_line(m_lang, "run.starting", {{"log", log.string()}});
    m_report.stage("launching");
    m_report.launched();
  }
  void on_stage(const std::string& stage) override {
    log_line(m_lang, "run.stage", {{"stage", stage}});
    m_report.stage(stage);
  }
  void on_progress(const runner::LiveProgress& p) override { m_report.progress(p); }
  void on_stop_requested(const std::string& signal) override { log_line(m_lang, "run.stopping", {{"signal", signal}}); }
  void on_diagnosed(const diagnose::Diagnosis& d) override {
    log_line(m_lang, "run.failed", {{"rule", d.rule}, {"category", d.category_text(m_lang)}});
  }
  void on_record_failed(const core::Error& e) override { std::cerr << "quark-ptq: " << core::render_error(m_lang, e) << "\n"; }
  void on_evaluating(const evaluate::Request&) override { m_report.stage("evaluating"); }

 private:
  core::Lang m_lang;
  RunReport& m_report;
};

// Checkpoint 3 of a comparison: every candidate's exact command as the CLI's question shows
// them, and the one digest that approves them all.
std::string comparison_approval_message(core::Lang lang, const flow::ComparisonQuestion& q) {
  std::string commands;
  for (std::size_t i = 0; i < q.commands.size(); ++i) {
    const flow::PendingCommand& p = q.commands[i];
    std::string env;
    for (const auto& e : p.command.env_changes) env += (env.empty() ? "" : " ") + e.name + "=" + e.value;
    commands += (commands.empty() ? "" : "\n\n") +
                core::msg(lang, q.finished[i] ? "mcp.comparison_candidate_finished" : "mcp.comparison_candidate",
                          {{"index", std::to_string(i + 1)},
                           {"name", q.record.candidates[i].name},
                           {"command", p.command.display},
                           {"env", env.empty() ? "-" : env},
                           {"destination", p.output_dir + (p.command.overwrite ? " " + core::msg(lang, "mcp.overwrite") : "")},
                           {"estimate", estimate_text(lang, p.manifest)}});
    for (const auto& line : flow::executor_lines(lang, p.command.executor)) commands += "\n" + line;
  }
  const artifacts::CandidateFigures total = q.record.total();
  return core::msg(lang, "mcp.ask_comparison",
                   {{"count", std::to_string(q.commands.size())},
                    {"order", flow::run_order(lang, q.record)},
                    {"commands", commands},
                    {"evaluator", q.commands.empty() ? "-" : evaluator_text(lang, q.commands.front().command.evaluator)},
                    {"minutes", manifest::minutes_text(total.minutes)},
                    {"disk", manifest::gib_text(total.disk_gib)},
                    {"digest", q.digest}});
}

class ReportedComparison final : public flow::ComparisonObserver {
 public:
  ReportedComparison(core::Lang lang, RunReport& report) : m_lang(lang), m_run(lang, report), m_report(report) {}
  void on_candidate_start(const std::string& name, std::size_t index, std::size_t count) override {
    log_line(m_lang, "comparison.candidate_start",
             {{"index", std::to_string(index + 1)}, {"count", std::to_string(count)}, {"name", name}});
    m_report.stage("candidate " + name);
  }
  void on_candidate_skipped(const std::string& name, std::size_t rechecked_files) override {
    if (rechecked_files == 0) {
      log_line(m_lang, "comparison.candidate_skipped", {{"name", name}});
    } else {
      log_line(m_lang, "comparison.candidate_skipped_rechecked", {{"name", name}, {"files", std::to_string(rechecked_files)}});
    }
  }
  void on_side_by_side(std::size_t lanes, bool jobs) override {
    log_line(m_lang, jobs ? "comparison.side_by_side_jobs" : "comparison.side_by_side", {{"lanes", std::to_string(lanes)}});
  }
  void on_candidate_stage(const std::string& name, const std::string& stage) override {
    log_line(m_lang, "comparison.candidate_stage", {{"name", name}, {"stage", core::msg(m_lang, "enum.stage." + stage)}});
    m_report.stage("candidate " + name + ": " + stage);
  }
  void on_candidate_job_submitted(const std::string& name, const std::string& job_id) override {
    log_line(m_lang, "comparison.candidate_job_submitted", {{"name", name}, {"job", job_id}});
    m_report.stage("candidate " + name + ": job " + job_id);
  }
  void on_candidate_job_state(const std::string& name, const cluster::JobStatus& s) override {
    const std::string state(cluster::job_state_name(s.state));
    log_line(m_lang, s.reason.empty() ? "comparison.candidate_job_state" : "comparison.candidate_job_state_reason",
             {{"name", name}, {"job", s.job_id}, {"state", core::msg(m_lang, "enum.job_state." + state)}, {"reason", s.reason}});
    m_report.stage("candidate " + name + ": job " + s.job_id + " " + state);
  }
  void on_candidate_output_gone(const std::string& name, const std::string& output_dir) override {
    log_line(m_lang, "comparison.candidate_output_gone", {{"name", name}, {"path", output_dir}});
  }
  void on_candidate_error(const std::string& name, const core::Error& e) override {
    log_line(m_lang, "comparison.candidate_error", {{"name", name}, {"error", core::render_error(m_lang, e)}});
  }
  flow::RunObserver& run_observer() override { return m_run; }

 private:
  core::Lang m_lang;
  ReportedRun m_run;
  RunReport& m_report;
};

ToolResult call_run_comparison(ToolCall& c, const flow::RunRequest& req) {
  const std::filesystem::path& wd = req.workdir;
  std::optional<std::string> words;
  std::string digest;
  auto question = flow::comparison_question(wd);
  if (question) {
    digest = question->digest;
    Question q{"approval",
               "run\n" + wd.string() + "\n" + digest,
               comparison_approval_message(c.lang, *question),
               core::msg(c.lang, "mcp.answer_title"),
               core::msg(c.lang, "mcp.answer_execution_hint"),
               ""};
    core::Error cannot =
        needs_person(3, wd, "quark-ptq run --approve " + digest)
            .with("shown", core::msg(c.lang, "mcp.comparison_shown", {{"count", std::to_string(question->commands.size())}}))
            .with("digest", digest);
    cannot.id = "mcp.needs_person_run";
    auto asked = ask_person(c, q, cannot, core::make_error(core::ExitCode::not_approved, "run.declined"));
    if (asked.instead) return *asked.instead;
    words = asked.words;
  }
  // Without a question run_comparison() reports why (the gates); otherwise only the person's
  // answer in this call, for the digest they saw, approves.
  const core::Lang lang = c.lang;
  flow::RunRequest each = req;
  auto started = c.runs.start(wd.string(), c.request_id, c.on_run_change,
                              [each, words, digest, lang](const runner::StopSwitch& stop, RunReport& report) mutable {
                                each.stop = &stop;
                                AnsweredApproval prompt(words, digest);
                                flow::MonitoredLauncher launcher;
                                ReportedComparison observer(lang, report);
                                auto outcome = flow::run_comparison(each, launcher, prompt, observer);
                                if (!outcome)
                                  return Finished{flow::error_document(lang, outcome.error()), core::to_int(outcome.error().code)};
                                return Finished{flow::comparison_run_document(lang, *outcome), core::to_int(outcome->exit_code())};
                              });
  if (auto* f = std::get_if<Finished>(&started)) return {f->doc, f->exit_code, nullptr, ""};
  const std::string id = std::get<std::string>(started);
  auto snap = c.runs.get(id);
  json handle = run_status_document(c.lang, *snap);
  handle["request_id"] = c.request_id;
  handle["digest"] = question ? json(digest) : json(nullptr);
  return {handle, 0, nullptr, id};
}

ToolResult call_run(ToolCall& c) {
  const std::filesystem::path wd = workdir_of(c.args);
  flow::RunRequest req;
  req.workdir = wd;
  req.stop_grace_seconds = c.args.contains("stop_grace_seconds") ? c.args["stop_grace_seconds"].get<double>() : 10.0;
  req.echo_stdout_fd = STDERR_FILENO;  // stdout is the protocol
  // The client's log, not a terminal: plain lines.
  req.echo_stdout_style = req.echo_stderr_style = runner::EchoStyle::lines;
  req.via = kVia;
  req.lang = c.lang;
  req.progress_interval = 1.0;

  // One run at a time per server (the runner relays Ctrl-C to one monitored run per process);
  // refused before the person is asked.
  if (auto going = c.runs.going()) {
    return failed(
        c, core::make_error(core::ExitCode::bad_input, "mcp.run_in_progress").with("run_id", going->id).with("workdir", going->workdir));
  }
  if (manifest::plan_is_comparison(workflow::Workdir{wd})) return call_run_comparison(c, req);
  std::optional<std::string> words;
  std::string digest;
  auto pending = flow::pending_command(wd);
  if (pending) {
    digest = pending->command.digest;
    std::string message = approval_message(c.lang, *pending);
    if (pending->repeats) {
      message = core::msg(c.lang, "run.repeat_warning",
                          {{"rule", pending->repeats->rule}, {"checkpoint", std::to_string(pending->repeats->return_to)}}) +
                "\n\n" + message;
    }
    Question q{"approval",
               "run\n" + wd.string() + "\n" + digest,
               message,
               core::msg(c.lang, "mcp.answer_title"),
               core::msg(c.lang, "mcp.answer_execution_hint"),
               ""};
    core::Error cannot =
        needs_person(3, wd, "quark-ptq run --approve " + digest).with("shown", pending->command.display).with("digest", digest);
    cannot.id = "mcp.needs_person_run";
    auto asked = ask_person(c, q, cannot, core::make_error(core::ExitCode::not_approved, "run.declined"));
    if (asked.instead) return *asked.instead;
    words = asked.words;
  }
  // Without a pending command run() reports why (the gates); otherwise only the person's answer
  // in this call, for the digest they saw, approves: never an approval found in the workdir.
  // The run goes on on a thread of its own; the tool returns its handle once it has started
  // (approval recorded, locks held), or run()'s refusal when it did not start.
  const core::Lang lang = c.lang;
  auto started = c.runs.start(wd.string(), c.request_id, c.on_run_change,
                              [req, words, digest, lang](const runner::StopSwitch& stop, RunReport& report) mutable {
                                req.stop = &stop;
                                AnsweredApproval prompt(words, digest);
                                flow::MonitoredLauncher launcher;
                                ReportedRun observer(lang, report);
                                auto outcome = flow::run(req, launcher, prompt, observer);
                                if (!outcome)
                                  return Finished{flow::error_document(lang, outcome.error()), core::to_int(outcome.error().code)};
                                return Finished{flow::run_document(*outcome), core::to_int(outcome->exit_code())};
                              });
  if (auto* f = std::get_if<Finished>(&started)) return {f->doc, f->exit_code, nullptr, ""};
  const std::string id = std::get<std::string>(started);
  auto snap = c.runs.get(id);
  json handle = run_status_document(c.lang, *snap);
  handle["request_id"] = c.request_id;
  handle["digest"] = pending ? json(pending->command.digest) : json(nullptr);
  return {handle, 0, nullptr, id};
}

std::optional<RunSnapshot> named_run(ToolCall& c, ToolResult& failure) {
  const std::string id = arg_string(c.args, "run_id");
  auto snap = c.runs.get(id);
  if (!snap) failure = failed(c, core::make_error(core::ExitCode::bad_input, "mcp.run_unknown").with("run_id", id));
  return snap;
}

// While the run goes on, exit 0; once it ended, the run's own document and exit code, as the
// blocking `quark-ptq run --json` would have returned them.
ToolResult status_result(core::Lang lang, const RunSnapshot& snap) {
  return {run_status_document(lang, snap), snap.result ? snap.result->exit_code : 0, nullptr, ""};
}

ToolResult call_run_status(ToolCall& c) {
  ToolResult failure;
  auto snap = named_run(c, failure);
  if (!snap) return failure;
  return status_result(c.lang, *snap);
}

ToolResult call_cancel_run(ToolCall& c) {
  ToolResult failure;
  auto snap = named_run(c, failure);
  if (!snap) return failure;
  if (!snap->ended) log_line(c.lang, "mcp.cancelling", {{"run_id", snap->id}, {"workdir", snap->workdir}});
  c.runs.cancel(snap->id);
  return status_result(c.lang, *c.runs.get(snap->id));
}

// --- step 4, standalone -------------------------------------------------------------------

ToolResult call_verify(ToolCall& c) {
  flow::VerifyRequest r{arg_string(c.args, "output_dir"), arg_string(c.args, "plan"), arg_string(c.args, "source"),
                        static_cast<unsigned>(arg_int(c.args, "threads").value_or(0))};
  auto report = flow::verify(r);
  if (!report) return failed(c, report.error());
  return done(report->record().to_json(), flow::verify_exit_code(*report));
}

template <typename T>
std::optional<T> arg_number(const json& args, const char* name) {
  if (!args.contains(name)) return std::nullopt;
  return args[name].get<T>();
}

ToolResult call_evaluate(ToolCall& c) {
  flow::EvaluateRequest r;
  r.output_dir = arg_string(c.args, "output_dir");
  r.source = arg_string(c.args, "source");
  r.text = arg_string(c.args, "text");
  r.plan = arg_string(c.args, "plan");
  r.eval = arg_string(c.args, "eval", r.eval);
  r.priority = arg_string(c.args, "priority", r.priority);
  r.threshold = arg_number<double>(c.args, "threshold");
  r.windows = arg_int(c.args, "windows");
  r.seq_len = arg_int(c.args, "seq_len");
  r.canary_tokens = arg_int(c.args, "canary_tokens");
  r.budget = arg_number<double>(c.args, "budget");
  r.python = arg_string(c.args, "python");
  r.workdir = workdir_of(c.args);
  r.echo_fd = STDERR_FILENO;  // stdout is the protocol
  r.lang = c.lang;
  auto req = flow::evaluation_request(r);
  if (!req) return failed(c, req.error());
  const evaluate::Settings& s = req->settings;
  log_line(c.lang, "evaluate.starting",
           {{"output", req->output.string()},
            {"source", req->source.string()},
            {"tokens", std::to_string(s.canary_tokens)},
            {"windows", std::to_string(s.windows)},
            {"seq_len", std::to_string(s.seq_len)},
            {"text", req->text.string()},
            {"budget", std::to_string(static_cast<long>(s.budget_seconds))},
            {"python", req->python}});
  if (c.progress) c.progress("evaluating");
  evaluate::EvaluationResult result = flow::run_evaluation(*req);
  return done(result.record().to_json(), flow::evaluation_exit_code(result));
}

// --- checkpoint 4 ---------------------------------------------------------------------------

// What an answer at checkpoint 4 is bound to: the recorded result.
std::string result_digest(const workflow::WorkflowStatus& s) { return artifacts::recorded_result_digest(s.manifest.doc); }

ToolResult call_accept(ToolCall& c) {
  const bool despite = arg_bool(c.args, "despite_evaluation");
  const std::string candidate = arg_string(c.args, "candidate");
  const std::string hint = core::msg(c.lang, "mcp.answer_confirm_hint");
  std::string command =
      std::string("quark-ptq accept") + (candidate.empty() ? "" : " --candidate " + candidate) + (despite ? " --despite-evaluation" : "");
  std::optional<ToolResult> instead;
  // A comparison's checkpoint 4 is decided in the workdir of the candidate the person accepts.
  auto ask = [&](const flow::ResultQuestion& q) {
    const std::string wd = q.status.workdir.string();
    std::string message =
        core::msg(c.lang, "mcp.ask_accept",
                  {{"output", output_dir_text(q.status.manifest.doc)},
                   {"verification", q.status.verification == workflow::Verification::none
                                        ? std::string("-")
                                        : std::string(workflow::verification_name(q.status.verification))},
                   {"evaluation", q.status.evaluation.empty() ? "-" : flow::evaluation_verdict_text(c.lang, q.status.evaluation)},
                   {"despite", despite ? core::msg(c.lang, "mcp.despite_evaluation") : ""},
                   {"workdir", wd}});
    return elicited(c,
                    confirmation_question(c.lang, "confirmation",
                                          "accept\n" + wd + "\n" + result_digest(q.status) + (despite ? "\ndespite" : ""), message),
                    needs_person(4, q.status.workdir, command), not_confirmed(4, hint), instead);
  };
  auto end = flow::decide_result({workdir_of(c.args), candidate, flow::Decision::accept, despite, "", kVia}, ask);
  return answer_of<flow::checkpoint_end::Decided>(c, end, instead, 4, hint, [&](const auto& decided) {
    return done(flow::decision_document(c.lang, decided.decided_in, decided.confirmation));
  });
}

ToolResult call_followup(ToolCall& c) {
  const std::filesystem::path wd = workdir_of(c.args);
  const std::string proposed = arg_string(c.args, "text");
  const std::string hint = core::msg(c.lang, "mcp.followup_hint");
  std::optional<ToolResult> instead;
  auto ask = [&](const flow::ResultQuestion& q) {
    Question question{"followup",
                      "followup\n" + wd.string() + "\n" + result_digest(q.status),
                      core::msg(c.lang, "mcp.ask_followup", {{"output", output_dir_text(q.status.manifest.doc)}, {"text", proposed}}),
                      core::msg(c.lang, "mcp.followup_title"),
                      hint,
                      proposed};
    return elicited(c, question, needs_person(4, wd, "quark-ptq followup " + core::shell_quote(proposed)), not_confirmed(4, hint), instead);
  };
  auto end = flow::decide_result({wd, "", flow::Decision::followup, std::nullopt, proposed, kVia}, ask);
  return answer_of<flow::checkpoint_end::Decided>(c, end, instead, 4, hint, [&](const auto& decided) {
    return done(flow::decision_document(c.lang, decided.decided_in, decided.confirmation));
  });
}

// A tool's arguments from an option table's rows (plan, prepare), described by the help
// catalogue as the CLI's options are.
template <class Options>
std::vector<Param> table_params(core::Lang lang, std::span<const options::OptionRow<Options>> rows) {
  std::vector<Param> out;
  for (const auto& row : rows) {
    Param p{std::string(row.mcp_name), Type::string, options::help_text(lang, row), row.required, {}, {}, {}};
    switch (row.kind) {
      case options::Kind::text:
      case options::Kind::path:
        break;
      case options::Kind::choice:
        p.choices = options::choices(row);
        break;
      case options::Kind::count:
        p.type = Type::integer;
        p.minimum = 1.0;
        p.maximum = 1e9;
        break;
      case options::Kind::flag:
        p.type = Type::boolean;
        break;
      case options::Kind::list:
        p.type = Type::strings;
        break;
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<Param> with_workdir(Param wd, std::vector<Param> rest) {
  rest.insert(rest.begin(), std::move(wd));
  return rest;
}

std::vector<Tool> make_tools(core::Lang lang) {
  const Param wd = workdir_param();
  const Param digest{"digest", Type::string, "Refuse unless the artifact still has this digest (the one reviewed)", false, {}, {}, {}};
  std::vector<Tool> t;
  t.push_back(
      {"status",
       "Where the workflow in workdir stands: each artifact, each checkpoint, the run and the next action (quark-ptq status --json).",
       {wd},
       true,
       call_status});
  t.push_back({"analyze",
               "Step 1: read a model's config.json and safetensors headers (never its weights) and write model_analysis.json (quark-ptq "
               "analyze MODEL --json).",
               {wd,
                {"model", Type::string, "A model directory or a Hugging Face Hub repo id (org/name)", true, {}, {}, {}},
                {"revision", Type::string, "Hub branch, tag or commit (default: main)", false, {}, {}, {}},
                {"python",
                 Type::string,
                 "The Python whose transformers and Quark the model oracle asks (default: $VIRTUAL_ENV, $CONDA_PREFIX, quark-cli on PATH)",
                 false,
                 {},
                 {},
                 {}}},
               false,
               call_analyze});
  t.push_back(
      {"confirm_analysis",
       "Checkpoint 1: propose the analysis (with corrections) for confirmation. The person confirms it through the client; the agent "
       "cannot (quark-ptq confirm analysis --json).",
       {wd,
        {"corrections", Type::strings, "KEY=VALUE corrections to apply first (KEY dotted, e.g. model.model_type=llama)", false, {}, {}, {}},
        digest},
       false,
       call_confirm_analysis});
  t.push_back({"plan", "Step 2: build quant_plan.json against the installed Quark (quark-ptq plan --json); needs checkpoint 1.",
               with_workdir(wd, table_params(lang, options::plan_option_rows())), false, call_plan});
  t.push_back({"confirm_plan",
               "Checkpoint 2: propose the plan for confirmation. The person confirms it through the client; the agent cannot (quark-ptq "
               "confirm plan --json).",
               {wd, digest},
               false,
               call_confirm_plan});
  t.push_back(
      {"prepare",
       "Step 3: check the environment and write the exact command into run_manifest.yaml (quark-ptq prepare --json); needs checkpoint 2. "
       "Creates nothing outside the workdir.",
       with_workdir(wd, table_params(lang, options::prepare_option_rows())), false, call_prepare});
  t.push_back({"run",
               "Checkpoint 3 and step 4: asks the person, through the client, to approve the exact command prepare recorded, then starts "
               "it and returns a handle at once (run_id; a task where the client has the tasks extension); the run is verified and "
               "evaluated when quark-cli ends (run_status, cancel_run; the final document is that of quark-ptq run --json). A comparison "
               "(plan compare): the person is asked once for every candidate's command; they run one after another and the final "
               "document holds the comparison table and the recommendation. No argument approves: without a client that can ask, "
               "the person approves at their own terminal.",
               {wd,
                {"stop_grace_seconds",
                 Type::number,
                 "Seconds between forwarding a stop to quark-cli and killing it (default 10)",
                 false,
                 {},
                 0.0,
                 3600.0}},
               false,
               call_run});
  const Param run_id{"run_id", Type::string, "The run_id the run tool returned", true, {}, {}, {}};
  t.push_back({"run_status",
               "Where a run started by the run tool stands: stage, progress, GPU and host memory, elapsed time; once it ended, the "
               "document quark-ptq run --json prints (and its exit code). Poll it, or follow the run's notifications/progress.",
               {run_id},
               true,
               call_run_status});
  t.push_back({"cancel_run",
               "Stop a run started by the run tool exactly as Ctrl-C at the terminal does: quark-cli's process group gets SIGINT (SIGKILL "
               "after stop_grace_seconds) and run_manifest.yaml records the run as interrupted. Returns the run's status.",
               {run_id},
               false,
               call_cancel_run});
  t.push_back({"verify",
               "Step 4 on its own: inspect a quantized output directory (files, checksums, safetensors headers, planned vs actual layers) "
               "and return the report (quark-ptq verify OUTPUT_DIR --json); isError unless it passes.",
               {{"output_dir", Type::string, "The quantized model directory", true, {}, {}, {}},
                {"plan", Type::string, "quant_plan.json to check the output against", false, {}, {}, {}},
                {"source", Type::string, "The original model directory (excluded layers are compared byte for byte)", false, {}, {}, {}},
                {"threads", Type::integer, "Hashing threads (default: all cores)", false, {}, 1.0, 1024.0}},
               true,
               call_verify});
  t.push_back(
      {"evaluate",
       "Step 4 on its own: evaluate a quantized output against its source (canary prompts and the paired perplexity delta on held-out "
       "text) and return the result (quark-ptq evaluate --json); isError unless the verdict is pass. Writes only under workdir/evaluation.",
       {wd,
        {"output_dir", Type::string, "The quantized model directory", true, {}, {}, {}},
        {"source", Type::string, "The original (unquantized) model directory", true, {}, {}, {}},
        {"text",
         Type::string,
         "Held-out text: .jsonl with a text field, or .txt paragraphs (default: the plan's evaluation.text)",
         false,
         {},
         {},
         {}},
        {"plan", Type::string, "quant_plan.json whose evaluation settings and threshold to use", false, {}, {}, {}},
        {"eval", Type::string, "smoke (canary + a few windows) or full (more windows); default smoke", false, {"smoke", "full"}, {}, {}},
        {"priority",
         Type::string,
         "accuracy, balanced or size: picks the perplexity threshold (default: balanced)",
         false,
         {"accuracy", "balanced", "size"},
         {},
         {}},
        {"threshold", Type::number, "Largest accepted perplexity rise, in percent (overrides the priority's)", false, {}, 1e-9, 1e9},
        {"windows", Type::integer, "Perplexity windows", false, {}, 1.0, 1e9},
        {"seq_len", Type::integer, "Tokens per window", false, {}, 2.0, 1048576.0},
        {"canary_tokens", Type::integer, "Greedy tokens per canary prompt (0: no canary)", false, {}, 0.0, 1e9},
        {"budget", Type::number, "Seconds after which no further window is started", false, {}, 1e-9, 1e9},
        {"python", Type::string, "Python interpreter with torch, transformers and amd-quark (default: as prepare)", false, {}, {}, {}}},
       false,
       call_evaluate});
  t.push_back(
      {"accept",
       "Checkpoint 4: propose accepting the verified result; the person accepts through the client (quark-ptq accept --json).",
       {wd,
        {"despite_evaluation", Type::boolean, "Accept although the evaluation is not a pass (shown to the person)", false, {}, {}, {}},
        {"candidate",
         Type::string,
         "A comparison's candidate to accept (its name in the comparison table); required for a comparison",
         false,
         {},
         {},
         {}}},
       false,
       call_accept});
  t.push_back({"followup",
               "Checkpoint 4: propose a bounded follow-up request instead of accepting; the person confirms or edits it through the client "
               "(quark-ptq followup TEXT --json).",
               {wd, {"text", Type::string, "What should change", true, {}, {}, {}}},
               false,
               call_followup});
  return t;
}

}  // namespace

namespace {

json gib(std::optional<std::int64_t> mib) {
  if (!mib) return nullptr;
  return static_cast<double>(std::llround(static_cast<double>(*mib) / 1024.0 * 10.0)) / 10.0;
}

std::string gib_text(const json& v) { return v.is_null() ? "-" : v.dump(); }

// Stopped before it ended by itself: quark-cli, or the evaluation after it (the run then
// succeeded and the exit code says interrupted).
bool interrupted(const RunSnapshot& run) {
  if (!run.result) return false;
  const json* st = core::json_at(run.result->doc, "run/status");
  if (st != nullptr && st->is_string() && *st == "interrupted") return true;
  return run.result->exit_code == core::to_int(core::ExitCode::interrupted);
}

std::string state_of(const RunSnapshot& run) {
  if (!run.ended) return "running";
  return run.cancel_requested && interrupted(run) ? "cancelled" : "ended";
}

json memory_json(const runner::LiveProgress& p) {
  if (!p.memory) return nullptr;
  const runner::ResourceSample& m = *p.memory;
  return {{"gpu_used_gib", gib(m.gpu_used_mib)},
          {"gpu_own_gib", gib(m.gpu_own_mib)},
          {"host_used_gib", gib(m.host_used_mib)},
          {"group_rss_gib", gib(m.group_rss_mib)}};
}

}  // namespace

std::string progress_text(core::Lang lang, const RunSnapshot& run) {
  if (run.ended) {
    const json* st = run.result ? core::json_at(run.result->doc, "run/status") : nullptr;
    std::string status = st != nullptr && st->is_string() ? st->get<std::string>() : "refused";
    return core::msg(lang, "mcp.progress_ended",
                     {{"status", status}, {"exit_code", std::to_string(run.result ? run.result->exit_code : 0)}});
  }
  const runner::LiveProgress& p = run.progress;
  json mem = memory_json(p);
  std::string bar = p.percent >= 0 ? " " + std::to_string(p.percent) + "%" + (p.position.empty() ? "" : " (" + p.position + ")") : "";
  std::string gpu = mem.is_null() ? "-" : gib_text(mem["gpu_own_gib"].is_null() ? mem["gpu_used_gib"] : mem["gpu_own_gib"]);
  std::string host = mem.is_null() ? "-" : gib_text(mem["group_rss_gib"]);
  return core::msg(lang, "mcp.progress",
                   {{"stage", run.stage.empty() ? "-" : run.stage},
                    {"bar", bar},
                    {"gpu", gpu},
                    {"host", host},
                    {"elapsed", std::to_string(static_cast<long>(p.elapsed_seconds))}});
}

json run_status_document(core::Lang lang, const RunSnapshot& run) {
  const runner::LiveProgress& p = run.progress;
  json d = {{"run_id", run.id},
            {"workdir", run.workdir},
            {"state", state_of(run)},
            {"cancel_requested", run.cancel_requested},
            {"stage", run.stage},
            {"percent", p.percent >= 0 ? json(p.percent) : json(nullptr)},
            {"position", p.position.empty() ? json(nullptr) : json(p.position)},
            {"elapsed_seconds", static_cast<double>(static_cast<long>(p.elapsed_seconds * 10)) / 10.0},
            {"memory", memory_json(p)},
            {"progress", progress_text(lang, run)},
            {"created_at", run.created_at},
            {"updated_at", run.updated_at},
            {"manifest", (std::filesystem::path(run.workdir) / "run_manifest.yaml").string()},
            {"result", run.result ? run.result->doc : json(nullptr)},
            {"exit_code", run.result ? json(run.result->exit_code) : json(nullptr)}};
  return d;
}

const std::vector<Tool>& tools(core::Lang lang) {
  static const std::vector<Tool> en = make_tools(core::Lang::en);
  static const std::vector<Tool> ja = make_tools(core::Lang::ja);
  return lang == core::Lang::ja ? ja : en;
}

}  // namespace mcp
