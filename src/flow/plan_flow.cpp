#include "flow/plan_flow.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>

#include "flow/analysed_config.h"
#include "artifacts/analysis_upgrade.h"
#include "artifacts/plan_upgrade.h"
#include "core/fs.h"
#include "core/text.h"
#include "envprobe/python_env.h"
#include "oracle/checkpoint_names.h"
#include "options/compare_option.h"
#include "plan/capabilities.h"
#include "plan/comparison.h"
#include "plan/module_inventory.h"
#include "plan/plan_document.h"
#include "plan/planner.h"
#include "plan/rules.h"
#include "plan/target.h"
#include "options/option_table.h"
#include "plan/template_file.h"
#include "runner/capture.h"
#include "runner/concurrent.h"
#include "workflow/artifact_files.h"
#include "workflow/state.h"

namespace flow {

namespace {

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

std::optional<oracle::LibraryVersions> probed_versions(const std::map<std::string, std::string>& versions) {
  auto get = [&versions](const char* k) {
    auto it = versions.find(k);
    return it == versions.end() ? std::string() : it->second;
  };
  oracle::LibraryVersions v{get("python"), get("torch"), get("transformers"), get("amd-quark")};
  if (v.torch.empty() || v.transformers.empty() || v.amd_quark.empty()) return std::nullopt;
  return v;
}

// The oracle's request for the analysed model in the probed environment, or why it is not asked.
std::variant<oracle::OracleRequest, OracleInventory> oracle_request(const PlanRequest& request, const intake::AnalysisFile& analysis,
                                                                    const std::string& python,
                                                                    const std::map<std::string, std::string>& versions,
                                                                    const std::string& model_type, const std::string& cache_secret) {
  // A model the shipped knowledge thinks needs remote code is asked all the same: the installed
  // transformers may implement it, and the oracle never runs a model's own code (it refuses
  // with remote_code_required instead).
  auto config = analysed_config_on_disk(analysis);
  if (!config) {
    return not_used("plan.oracle.no_config", {{"model", analysis.model_path.empty() ? model_type : analysis.model_path}});
  }
  oracle::OracleRequest req;
  req.python = python;
  req.config = *config;
  std::string cache = plan::default_cache_dir(request.getenv);
  if (!cache.empty()) {
    req.cache_dir = std::filesystem::path(cache) / "oracle";
    req.expected = probed_versions(versions);
    req.cache_secret = cache_secret;
  }
  return req;
}

core::Result<OracleInventory> oracle_inventory(const oracle::OracleRequest& req, core::Result<oracle::OracleResult> answer,
                                               const std::string& model_type) {
  if (!answer) {
    if (answer.error().code == core::ExitCode::interrupted) return core::fail(std::move(answer).error());
    return not_used(answer.error().id, answer.error().args, answer.error().detail);
  }
  if (const auto* refusal = std::get_if<oracle::OracleRefusal>(&answer->answer)) {
    return not_used("plan.oracle.refused", {{"code", refusal->code}}, refusal->detail);
  }
  const auto& o = std::get<oracle::ModelOracle>(answer->answer);
  if (!model_type.empty() && o.model_type != model_type) {
    return not_used("plan.oracle.other_model", {{"path", req.config.string()}, {"found", o.model_type}, {"expected", model_type}});
  }
  OracleInventory out;
  std::vector<plan::Module> modules;
  modules.reserve(o.linear_modules.size());
  for (const auto& l : o.linear_modules) {
    modules.push_back(
        {l.name, plan::infer_role(l.name), static_cast<std::uint64_t>(l.in_features), static_cast<std::uint64_t>(l.out_features)});
  }
  out.modules = std::move(modules);
  out.origin.oracle = true;
  out.origin.versions = {
      {"torch", answer->versions.torch}, {"transformers", answer->versions.transformers}, {"amd-quark", answer->versions.amd_quark}};
  oracle::CheckpointNames names = oracle::checkpoint_names(o);
  plan::CheckpointNames recorded;
  for (auto& r : names.renames) recorded.renames.emplace_back(std::move(r.match), std::move(r.replace));
  recorded.non_linear_holders = std::move(names.non_linear_holders);
  recorded.linear_modules = std::move(names.linear_modules);
  out.names = std::move(recorded);
  return out;
}

struct Probed {
  plan::Capabilities caps;
  OracleInventory inventory;
};

// The installed Quark and the oracle's answer for the analysed model. The full probe and the
// oracle both import Quark (tens of seconds, minutes when its extensions are built first), so
// after the fast versions probe they run at the same time, through the runner.
core::Result<Probed> probe_and_ask(const PlanRequest& request, const options::PlanOptions& o, const plan::CaptureFn& capture,
                                   const intake::AnalysisFile& analysis, const std::string& model_type, PlanObserver& observer) {
  // The same environment resolution as env and prepare; "none found" falls through to the
  // shipped knowledge, a bad --python is the user's to fix.
  auto python = envprobe::resolve_python_env(o.python, request.getenv);
  if (!python && !o.python.empty()) {
    return python.error();
  }
  if (python) {
    plan::ProbeSettings s{python->python, plan::default_cache_dir(request.getenv), capture, 300};
    // Without a usable secret nothing is cached or trusted from the cache: the probe and the
    // oracle run each time. Read once, for both.
    s.cache_secret = plan::cache_secret(request.getenv);
    s.extensions_dir = plan::torch_extensions_dir(request.getenv);
    QPTQ_TRY_ASSIGN(auto versions, plan::probe_versions(s));
    if (versions) {
      std::mutex said;  // the observer hears from the probe's thread and from the ticks
      std::atomic<bool> probing{false};
      s.on_probing = [&](const plan::ProbeNotice& n) {
        probing = true;
        std::lock_guard<std::mutex> lock(said);
        observer.on_probing(n.python, n.extensions_dir);
      };
      s.on_cached = [&](const plan::ProbeNotice& n) {
        std::lock_guard<std::mutex> lock(said);
        observer.on_probe_kept(n.cache_file);
      };
      auto ask = oracle_request(request, analysis, python->python, versions->result.versions, model_type, s.cache_secret);
      const auto* oracle_req = std::get_if<oracle::OracleRequest>(&ask);
      std::optional<core::Result<plan::InstalledQuark>> installed;
      std::optional<core::Result<oracle::OracleResult>> answer;
      std::atomic<bool> asking{oracle_req != nullptr};
      std::vector<std::function<void()>> tasks = {[&] {
        installed = plan::probe_capabilities(s, *versions);
        probing = false;
      }};
      if (oracle_req != nullptr) {
        tasks.emplace_back([&] {
          answer = request.oracle ? request.oracle(*oracle_req) : oracle::model_oracle(*oracle_req);
          asking = false;
        });
      }
      const auto start = std::chrono::steady_clock::now();
      runner::run_together(tasks, request.progress_every, [&] {
        ProbeProgress p;
        p.probing = probing;
        p.oracle = asking;
        if (!p.probing && !p.oracle) return;
        p.seconds = static_cast<int>(std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()));
        p.building = plan::extensions_being_built(s.extensions_dir);
        std::lock_guard<std::mutex> lock(said);
        observer.on_probe_progress(p);
      });
      if (!*installed) return core::fail(std::move(*installed).error());
      plan::InstalledQuark& q = **installed;
      observer.on_probed(q.from_cache, q.probe.quark_version(), python->python);
      if (!q.help_ok) observer.on_help_unavailable(q.help_problem);
      Probed out;
      QPTQ_TRY_ASSIGN(out.caps, plan::installed_capabilities(q.probe, q.help));
      if (!q.help_ok) {
        out.caps.verified = false;
        out.caps.help.flags = out.caps.renames.cli_flags;
      }
      if (oracle_req != nullptr) {
        QPTQ_TRY_ASSIGN(out.inventory, oracle_inventory(*oracle_req, std::move(*answer), model_type));
      } else {
        out.inventory = std::get<OracleInventory>(std::move(ask));
      }
      return out;
    }
    if (!o.python.empty() && o.quark_version.empty()) {
      return core::make_error(core::ExitCode::env_not_ready, "plan.no_quark_in_python").with("python", python->python);
    }
  }
  if (o.quark_version.empty()) {
    return core::make_error(core::ExitCode::env_not_ready, "plan.no_quark");
  }
  observer.on_using_shipped(o.quark_version);
  Probed out;
  QPTQ_TRY_ASSIGN(out.caps, plan::shipped_capabilities(o.quark_version));
  out.inventory = not_used("plan.oracle.no_environment", {});
  return out;
}

}  // namespace

