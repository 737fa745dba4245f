#include "flow/executor_text.h"

#include <cmath>

#include "artifacts/executor.h"
#include "core/shell_quote.h"
#include "core/text.h"

namespace flow {

namespace {

// A line of the script as a terminal may receive it: a control character (an argv word can
// hold any byte) is written \xNN, never sent as it is.
std::string visible(std::string_view line) {
  std::string out;
  for (char c : line) {
    auto b = static_cast<unsigned char>(c);
    if ((b < 0x20 && c != '\t') || b == 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[b >> 4];
      out += hex[b & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string whole(double v) { return std::to_string(static_cast<long long>(std::ceil(v))); }

}  // namespace

std::vector<std::string> executor_lines(core::Lang lang, const core::Json& section) {
  std::vector<std::string> out;
  // A section that does not read shows nothing here; the run refuses it (launch_job).
  auto read = artifacts::Executor::from_json(section);
  if (!read || !read->is_job()) return out;
  const artifacts::Executor& e = *read;
  const artifacts::SlurmResources& r = e.resources;
  std::vector<std::string> parts;
  auto add = [&](const std::string& label, const std::optional<std::string>& v, const std::string& unit) {
    if (v) parts.push_back(label + *v + unit);
  };
  auto text = [](const std::optional<std::int64_t>& v) { return v ? std::optional<std::string>(std::to_string(*v)) : std::nullopt; };
  add("--partition=", r.partition, "");
  add("--gpus=", text(r.gpus), "");
  add("--cpus-per-task=", text(r.cpus_per_task), "");
  add("--mem=", text(r.mem_mib), "M");
  add("--time=", text(r.time_limit_minutes), "");
  add("--account=", r.account, "");
  out.push_back(core::msg(lang, "prepare.executor_slurm", {{"resources", visible(core::join(parts))}}));
  if (const auto& pf = e.preflight) {
    if (pf->where == "job") {
      auto shown = [](const std::optional<std::string>& v) { return visible(v.value_or("?")); };
      out.push_back(core::msg(lang, "prepare.preflight_job",
                              {{"node", shown(pf->node)}, {"partition", shown(pf->partition)}, {"job_id", shown(pf->job_id)}}));
      if (!pf->left_out.empty()) {
        out.push_back(core::msg(lang, "prepare.step_left_out"));
        for (const auto& line : pf->left_out) out.push_back("    " + visible(line));
      }
    } else {
      out.push_back(core::msg(lang, "prepare.preflight_login"));
    }
  }
  if (const auto& sc = e.submission_check) {
    out.push_back(core::msg(lang, "prepare.submission_checked", {{"answer", visible(sc->answer)}}));
    if (sc->partition && sc->partition_limit_minutes) {
      out.push_back(core::msg(lang, "prepare.partition_limit",
                              {{"partition", visible(*sc->partition)}, {"limit", std::to_string(*sc->partition_limit_minutes)}}));
    }
  }
  if (const auto& m = e.margin) {
    out.push_back(core::msg(lang, "prepare.executor_margin",
                            {{"mem", text(r.mem_mib).value_or("?") + "M"},
                             {"host", core::Json(std::round(m->host_estimate_gib * 10) / 10).dump()},
                             {"memory_pct", whole(m->memory_pct)},
                             {"minutes", text(r.time_limit_minutes).value_or("?")},
                             {"cli_minutes", whole(m->quark_cli_seconds / 60)},
                             {"time_pct", whole(m->time_pct)},
                             {"minimum", whole(m->minimum_minutes)}}));
  }
  out.push_back(core::msg(lang, "prepare.executor_script", {{"path", visible(e.script_path.empty() ? "?" : e.script_path)}}));
  for (const auto& line : core::split(e.script, '\n')) {
    if (!line.empty()) out.push_back("    " + visible(line));
  }
  out.push_back(core::msg(lang, "prepare.executor_sbatch"));
  out.push_back("  " + core::display_command(e.sbatch_argv, {}));
  if (const auto& step = e.evaluation_step) {
    out.push_back(core::msg(lang, "prepare.executor_evaluation_step", {{"minutes", std::to_string(step->time_limit_minutes)}}));
    out.push_back("  " + visible(core::display_command(step->srun, {})) + " <python> -c <evaluate.py> ...");
  }
  return out;
}

}  // namespace flow
