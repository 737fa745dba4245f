#include "artifacts/executor.h"

#include "artifacts/fields.h"

namespace artifacts {

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
  e.sbatch_argv = f.texts("sbatch_argv");
  if (const core::Json* pf = f.object("preflight")) {
    Fields p(*pf, f.path("preflight"), &error);
    e.preflight = Preflight{p.text("where").value_or(""), p.text("node"), p.text("partition"), p.text("job_id"), {}};
    e.preflight->left_out = p.texts("left_out");
  }
  if (const core::Json* step = f.object("evaluation_step")) {
    Fields st(*step, f.path("evaluation_step"), &error);
    EvaluationStep es;
    es.srun = st.texts("srun");
    es.time_limit_minutes = st.integer("time_limit_minutes").value_or(0);
    es.left_out = st.texts("left_out");
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