core::ExitCode PlanOutcome::exit_code() const {
  return std::holds_alternative<plan_end::Written>(end) ? core::ExitCode::ok : core::ExitCode::plan_invalid;
}

core::Result<PlanOutcome> make_plan(const PlanRequest& request, PlanObserver& observer) {
  QPTQ_TRY(plan::load_tables());
  workflow::Workdir wd{request.workdir};
  QPTQ_TRY(workflow::require_confirmed(wd, workflow::Checkpoint::analysis));
  QPTQ_TRY_ASSIGN(core::Json analysis, workflow::read_valid_artifact(wd, workflow::Artifact::analysis, "quark-ptq analyze MODEL"));
  const plan::CaptureFn capture =
      request.capture ? request.capture
                      : plan::CaptureFn([](const runner::CommandSpec& spec, double timeout) { return runner::capture(spec, timeout); });
  const options::PlanOptions& o = request.options;
  QPTQ_TRY(options::override_pairs(o));
  QPTQ_TRY_ASSIGN(const std::optional<options::CompareRequest> compare, options::compare_request(o));
  for (const auto& e : o.excludes) {
    if (e.empty()) return core::make_error(core::ExitCode::usage, "plan.empty_exclude");
  }
  QPTQ_TRY_ASSIGN(const artifacts::ModelAnalysis typed, artifacts::read_model_analysis(analysis));
  const intake::AnalysisFile recorded = intake::analysis_file(typed);
  const std::string& model_type = recorded.model_type;
  QPTQ_TRY_ASSIGN(Probed probed, probe_and_ask(request, o, capture, recorded, model_type, observer));
  plan::Capabilities& caps = probed.caps;
  OracleInventory& inventory = probed.inventory;
  plan::Target target;
  if (!o.target.empty()) {
    QPTQ_TRY_ASSIGN(target, plan::target_from_name(o.target));
  } else {
    QPTQ_TRY_ASSIGN(target, plan::detect_target(capture));
  }
  plan::PlanInputs in;
  in.analysis = &typed;
  in.analysis_digest = workflow::artifact_digest(analysis);
  plan::set_options(in, compare ? options::comparison_options(o, *compare) : o);
  in.caps = &caps;
  in.target = target;
  in.modules = std::move(inventory.modules);
  in.inventory_origin = std::move(inventory.origin);
  in.checkpoint_names = std::move(inventory.names);
  if (o.write_template) {
    std::string path = plan::template_file_path(wd, model_type);
    // From the modules the plan is checked against, so that its exclusions match them.
    core::Json doc = plan::template_file_json(model_type, in.modules ? *in.modules : plan::inventory_from_analysis(typed));
    QPTQ_TRY(plan::write_template_file(path, doc));
    observer.on_template_written(path);
    in.template_file = path;
    in.template_doc = doc;
  } else if (!o.template_file.empty()) {
    QPTQ_TRY_ASSIGN(auto path, core::real_path(o.template_file));
    QPTQ_TRY_ASSIGN(core::Json doc, core::read_json_file(path));
    in.template_file = path.string();
    in.template_doc = doc;
  }
  std::optional<plan::Comparison> comparison;
  if (compare) comparison = plan::build_comparison(in, *compare);
  plan::Plan p = comparison ? plan::comparison_plan(in, *comparison) : plan::build_plan(in);
  if (!p.problems.empty()) return PlanOutcome{plan_end::Invalid{std::move(p)}};
  artifacts::QuantPlan record = plan::plan_record(p);
  if (comparison) record.comparison = plan::comparison_record(*comparison);
  core::Json doc = record.to_json();
  QPTQ_TRY(workflow::write_artifact(wd, workflow::Artifact::plan, doc));
  return PlanOutcome{plan_end::Written{std::move(p), std::move(doc), wd.plan()}};
}

LaidOver lay_over(const PlanRequest& recorded, const PlanRequest& typed, const std::vector<std::string>& given) {
  LaidOver out{recorded, {}};
  for (const auto& flag : given) {
    const options::PlanOptionRow* row = options::find_plan_option(flag);
    if (row == nullptr || !row->recorded) continue;
    const core::Json now = options::value_json(typed.options, *row);
    const core::Json was = options::value_json(recorded.options, *row);
    if (now == was) continue;
    out.changes.push_back(std::string(row->flag) + " " + (was.is_null() ? "-" : core::dump_compact(was)) + " -> " +
                          (now.is_null() ? "-" : core::dump_compact(now)));
    options::copy_option(out.request.options, typed.options, *row);
  }
  return out;
}

core::Result<PlanRequest> plan_request_from_document(const core::Json& plan_doc, PlanRequest base) {
  QPTQ_TRY_ASSIGN(artifacts::QuantPlan plan, artifacts::read_quant_plan(plan_doc));
  if (plan.options.is_null()) return base;
  QPTQ_TRY_ASSIGN(base.options, options::from_json(plan.options));
  return base;
}

}  // namespace flow
