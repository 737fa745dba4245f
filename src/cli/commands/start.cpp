#include "cli/commands/start.h"

#include <memory>
#include <set>
#include <sstream>

#include "cli/commands.h"
#include "cli/commands/analyze.h"
#include "cli/commands/confirm.h"
#include "cli/commands/decide.h"
#include "cli/commands/prepare.h"
#include "cli/commands/run.h"
#include "cli/next_step.h"
#include "cli/summaries.h"
#include "workflow/approval.h"
#include "workflow/state.h"

namespace cli {

namespace {

using workflow::ArtifactState;
using workflow::Checkpoint;
using workflow::CheckpointState;

// nullopt: go on to the next step; a value: stop with that exit code.
using Stop = std::optional<int>;

class StartFlow {
 public:
  StartFlow(Context& ctx, const StartOptions& opt) : m_ctx(ctx), m_c(ctx.console), m_opt(opt), m_wd{ctx.workdir} {}

  int run() {
    for (auto step : {&StartFlow::analysis_step, &StartFlow::analysis_checkpoint, &StartFlow::plan_step, &StartFlow::plan_checkpoint,
                      &StartFlow::prepare_step, &StartFlow::execution_checkpoint, &StartFlow::result_checkpoint}) {
      if (Stop stop = (this->*step)()) return *stop;
    }
    m_c.say("start.finished");
    return 0;
  }

 private:
  workflow::WorkflowStatus status() {
    auto s = workflow::evaluate(m_wd);
    if (!s) {
      m_failed = m_c.error(s.error());
      return {};
    }
    return *s;
  }

  bool same_model(const core::Json& analysis) const {
    auto path = core::json_at(analysis, "model/model_path");
    if (path == nullptr || !path->is_string()) return false;
    std::string recorded = path->get<std::string>();
    if (!m_opt.revision.empty() && core::json_at(analysis, "model/revision") != nullptr &&
        *core::json_at(analysis, "model/revision") != m_opt.revision) {
      return false;
    }
    if (recorded == m_opt.model) return true;
    auto real = core::real_path(m_opt.model);
    return real && real->string() == recorded;
  }

  // Shows the question; nullopt (no terminal, end of input) is a refusal, never a yes.
  std::optional<std::string> ask(const char* prompt_id, Checkpoint cp, const std::string& command, core::ExitCode code) {
    auto answer = m_c.ask(m_c.t(prompt_id));
    if (!answer) {
      m_failed = m_c.error(core::make_error(code, "start.no_answer")
                               .with("checkpoint", std::to_string(static_cast<int>(cp)))
                               .with("command", command));
    }
    return answer;
  }

  Stop stopped(Checkpoint cp, const std::string& command, core::ExitCode code) {
    m_c.say("start.stopped", {{"checkpoint", std::to_string(static_cast<int>(cp))}, {"command", command}});
    return core::to_int(code);
  }

  Stop analysis_step() {
    auto s = status();
    if (m_failed) return m_failed;
    if (s.analysis.state == ArtifactState::valid && same_model(s.analysis.doc)) {
      m_c.say("start.reuse", {{"path", s.analysis.path.string()}});
      return std::nullopt;
    }
    m_c.say("start.step", {{"number", "1"}, {"what", m_c.t("start.step_analyze")}});
    int rc = run_analyze_command(m_ctx, {m_opt.model, m_opt.revision});
    return rc == 0 ? Stop() : rc;
  }

  Stop analysis_checkpoint() {
    while (true) {
      auto s = status();
      if (m_failed) return m_failed;
      if (already(s, Checkpoint::analysis)) return std::nullopt;
      show_analysis_summary(m_c, s.analysis.doc);
      m_c.say("workflow.reason_analysis");
      auto answer = ask("start.ask_analysis", Checkpoint::analysis, "quark-ptq confirm analysis", core::ExitCode::not_confirmed);
      if (!answer) return m_failed;
      ConfirmOptions opt{"analysis", {}, s.analysis.digest, *answer, true};
      if (!workflow::is_confirmation(*answer)) {
        if (answer->find('=') == std::string::npos) return stopped(Checkpoint::analysis, "quark-ptq confirm analysis", core::ExitCode::not_confirmed);
        std::istringstream words(*answer);
        for (std::string w; words >> w;) opt.sets.push_back(w);
      }
      int rc = run_confirm_command(m_ctx, opt);
      // A correction that does not parse or validate changed nothing: ask again.
      if (rc == core::to_int(core::ExitCode::usage) || rc == core::to_int(core::ExitCode::bad_input)) continue;
      return rc == 0 ? Stop() : rc;
    }
  }

  Stop plan_step() {
    auto s = status();
    if (m_failed) return m_failed;
    if (s.plan.state == ArtifactState::valid && !m_opt.plan_given) {
      m_c.say("start.reuse", {{"path", s.plan.path.string()}});
      return std::nullopt;
    }
    m_c.say("start.step", {{"number", "2"}, {"what", m_c.t("start.step_plan")}});
    int rc = run_plan_command(m_ctx, m_opt.plan);
    return rc == 0 ? Stop() : rc;
  }

  Stop plan_checkpoint() {
    auto s = status();
    if (m_failed) return m_failed;
    if (already(s, Checkpoint::plan)) return std::nullopt;
    show_decision_table(m_c, s.plan.doc);
    m_c.say("workflow.reason_plan");
    auto answer = ask("start.ask_plan", Checkpoint::plan, "quark-ptq confirm plan", core::ExitCode::not_confirmed);
    if (!answer) return m_failed;
    if (!workflow::is_confirmation(*answer)) return stopped(Checkpoint::plan, "quark-ptq plan ... / quark-ptq confirm plan", core::ExitCode::not_confirmed);
    int rc = run_confirm_command(m_ctx, {"plan", {}, s.plan.digest, *answer, true});
    return rc == 0 ? Stop() : rc;
  }

