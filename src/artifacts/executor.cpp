#include "artifacts/executor.h"

#include "artifacts/fields.h"
#include "artifacts/json_write.h"

namespace artifacts {

namespace {

core::Json evaluation_step_json(const EvaluationStep& s) {
  core::Json j = {{"srun", s.srun}, {"time_limit_minutes", s.time_limit_minutes}, {"gpus", s.gpus}};
  if (s.records_left_out) j["left_out"] = s.left_out;
  return j;
}

bool recorded(const core::Json& section, const char* key) { return section.is_object() && section.contains(key); }

}  // namespace

core::Json Preflight::to_json() const {
  if (where != "job") return {{"where", where}};
  core::Json j = {
      {"where", where}, {"node", or_null(node)}, {"job_id", or_null(job_id)}, {"partition", or_null(partition)}, {"srun", srun}};
  if (records_left_out) j["left_out"] = left_out;
  return j;
}

core::Result<Executor> Executor::from_json(const core::Json& section) {
  std::string error;
  Fields f(section, "executor", &error);
  Executor e;
  e.kind = f.text("kind").value_or("local");
  if (const core::Json* res = f.object("resources")) {
    Fields r(*res, f.path("resources"), &error);
    e.resources.job_name = r.text("job_name");
    e.resources.partition = r.text("partition");
    e.resources.gpus = r.integer("gpus");
    e.resources.cpus_per_task = r.integer("cpus_per_task");
    e.resources.mem_mib = r.integer("mem_mib");
    e.resources.time_limit_minutes = r.integer("time_limit_minutes");
    e.resources.account = r.text("account");
    e.resources.extra_lines = r.texts("extra_lines");
  }
  if (const core::Json* src = f.object("sources")) {
    Fields s(*src, f.path("sources"), &error);
    e.sources = ResourceSources{s.text("gpus").value_or(""), s.text("mem").value_or(""), s.text("time_limit").value_or("")};
  }
  if (const core::Json* m = f.object("margin")) {
    Fields mf(*m, f.path("margin"), &error);
    auto num = [&](const char* key) { return number_as_recorded(mf, *m, key).value_or(Number()); };
    e.margin = SlurmMargin{num("memory_pct"),         num("time_pct"),          num("minimum_minutes"),
                           num("minimum_memory_gib"), num("host_estimate_gib"), num("quark_cli_seconds")};
  }
  e.script_path = f.text("script_path").value_or("");
  e.script = f.text("script").value_or("");
  e.output = f.text("output").value_or("");
  e.sbatch_argv = f.texts("sbatch_argv");
  if (const core::Json* pf = f.object("preflight")) {
    Fields p(*pf, f.path("preflight"), &error);
    e.preflight = Preflight{p.text("where").value_or(""), p.text("node"), p.text("partition"), p.text("job_id"), {}, {}};
    e.preflight->srun = p.texts("srun");
    e.preflight->left_out = p.texts("left_out");
    e.preflight->records_left_out = recorded(*pf, "left_out");
  }
  e.records_evaluation_step = recorded(section, "evaluation_step");
  if (const core::Json* step = f.object("evaluation_step")) {
    Fields st(*step, f.path("evaluation_step"), &error);
    EvaluationStep es;
    es.srun = st.texts("srun");
    es.time_limit_minutes = st.integer("time_limit_minutes").value_or(0);
    es.gpus = st.integer("gpus").value_or(1);
    es.left_out = st.texts("left_out");
    es.records_left_out = recorded(*step, "left_out");
    if (es.srun.empty() && error.empty()) error = st.path("srun") + " is empty";
    e.evaluation_step = std::move(es);
  }
  e.records_submission_check = recorded(section, "submission_check");
  if (const core::Json* sc = f.object("submission_check")) {
    Fields c(*sc, f.path("submission_check"), &error);
    e.submission_check = SubmissionCheck{c.text("answer").value_or(""), c.text("partition"), c.integer("partition_limit_minutes")};
  }
  e.checked_before_submission = f.texts("checked_before_submission");
  e.not_checked_before_submission = f.texts("not_checked_before_submission");
  if (!error.empty()) return core::fail(field_invalid("run_manifest.yaml", error));
  return e;
}

core::Result<std::optional<Executor>> manifest_executor(const core::Json& manifest) {
  auto it = manifest.find("executor");  // end() for a document that is not an object
  if (it == manifest.end() || it->is_null()) return std::optional<Executor>();
  QPTQ_TRY_ASSIGN(Executor e, Executor::from_json(*it));
  return std::optional<Executor>(std::move(e));
}

core::Json Executor::to_json() const {
  if (!is_job()) return {{"kind", kind}};
  core::Json j = {{"kind", kind},
                  {"resources",
                   {{"job_name", or_null(resources.job_name)},
                    {"partition", or_null(resources.partition)},
                    {"gpus", or_null(resources.gpus)},
                    {"cpus_per_task", or_null(resources.cpus_per_task)},
                    {"mem_mib", or_null(resources.mem_mib)},
                    {"time_limit_minutes", or_null(resources.time_limit_minutes)},
                    {"account", or_null(resources.account)},
                    {"extra_lines", resources.extra_lines}}}};
  if (sources) j["sources"] = {{"gpus", sources->gpus}, {"mem", sources->mem}, {"time_limit", sources->time_limit}};
  if (margin) {
    j["margin"] = {{"memory_pct", margin->memory_pct.to_json()},
                   {"time_pct", margin->time_pct.to_json()},
                   {"minimum_minutes", margin->minimum_minutes.to_json()},
                   {"minimum_memory_gib", margin->minimum_memory_gib.to_json()},
                   {"host_estimate_gib", margin->host_estimate_gib.to_json()},
                   {"quark_cli_seconds", margin->quark_cli_seconds.to_json()}};
  }
  j["script_path"] = script_path;
  j["script"] = script;
  j["output"] = output;
  j["sbatch_argv"] = sbatch_argv;
  if (preflight) j["preflight"] = preflight->to_json();
  if (records_evaluation_step) j["evaluation_step"] = evaluation_step ? evaluation_step_json(*evaluation_step) : core::Json(nullptr);
  if (records_submission_check) {
    j["submission_check"] = submission_check ? core::Json{{"answer", submission_check->answer},
                                                          {"partition", or_null(submission_check->partition)},
                                                          {"partition_limit_minutes", or_null(submission_check->partition_limit_minutes)}}
                                             : core::Json(nullptr);
  }
  j["checked_before_submission"] = checked_before_submission;
  j["not_checked_before_submission"] = not_checked_before_submission;
  return j;
}

}  // namespace artifacts
