#include "manifest/run_view.h"

namespace manifest {

RunView read_run_view(const core::Json& run) {
  RunView v;
  v.status = core::json_string(run, "status");
  if (run.is_object()) v.seconds = core::dump_compact(run.value("seconds", core::Json(0)));
  v.log = core::json_string(run, "log");
  if (const core::Json* peak = core::json_object(run, "peak")) {
    v.peak = RunPeak{core::json_int(*peak, "gpu_own_mib"), core::json_int(*peak, "gpu_memory_mib"), core::json_int(*peak, "group_rss_mib")};
  }
  if (const core::Json* cut = core::json_object(run, "log_truncated")) {
    v.log_truncated = LogTruncation{core::json_int(*cut, "at_byte").value_or(0), core::json_int(*cut, "lost_bytes").value_or(0),
                                    core::json_string(*cut, "reason")};
  }
  return v;
}

}  // namespace manifest
