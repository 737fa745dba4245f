#include "flow/executor_text.h"

#include <cmath>

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

std::string number(const core::Json& j) {
  if (j.is_number_integer()) return std::to_string(j.get<std::int64_t>());
  if (j.is_number()) return std::to_string(static_cast<long long>(std::ceil(j.get<double>())));
  return "?";
}

}  // namespace

std::vector<std::string> executor_lines(core::Lang lang, const core::Json& executor) {
  std::vector<std::string> out;
  if (core::json_string(executor, "kind").value_or("local") != "slurm") return out;
  const core::Json* res = core::json_object(executor, "resources");
  std::vector<std::string> parts;
  auto add = [&](const char* key, const std::string& label, const std::string& unit) {
    const core::Json* v = res != nullptr ? core::json_at(*res, key) : nullptr;
    if (v == nullptr || v->is_null()) return;
    parts.push_back(label + (v->is_string() ? v->get<std::string>() : number(*v)) + unit);
  };
  add("partition", "--partition=", "");
  add("gpus", "--gpus=", "");
  add("cpus_per_task", "--cpus-per-task=", "");
  add("mem_mib", "--mem=", "M");
  add("time_limit_minutes", "--time=", "");
  add("account", "--account=", "");
  out.push_back(core::msg(lang, "prepare.executor_slurm", {{"resources", visible(core::join(parts))}}));
  if (const core::Json* pf = core::json_object(executor, "preflight")) {
    if (core::json_string(*pf, "where").value_or("") == "job") {
      auto text = [&](const char* key) { return visible(core::json_string(*pf, key).value_or("?")); };
      out.push_back(
          core::msg(lang, "prepare.preflight_job", {{"node", text("node")}, {"partition", text("partition")}, {"job_id", text("job_id")}}));
    } else {
      out.push_back(core::msg(lang, "prepare.preflight_login"));
    }
  }
  if (const core::Json* m = core::json_object(executor, "margin"); m != nullptr && res != nullptr) {
    auto d = [&](const char* key) { return core::json_at(*m, key) != nullptr ? core::json_at(*m, key)->get<double>() : 0.0; };
    out.push_back(core::msg(lang, "prepare.executor_margin",
                            {{"mem", number((*res)["mem_mib"]) + "M"},
                             {"host", core::Json(std::round(d("host_estimate_gib") * 10) / 10).dump()},
                             {"memory_pct", number((*m)["memory_pct"])},
                             {"minutes", number((*res)["time_limit_minutes"])},
                             {"cli_minutes", number(core::Json(d("quark_cli_seconds") / 60))},
                             {"time_pct", number((*m)["time_pct"])},
                             {"minimum", number((*m)["minimum_minutes"])}}));
  }
  out.push_back(core::msg(lang, "prepare.executor_script", {{"path", visible(core::json_string(executor, "script_path").value_or("?"))}}));
  for (const auto& line : core::split(core::json_string(executor, "script").value_or(""), '\n')) {
    if (!line.empty()) out.push_back("    " + visible(line));
  }
  out.push_back(core::msg(lang, "prepare.executor_sbatch"));
  std::vector<std::string> argv;
  if (const core::Json* a = core::json_array(executor, "sbatch_argv")) {
    for (const auto& w : *a) argv.push_back(w.is_string() ? w.get<std::string>() : "?");
  }
  out.push_back("  " + core::display_command(argv, {}));
  return out;
}

}  // namespace flow
