#include "flow/plan_flow.h"

#include "flow/analysed_config.h"
#include "core/fs.h"
#include "core/text.h"
#include "envprobe/python_env.h"
#include "oracle/checkpoint_names.h"
#include "plan/capabilities.h"
#include "plan/module_inventory.h"
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

// `python`: set to the interpreter that was probed (the oracle runs there too).
core::Result<plan::Capabilities> capabilities(const plan::PlanOptions& o, const plan::CaptureFn& capture, const envprobe::EnvGetter& getenv,
                                              PlanObserver& observer, std::string& python_used) {
  // The same environment resolution as env and prepare; "none found" falls through to the
  // shipped knowledge, a bad --python is the user's to fix.
  auto python = envprobe::resolve_python_env(o.python, getenv);
  if (!python && !o.python.empty()) {
    return python.error();
  }
  if (python) {
    plan::ProbeSettings s{python->python, plan::default_cache_dir(getenv), capture, 300};
    s.extensions_dir = plan::torch_extensions_dir(getenv);
    s.on_probing = [&observer](const plan::ProbeNotice& n) { observer.on_probing(n.python, n.extensions_dir); };
    s.on_cached = [&observer](const plan::ProbeNotice& n) { observer.on_probe_kept(n.cache_file); };
    QPTQ_TRY_ASSIGN(auto installed, plan::probe_installed(s));
    if (installed) {
      observer.on_probed(installed->from_cache, installed->probe.quark_version(), python->python);
      if (!installed->help_ok) observer.on_help_unavailable(installed->help_problem);
      QPTQ_TRY_ASSIGN(plan::Capabilities caps, plan::installed_capabilities(installed->probe, installed->help));
      python_used = python->python;
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

// What the planner gets from the oracle: its modules, or the reason it has none.
struct OracleInventory {
  std::optional<std::vector<plan::Module>> modules;
  plan::InventoryOrigin origin;
  std::optional<plan::CheckpointNames> names;
};

OracleInventory not_used(std::string id, std::vector<core::MessageArg> args, std::string detail = {}) {
  OracleInventory out;
  out.origin.not_used = plan::Text{std::move(id), std::move(args)};
  // The libraries' words can run to a traceback: their first line, shortened, is the reason.
  detail = detail.substr(0, detail.find('\n'));
  if (detail.size() > 200) detail = detail.substr(0, 197) + "...";
  out.origin.detail = std::move(detail);
  return out;
}


std::optional<oracle::LibraryVersions> probed_versions(const plan::Capabilities& caps) {
  auto get = [&caps](const char* k) {
    auto it = caps.versions.find(k);
    return it == caps.versions.end() ? std::string() : it->second;
  };
  oracle::LibraryVersions v{get("python"), get("torch"), get("transformers"), get("amd-quark")};
  if (v.torch.empty() || v.transformers.empty() || v.amd_quark.empty()) return std::nullopt;
  return v;
}

core::Result<OracleInventory> oracle_inventory(const PlanRequest& request, const core::Json& analysis, const plan::Capabilities& caps,
                                               const std::string& python, const std::string& model_type) {
  if (caps.source != plan::CapabilitySource::installed || python.empty()) return not_used("plan.oracle.no_environment", {});
  // A model the shipped knowledge thinks needs remote code is asked all the same: the installed
  // transformers may implement it, and the oracle never runs a model's own code (it refuses
  // with remote_code_required instead).
  auto config = analysed_config_on_disk(analysis);
  if (!config) {
    const core::Json* path = core::json_at(analysis, "model/model_path");
    return not_used("plan.oracle.no_config", {{"model", path != nullptr && path->is_string() ? path->get<std::string>() : model_type}});
  }
  oracle::OracleRequest req;
  req.python = python;
  req.config = *config;
  std::string cache = plan::default_cache_dir(request.getenv);
  if (!cache.empty()) {
    req.cache_dir = std::filesystem::path(cache) / "oracle";
    req.expected = probed_versions(caps);
  }
  auto answer = request.oracle ? request.oracle(req) : oracle::model_oracle(req);
  if (!answer) {
    if (answer.error().code == core::ExitCode::interrupted) return core::fail(std::move(answer).error());
    return not_used(answer.error().id, answer.error().args, answer.error().detail);
  }
  if (const auto* refusal = std::get_if<oracle::OracleRefusal>(&answer->answer)) {
    return not_used("plan.oracle.refused", {{"code", refusal->code}}, refusal->detail);
  }
  const auto& o = std::get<oracle::ModelOracle>(answer->answer);
  if (!model_type.empty() && o.model_type != model_type) {
    return not_used("plan.oracle.other_model", {{"path", config->string()}, {"found", o.model_type}, {"expected", model_type}});
  }
  OracleInventory out;
  std::vector<plan::Module> modules;
  modules.reserve(o.linear_modules.size());
  for (const auto& l : o.linear_modules) {
    modules.push_back({l.name, plan::infer_role(l.name), static_cast<std::uint64_t>(l.in_features), static_cast<std::uint64_t>(l.out_features)});
  }
  out.modules = std::move(modules);
  out.origin.oracle = true;
  out.origin.versions = {{"torch", answer->versions.torch}, {"transformers", answer->versions.transformers}, {"amd-quark", answer->versions.amd_quark}};
  oracle::CheckpointNames names = oracle::checkpoint_names(o);
  plan::CheckpointNames recorded;
  for (auto& r : names.renames) recorded.renames.emplace_back(std::move(r.match), std::move(r.replace));
  recorded.non_linear_holders = std::move(names.non_linear_holders);
  recorded.linear_modules = std::move(names.linear_modules);
  out.names = std::move(recorded);
  return out;
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
  std::string python;
  QPTQ_TRY_ASSIGN(plan::Capabilities caps, capabilities(o, capture, request.getenv, observer, python));
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
  QPTQ_TRY_ASSIGN(OracleInventory inventory, oracle_inventory(request, analysis, caps, python, model_type));
  in.modules = std::move(inventory.modules);
  in.inventory_origin = std::move(inventory.origin);
  in.checkpoint_names = std::move(inventory.names);
  if (o.write_template) {
    std::string path = plan::template_file_path(wd, model_type);
    // From the modules the plan is checked against, so that its exclusions match them.
    core::Json doc = plan::template_file_json(model_type, in.modules ? *in.modules : plan::inventory_from_analysis(analysis));
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

PlanRequest plan_request_from_document(const core::Json& plan_doc, PlanRequest base) {
  const core::Json* o = core::json_object(plan_doc, "options");
  if (o == nullptr) return base;
  auto text = [o](const char* key) { return core::json_string(*o, key).value_or(""); };
  auto number = [o](const char* key) -> std::optional<int> {
    auto v = core::json_int(*o, key);
    return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
  };
  auto list = [o](const char* key) { return core::json_string_list(*o, key); };
  plan::PlanOptions& p = base.options;
  p = plan::PlanOptions{};
  p.target = text("target");
  if (!text("priority").empty()) p.priority = text("priority");
  p.scheme = text("scheme");
  p.kv_cache = text("kv_cache");
  p.excludes = list("exclude");
  p.calib_dataset = text("calib_dataset");
  p.calib_samples = number("calib_samples");
  p.seq_len = number("seq_len");
  p.batch_size = number("batch_size");
  p.eval = text("eval");
  p.eval_text = text("eval_text");
  p.multi_device = core::json_bool(*o, "multi_device").value_or(false);
  p.trust_remote_code = core::json_bool(*o, "trust_remote_code").value_or(false);
  p.python = text("python");
  p.quark_version = text("quark_version");
  base.algorithms = text("algo");
  base.overrides = list("override");
  base.template_file = text("template_file");
  return base;
}

}  // namespace flow
