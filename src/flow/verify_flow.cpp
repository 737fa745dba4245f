#include "flow/verify_flow.h"

#include "core/fs.h"
#include "flow/plan_input.h"
#include "verify/verify_output.h"

namespace flow {

core::Result<verify::VerifyReport> verify(const VerifyRequest& r) {
  verify::VerifyOptions o;
  o.output_dir = core::absolute_path(r.output_dir);
  o.threads = r.threads;
  o.progress = r.progress;
  if (!core::exists(o.output_dir))
    return core::fail(core::make_error(core::ExitCode::bad_input, "verify.path_missing").with("path", r.output_dir));
  if (!core::is_directory(o.output_dir)) {
    return core::fail(core::make_error(core::ExitCode::bad_input, "verify.path_not_directory").with("path", r.output_dir));
  }
  if (!r.plan.empty()) {
    o.plan = read_plan_input(core::absolute_path(r.plan));
    if (!o.plan) return core::fail(core::make_error(core::ExitCode::bad_input, "verify.plan_unreadable").with("path", r.plan));
  }
  if (!r.source.empty()) {
    auto src = core::absolute_path(r.source);
    if (!core::is_directory(src))
      return core::fail(core::make_error(core::ExitCode::bad_input, "verify.source_not_local").with("path", r.source));
    o.source_dir = src;
  }
  return verify::verify_output(o);
}

core::ExitCode verify_exit_code(const verify::VerifyReport& report) {
  return report.passed() ? core::ExitCode::ok : core::ExitCode::verify_failed;
}

}  // namespace flow
