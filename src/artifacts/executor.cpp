#include "artifacts/executor.h"

#include "artifacts/fields.h"

namespace artifacts {

namespace {

// Each element of `argv` a string, or the first one that is not named in `error`.
std::vector<std::string> strings(const core::Json& argv, const std::string& path, std::string& error) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (argv[i].is_string()) {
      out.push_back(argv[i].get<std::string>());
    } else if (error.empty()) {
      error = path + "/" + std::to_string(i) + " is not a string";
    }
  }
  return out;
}

}  // namespace

core::Result<Executor> Executor::from_json(const core::Json& section) {
  std::string error;
  Fields f(section, "executor", &error);
  Executor e;
  e.kind = f.text("kind").value_or("local");
  if (const core::Json* res = f.object("resources")) {
    Fields r(*res, f.path("resources"), &error);
    e.resources = {
        r.text("partition"), r.integer("gpus"), r.integer("cpus_per_task"), r.integer("mem_mib"), r.integer("time_limit_minutes"),
        r.text("account")};
  }
  if (const core::Json* m = f.object("margin")) {
    Fields mf(*m, f.path("margin"), &error);
    e.margin = SlurmMargin{mf.number("memory_pct").value_or(0), mf.number("time_pct").value_or(0), mf.number("minimum_minutes").value_or(0),
                           mf.number("host_estimate_gib").value_or(0), mf.number("quark_cli_seconds").value_or(0)};
  }
  e.script_path = f.text("script_path").value_or("");
  e.script = f.text("script").value_or("");
  e.output = f.text("output").value_or("");
  if (const core::Json* argv = f.array("sbatch_argv")) e.sbatch_argv = strings(*argv, f.path("sbatch_argv"), error);
  if (const core::Json* pf = f.object("preflight")) {
    Fields p(*pf, f.path("preflight"), &error);
    e.preflight = Preflight{p.text("where").value_or(""), p.text("node"), p.text("partition"), p.text("job_id"), {}};
    if (const core::Json* lo = p.array("left_out")) e.preflight->left_out = strings(*lo, p.path("left_out"), error);
  }
  if (const core::Json* step = f.object("evaluation_step")) {
    Fields st(*step, f.path("evaluation_step"), &error);
    EvaluationStep es;
    if (const core::Json* argv = st.array("srun")) es.srun = strings(*argv, st.path("srun"), error);
    es.time_limit_minutes = st.integer("time_limit_minutes").value_or(0);
    if (const core::Json* lo = st.array("left_out")) es.left_out = strings(*lo, st.path("left_out"), error);
    if (es.srun.empty() && error.empty()) error = st.path("srun") + " is empty";
    e.evaluation_step = std::move(es);
  }
  if (const core::Json* sc = f.object("submission_check")) {
    Fields c(*sc, f.path("submission_check"), &error);
    e.submission_check = SubmissionCheck{c.text("answer").value_or(""), c.text("partition"), c.integer("partition_limit_minutes")};
  }
  if (!error.empty()) return core::fail(field_invalid("run_manifest.yaml", error));
  return e;
}

}  // namespace artifacts
