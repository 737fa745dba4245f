#include "flow/plan_flow.h"

#include "core/fs.h"
#include "core/text.h"
#include "envprobe/python_env.h"
#include "plan/capabilities.h"
#include "plan/plan_document.h"
#include "plan/planner.h"
#include "plan/target.h"
#include "plan/template_file.h"
#include "runner/capture.h"
#include "workflow/state.h"

namespace flow {

namespace {

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

core::Result<plan::Capabilities> capabilities(const plan::PlanOptions& o, const plan::CaptureFn& capture, const envprobe::EnvGetter& getenv,
                                              PlanObserver& observer) {
  // The same environment resolution as env and prepare; "none found" falls through to the
  // shipped knowledge, a bad --python is the user's to fix.
  auto python = envprobe::resolve_python_env(o.python, getenv);
  if (!python && !o.python.empty()) {
    return python.error();
  }
  if (python) {
    plan::ProbeSettings s{python->python, plan::default_cache_dir(getenv), capture, 300};
    QPTQ_TRY_ASSIGN(auto installed, plan::probe_installed(s));
    if (installed) {
      observer.on_probed(installed->from_cache, installed->probe.quark_version(), python->python);
      if (!installed->help_ok) observer.on_help_unavailable(installed->help_problem);
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
  observer.on_using_shipped(o.quark_version);
  return plan::shipped_capabilities(o.quark_version);
}

}  // namespace

core::ExitCode PlanOutcome::exit_code() const {
  return std::holds_alternative<plan_end::Written>(end) ? core::ExitCode::ok : core::ExitCode::plan_invalid;
}

core::Result<PlanOutcome> make_plan(const PlanRequest& request, PlanObserver& observer) {
  workflow::Workdir wd{request.workdir};
  QPTQ_TRY(workflow::require_confirmed(wd, workflow::Checkpoint::analysis));
  QPTQ_TRY_ASSIGN(core::Json analysis, core::read_json_file(wd.analysis()));
  const plan::CaptureFn capture = request.capture ? request.capture : plan::CaptureFn(
      [](const runner::CommandSpec& spec, double timeout) { return runner::capture(spec, timeout); });
  plan::PlanOptions o = request.options;
  o.algorithms = split_algorithms(request.algorithms);
  for (const auto& ov : request.overrides) {
    auto eq = ov.rfind('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == ov.size()) {
      return core::make_error(core::ExitCode::usage, "plan.bad_override").with("value", ov);
    }
    o.overrides.emplace_back(ov.substr(0, eq), ov.substr(eq + 1));
  }
  for (const auto& e : o.excludes) {
    if (e.empty()) return core::make_error(core::ExitCode::usage, "plan.empty_exclude");
  }
  QPTQ_TRY_ASSIGN(plan::Capabilities caps, capabilities(o, capture, request.getenv, observer));
  plan::Target target;
  if (!o.target.empty()) {
    QPTQ_TRY_ASSIGN(target, plan::target_from_name(o.target));
  } else {
    QPTQ_TRY_ASSIGN(target, plan::detect_target(capture));
  }
  plan::PlanInputs in;
  in.analysis = &analysis;
  in.analysis_digest = workflow::artifact_digest(analysis);
  in.options = o;
  in.caps = &caps;
  in.target = target;
  const core::Json* type = core::json_at(analysis, "model/model_type");
  std::string model_type = type != nullptr && type->is_string() ? type->get<std::string>() : "";
  if (o.write_template) {
    std::string path = plan::template_file_path(wd, model_type);
    core::Json doc = plan::template_file_json(model_type, analysis);
    QPTQ_TRY(plan::write_template_file(path, doc));
    observer.on_template_written(path);
    in.template_file = path;
    in.template_doc = doc;
  } else if (!request.template_file.empty()) {
    QPTQ_TRY_ASSIGN(auto path, core::real_path(request.template_file));
    QPTQ_TRY_ASSIGN(core::Json doc, core::read_json_file(path));
    in.template_file = path.string();
    in.template_doc = doc;
  }
  plan::Plan p = plan::build_plan(in);
  if (!p.problems.empty()) return PlanOutcome{plan_end::Invalid{std::move(p)}};
  core::Json doc = plan::plan_to_json(p);
  QPTQ_TRY(plan::write_plan(wd, doc));
  return PlanOutcome{plan_end::Written{std::move(p), std::move(doc), wd.plan()}};
}

}  // namespace flow