  Stop prepare_step() {
    auto s = status();
    if (m_failed) return m_failed;
    const core::Json* out = core::json_at(s.manifest.doc, "outputs/output_dir");
    bool same_dest = out != nullptr && out->is_string() && out->get<std::string>() == core::absolute_path(m_opt.output_dir).string();
    if (s.manifest.state == ArtifactState::valid && same_dest) {
      m_c.say("start.reuse", {{"path", s.manifest.path.string()}});
      return std::nullopt;
    }
    m_c.say("start.step", {{"number", "3"}, {"what", m_c.t("start.step_prepare")}});
    int rc = run_prepare_command(m_ctx, {m_opt.output_dir, m_opt.plan.python});
    return rc == 0 ? Stop() : rc;
  }

  Stop execution_checkpoint() {
    auto s = status();
    if (m_failed) return m_failed;
    // Resuming after a finished run: go straight to checkpoint 4.
    if (s.at(Checkpoint::execution).state == CheckpointState::confirmed && core::json_object(s.manifest.doc, "result") != nullptr) {
      return std::nullopt;
    }
    if (s.manifest.state != ArtifactState::valid) {
      return m_c.error(core::make_error(core::ExitCode::bad_input, "workflow.artifact_invalid")
                           .with("path", s.manifest.path.string())
                           .with("problem", s.manifest.problem.empty() ? std::string(workflow::artifact_state_name(s.manifest.state)) : s.manifest.problem)
                           .with("command", "quark-ptq prepare --output-dir " + m_opt.output_dir));
    }
    show_execution_summary(m_c, s.manifest.doc);
    m_c.say("workflow.reason_execution");
    m_c.say("start.approval_words");
    std::string digest = workflow::recompute_command_digest(s.manifest.doc);
    std::string command = "quark-ptq run --approve " + digest;
    auto answer = ask("start.ask_execution", Checkpoint::execution, command, core::ExitCode::not_approved);
    if (!answer) return m_failed;
    if (!workflow::is_execution_approval(*answer)) {
      m_c.say("start.not_approved", {{"answer", *answer}});
      return stopped(Checkpoint::execution, command, core::ExitCode::not_approved);
    }
    m_c.say("start.approved", {{"digest", digest}});
    m_c.say("start.step", {{"number", "4"}, {"what", m_c.t("start.step_run")}});
    int rc = run_run_command(m_ctx, {digest, *answer});
    return rc == 0 ? Stop() : rc;
  }

  Stop result_checkpoint() {
    auto s = status();
    if (m_failed) return m_failed;
    if (already(s, Checkpoint::result)) return std::nullopt;
    show_result_summary(m_c, s.manifest.doc);
    m_c.say("workflow.reason_result");
    auto answer = ask("start.ask_result", Checkpoint::result, "quark-ptq accept", core::ExitCode::not_confirmed);
    if (!answer) return m_failed;
    int rc = 0;
    if (workflow::is_confirmation(*answer)) {
      rc = run_accept_command(m_ctx, {"", *answer});
    } else if (workflow::is_refusal(*answer) || answer->empty()) {
      return stopped(Checkpoint::result, "quark-ptq accept / quark-ptq followup TEXT", core::ExitCode::not_confirmed);
    } else {
      rc = run_followup_command(m_ctx, {*answer, ""});
    }
    return rc == 0 ? Stop() : rc;
  }

  bool already(const workflow::WorkflowStatus& s, Checkpoint cp) const {
    const auto& st = s.at(cp);
    if (st.state != CheckpointState::confirmed) return false;
    m_c.say("start.already_confirmed", {{"checkpoint", std::to_string(static_cast<int>(cp))}, {"at", st.confirmation->confirmed_at}});
    return true;
  }

  Context& m_ctx;
  const Console& m_c;
  const StartOptions& m_opt;
  workflow::Workdir m_wd;
  Stop m_failed;
};

}  // namespace

int run_start_command(Context& ctx, const StartOptions& opt) {
  // Several steps each print their own JSON; one document on stdout is the contract.
  if (ctx.console.json_mode()) return ctx.console.error(core::make_error(core::ExitCode::usage, "start.no_json"));
  return StartFlow(ctx, opt).run();
}

void add_start_command(CLI::App& app, CommandFn& selected) {
  auto opt = std::make_shared<StartOptions>();
  auto* sub = app.add_subcommand("start", "The whole flow interactively, stopping at each of the four checkpoints");
  sub->add_option("model", opt->model, "Hugging Face repo id or local model directory")->required();
  sub->add_option("--output-dir", opt->output_dir, "Where the quantized model goes")->required();
  sub->add_option("--revision", opt->revision, "Model revision (branch, tag or commit)");
  std::set<std::string> own;
  for (const auto* o : sub->get_options()) own.insert(o->get_name());
  add_plan_options(*sub, opt->plan);
  sub->callback([&selected, opt, sub, own] {
    opt->plan_given = false;
    for (const auto* o : sub->get_options()) {
      if (own.count(o->get_name()) == 0 && o->count() > 0) opt->plan_given = true;
    }
    selected = [opt](Context& ctx) { return run_start_command(ctx, *opt); };
  });
}

}  // namespace cli
