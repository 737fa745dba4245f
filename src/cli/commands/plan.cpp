// quark-ptq plan [options]: step 2. From the confirmed analysis, the installed Quark (or the
// shipped knowledge for --quark-version) and the target hardware to quant_plan.json, which
// waits for checkpoint 2. An invalid plan is reported with evidence and fixes, and nothing
// is written.
#include <memory>

#include "cli/commands.h"
#include "cli/commands/plan.h"
#include "core/fs.h"
#include "core/text.h"
#include "envprobe/python_env.h"
#include "plan/capabilities.h"
#include "plan/plan_document.h"
#include "plan/planner.h"
#include "plan/probe.h"
#include "plan/target.h"
#include "plan/template_file.h"
#include "runner/capture.h"
#include "workflow/state.h"

namespace cli {

namespace {

struct PlanCommandOptions {
  plan::PlanOptions plan;
  std::string algo_list;
  std::vector<std::string> overrides;
  std::string template_file;
};

core::Result<runner::CaptureResult> capture(const runner::CommandSpec& spec, double timeout) {
  return runner::capture(spec, timeout);
}

std::vector<std::string> split_algorithms(const std::string& list) {
  std::vector<std::string> out;
  for (const auto& piece : core::split(list, ',')) {
    // quark-cli does not strip spaces around names; we do, and pass a clean list.
    std::string_view name = core::trim(piece, " ");
    if (!name.empty()) {
      out.emplace_back(name);
    }
  }
  return out;
}

core::Result<plan::Capabilities> capabilities(Context& ctx, const plan::PlanOptions& o) {
  // The same environment resolution as env and prepare; "none found" falls through to the
  // shipped knowledge, a bad --python is the user's to fix.
  auto python = envprobe::resolve_python_env(o.python);
  if (!python && !o.python.empty()) {
    return python.error();
  }
  if (python) {
    plan::ProbeSettings s{python->python, plan::default_cache_dir(envprobe::process_env), capture, 300};
    QPTQ_TRY_ASSIGN(auto installed, plan::probe_installed(s));
    if (installed) {
      ctx.console.say(installed->from_cache ? "plan.probe_cached" : "plan.probe_ran",
                      {{"version", installed->probe.quark_version()}, {"python", python->python}});
      if (!installed->help_ok) {
        ctx.console.warn(ctx.console.t("plan.help_unavailable", {{"problem", installed->help_problem}}));
      }
      QPTQ_TRY_ASSIGN(plan::Capabilities caps, plan::installed_capabilities(installed->probe, installed->help));
      if (!installed->help_ok) {
        caps.verified = false;
        caps.help.flags = caps.renames.cli_flags;
      }
      return caps;
    }
    if (!o.python.empty() && o.quark_version.empty()) {
      return core::make_error(core::ExitCode::env_not_ready, "plan.no_quark_in_python").with("python", python->python);
    }
  }
  if (o.quark_version.empty()) {
    return core::make_error(core::ExitCode::env_not_ready, "plan.no_quark");
  }
  ctx.console.say("plan.using_shipped", {{"version", o.quark_version}});
  return plan::shipped_capabilities(o.quark_version);
}

int report_problems(Context& ctx, const plan::Plan& p) {
  core::Json problems = core::Json::array();
  for (const auto& pr : p.problems) {
    ctx.console.warn(ctx.console.t("plan.problem_line", {{"problem", plan::render(ctx.console.lang(), pr.text)}}));
    ctx.console.warn(ctx.console.t("plan.fix_line", {{"fix", plan::render(ctx.console.lang(), pr.fix)}}));
    problems.push_back({{"code", pr.code}, {"message", plan::render(core::Lang::en, pr.text)}, {"fix", plan::render(core::Lang::en, pr.fix)}});
  }
  if (ctx.console.json_mode()) {
    ctx.console.json({{"valid", false}, {"written", false}, {"problems", problems}});
  }
  return ctx.console.error(core::make_error(core::ExitCode::plan_invalid, "plan.invalid")
                               .with("count", std::to_string(p.problems.size()))
                               .with("first", plan::render(ctx.console.lang(), p.problems.front().text)));
}

int run_plan(Context& ctx, PlanCommandOptions opt) {
  workflow::Workdir wd{ctx.workdir};
  auto confirmed = workflow::require_confirmed(wd, workflow::Checkpoint::analysis);
  if (!confirmed) {
    return ctx.console.error(confirmed.error());
  }
  auto analysis = core::read_json_file(wd.analysis());
  if (!analysis) {
    return ctx.console.error(analysis.error());
  }
  plan::PlanOptions& o = opt.plan;
  o.algorithms = split_algorithms(opt.algo_list);
  for (const auto& ov : opt.overrides) {
    auto eq = ov.rfind('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == ov.size()) {
      return ctx.console.error(core::make_error(core::ExitCode::usage, "plan.bad_override").with("value", ov));
    }
    o.overrides.emplace_back(ov.substr(0, eq), ov.substr(eq + 1));
  }
  for (const auto& e : o.excludes) {
    if (e.empty()) {
      return ctx.console.error(core::make_error(core::ExitCode::usage, "plan.empty_exclude"));
    }
  }
  auto caps = capabilities(ctx, o);
  if (!caps) {
    return ctx.console.error(caps.error());
  }
  plan::Target target;
  if (!o.target.empty()) {
    auto t = plan::target_from_name(o.target);
    if (!t) {
      return ctx.console.error(t.error());
    }
    target = *t;
  } else {
    target = plan::detect_target(capture);
  }
  plan::PlanInputs in;
  in.analysis = &*analysis;
  in.analysis_digest = workflow::artifact_digest(*analysis);
  in.options = o;
  in.caps = &*caps;
  in.target = target;
  std::string model_type = core::json_at(*analysis, "model/model_type") != nullptr && core::json_at(*analysis, "model/model_type")->is_string()
                               ? core::json_at(*analysis, "model/model_type")->get<std::string>()
                               : "";
  if (o.write_template) {
    std::string path = plan::template_file_path(wd, model_type);
    core::Json doc = plan::template_file_json(model_type, *analysis);
    auto w = plan::write_template_file(path, doc);
    if (!w) {
      return ctx.console.error(w.error());
    }
    ctx.console.say("plan.template_written", {{"path", path}});
    in.template_file = path;
    in.template_doc = doc;
  } else if (!opt.template_file.empty()) {
    auto path = core::real_path(opt.template_file);
    if (!path) {
      return ctx.console.error(path.error());
    }
    auto doc = core::read_json_file(*path);
    if (!doc) {
      return ctx.console.error(doc.error());
    }
    in.template_file = path->string();
    in.template_doc = *doc;
  }
  plan::Plan p = plan::build_plan(in);
  if (!p.problems.empty()) {
    return report_problems(ctx, p);
  }
  core::Json doc = plan::plan_to_json(p);
  auto written = plan::write_plan(wd, doc);
  if (!written) {
    return ctx.console.error(written.error());
  }
  for (const auto& line : plan::decision_table(ctx.console.lang(), p)) {
    ctx.console.line(line);
  }
  if (ctx.console.json_mode()) {
    ctx.console.json(doc);
  }
  ctx.console.say("plan.written", {{"path", wd.plan().string()}, {"command", workflow::confirm_command(workflow::Checkpoint::plan)}});
  return 0;
}

}  // namespace

void add_plan_options(CLI::App& sub, PlanOptions& o) {
  sub.add_option("--target", o.target, "Target hardware: mi300x, mi325x, mi350x, mi355x, l40s, h100, h200, b200, cpu (default: detected)");
  sub.add_option("--priority", o.priority, "accuracy, balanced or size (default: balanced)")
      ->check(CLI::IsMember({"accuracy", "balanced", "size"}));
  sub.add_option("--scheme", o.scheme, "Global quantization scheme (--quant_scheme)");
  sub.add_option("--kv-cache", o.kv_cache, "KV-cache scheme: fp8 or none");
  sub.add_option("--algo", o.algo, "Algorithms, comma-separated (e.g. awq or gptq,smoothquant)");
  sub.add_option("--override", o.overrides, "PATTERN=SCHEME per-layer override (repeatable)");
  sub.add_option("--exclude", o.excludes, "Exclusion pattern (repeatable; replaces the template defaults)");
  sub.add_option("--calib-dataset", o.calib_dataset, "Calibration dataset (default: pileval)");
  sub.add_option("--calib-samples", o.calib_samples, "Calibration samples (default: 512)")->check(CLI::PositiveNumber);
  sub.add_option("--seq-len", o.seq_len, "Calibration sequence length (default: 512)")->check(CLI::PositiveNumber);
  sub.add_option("--batch-size", o.batch_size, "Calibration batch size (default: 1)")->check(CLI::PositiveNumber);
  sub.add_option("--eval", o.eval, "Evaluation intent: none, smoke or full (default: none)")
      ->check(CLI::IsMember({"none", "smoke", "full"}));
  sub.add_option("--eval-text", o.eval_text, "Held-out text for the evaluation (.jsonl with a text field, or .txt paragraphs)");
  sub.add_flag("--multi-device", o.multi_device, "Spread the model over several devices (--multi_device)");
  sub.add_flag("--trust-remote-code", o.trust_remote_code, "Accept running the model's own code from the Hub");
  sub.add_option("--python", o.python, "Python interpreter of the environment that has amd-quark");
  sub.add_option("--quark-version", o.quark_version, "Plan from shipped knowledge for this Quark version when none is installed");
  sub.add_flag("--write-template", o.write_template, "Write a starting --template_file for a model type without a template");
  sub.add_option("--template-file", o.template_file, "Use this --template_file (Quark 0.13+)");
}

int run_plan_command(Context& ctx, const PlanOptions& in) {
  PlanCommandOptions opt;
  plan::PlanOptions& o = opt.plan;
  o.target = in.target;
  if (!in.priority.empty()) o.priority = in.priority;
  o.scheme = in.scheme;
  o.kv_cache = in.kv_cache;
  o.excludes = in.excludes;
  o.calib_dataset = in.calib_dataset;
  o.calib_samples = in.calib_samples;
  o.seq_len = in.seq_len;
  o.batch_size = in.batch_size;
  o.eval = in.eval;
  o.eval_text = in.eval_text.empty() ? "" : core::absolute_path(in.eval_text).string();
  o.multi_device = in.multi_device;
  o.trust_remote_code = in.trust_remote_code;
  o.python = in.python;
  o.quark_version = in.quark_version;
  o.write_template = in.write_template;
  opt.algo_list = in.algo;
  opt.overrides = in.overrides;
  opt.template_file = in.template_file;
  return run_plan(ctx, std::move(opt));
}

void add_plan_command(CLI::App& app, CommandFn& selected) {
  auto opt = std::make_shared<PlanOptions>();
  auto* sub = app.add_subcommand("plan", "Step 2: build the quantization plan against the installed Quark");
  add_plan_options(*sub, *opt);
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_plan_command(ctx, *opt); }; });
}

}  // namespace cli
