// Weak stand-ins for the step entry points that other branches define (analyze.cpp,
// plan.cpp, prepare.cpp, run.cpp). Until they land, `start` reaches them and reports
// "not available in this build"; once a branch defines the function, its strong definition
// wins at link time. Delete this file when all four branches are merged.
#include "cli/commands/analyze.h"
#include "cli/commands/plan.h"
#include "cli/commands/prepare.h"
#include "cli/commands/run.h"
#include "core/error.h"

namespace cli {

namespace {

int not_available(Context& ctx, const char* name) {
  return ctx.console.error(core::make_error(core::ExitCode::internal, "cli.not_implemented").with("command", name));
}

}  // namespace

__attribute__((weak)) int run_analyze_command(Context& ctx, const AnalyzeOptions&) { return not_available(ctx, "analyze"); }
__attribute__((weak)) int run_plan_command(Context& ctx, const PlanOptions&) { return not_available(ctx, "plan"); }
__attribute__((weak)) int run_prepare_command(Context& ctx, const PrepareOptions&) { return not_available(ctx, "prepare"); }
__attribute__((weak)) int run_run_command(Context& ctx, const RunOptions&) { return not_available(ctx, "run"); }

__attribute__((weak)) void add_plan_options(CLI::App& sub, PlanOptions& opt) {
  sub.add_option("--target", opt.target, "Target hardware");
  sub.add_option("--priority", opt.priority, "accuracy, balanced or size")->check(CLI::IsMember({"accuracy", "balanced", "size"}));
  sub.add_option("--scheme", opt.scheme, "Global quantization scheme");
  sub.add_option("--kv-cache", opt.kv_cache, "KV-cache scheme");
  sub.add_option("--algo", opt.algo, "Algorithms, comma-separated");
  sub.add_option("--override", opt.overrides, "PATTERN=SCHEME (repeatable)")->take_all()->expected(1);
  sub.add_option("--exclude", opt.excludes, "Layer pattern to exclude (repeatable)")->take_all()->expected(1);
  sub.add_option("--calib-dataset", opt.calib_dataset, "Calibration dataset");
  sub.add_option("--calib-samples", opt.calib_samples, "Number of calibration samples");
  sub.add_option("--seq-len", opt.seq_len, "Calibration sequence length");
  sub.add_option("--batch-size", opt.batch_size, "Calibration batch size");
  sub.add_option("--eval", opt.eval, "none, smoke or full")->check(CLI::IsMember({"none", "smoke", "full"}));
  sub.add_flag("--multi-device", opt.multi_device, "Spread the model over the GPUs of this host");
  sub.add_flag("--trust-remote-code", opt.trust_remote_code, "Allow the model's own Python code to run");
  sub.add_option("--python", opt.python, "Python interpreter that has amd-quark");
  sub.add_option("--quark-version", opt.quark_version, "Plan from shipped knowledge for this Quark version");
}

}  // namespace cli
