#include "plan/plan_command.h"

#include <vector>

#include "core/shell_quote.h"

namespace plan {

namespace {

// The flags in `quark-ptq plan --help` order, as (flag, value) pairs; a flag alone has "".
std::vector<std::pair<std::string, std::string>> flags(const PlanOptions& o, const std::string& template_file) {
  std::vector<std::pair<std::string, std::string>> out;
  auto add = [&out](const char* flag, const std::string& value) {
    if (!value.empty()) out.emplace_back(flag, value);
  };
  add("--target", o.target);
  add("--priority", o.priority);
  add("--scheme", o.scheme);
  add("--kv-cache", o.kv_cache);
  std::string algos;
  for (const auto& a : o.algorithms) algos += (algos.empty() ? "" : ",") + a;
  add("--algo", algos);
  for (const auto& [pattern, scheme] : o.overrides) add("--override", pattern + "=" + scheme);
  for (const auto& e : o.excludes) add("--exclude", e);
  add("--calib-dataset", o.calib_dataset);
  if (o.calib_samples) add("--calib-samples", std::to_string(*o.calib_samples));
  if (o.seq_len) add("--seq-len", std::to_string(*o.seq_len));
  if (o.batch_size) add("--batch-size", std::to_string(*o.batch_size));
  add("--eval", o.eval);
  add("--eval-text", o.eval_text);
  if (o.multi_device) out.emplace_back("--multi-device", "");
  if (o.trust_remote_code) out.emplace_back("--trust-remote-code", "");
  add("--python", o.python);
  add("--quark-version", o.quark_version);
  add("--template-file", template_file);
  return out;
}

}  // namespace

core::Json options_to_json(const PlanOptions& o, const std::string& template_file) {
  core::Json j = core::Json::object();
  for (const auto& [flag, value] : flags(o, template_file)) {
    std::string key = flag.substr(2);
    for (auto& ch : key) ch = ch == '-' ? '_' : ch;
    core::Json v = value.empty() ? core::Json(true) : core::Json(value);
    if (key == "calib_samples" || key == "seq_len" || key == "batch_size") v = std::stoi(value);
    if (key == "override" || key == "exclude") {
      if (!j.contains(key)) j[key] = core::Json::array();
      j[key].push_back(v);
    } else {
      j[key] = v;
    }
  }
  return j;
}

std::string plan_command(const PlanOptions& o, const std::string& template_file) {
  std::string out = "quark-ptq plan";
  for (const auto& [flag, value] : flags(o, template_file)) {
    out += " " + flag;
    if (!value.empty()) out += " " + core::shell_quote(value);
  }
  return out;
}

}  // namespace plan
