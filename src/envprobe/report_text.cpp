#include "envprobe/report_text.h"

#include <cstdio>

namespace envprobe {

namespace {

std::string gib_text(std::int64_t bytes) {
  if (bytes < 0) return "?";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
  return buf;
}

std::string row(const std::string& label, const std::string& value) {
  std::string l = label;
  // pad by bytes; labels are short ASCII in English and a few CJK characters in Japanese
  while (l.size() < 14) l += ' ';
  return "  " + l + " " + value;
}

std::string or_unknown(const std::string& s, core::Lang lang) { return s.empty() ? core::msg(lang, "envprobe.unknown") : s; }

}  // namespace

std::vector<std::string> verdict_lines(const Verdict& v, core::Lang lang) {
  std::vector<std::string> out;
  int blocking = 0;
  for (const auto& p : v.problems) blocking += p.blocking ? 1 : 0;
  out.push_back(v.ready ? core::msg(lang, "envprobe.verdict_ready")
                        : core::msg(lang, "envprobe.verdict_not_ready", {{"count", std::to_string(blocking)}}));
  for (const auto& p : v.problems) {
    std::string tag = core::msg(lang, p.blocking ? "envprobe.blocking" : "envprobe.warning");
    out.push_back("  [" + tag + "] " + core::msg(lang, p.message_id, p.args));
  }
  return out;
}

std::vector<std::string> report_lines(const EnvReport& r, core::Lang lang) {
  std::vector<std::string> out;
  out.push_back(core::msg(lang, "envprobe.heading"));
  std::string py = r.env.python.empty() ? core::msg(lang, "envprobe.unknown")
                                        : r.env.python + " (" + r.env.source + ", Python " + or_unknown(r.py.version, lang) + ")";
  out.push_back(row(core::msg(lang, "envprobe.row_python"), py));
  out.push_back(row(core::msg(lang, "envprobe.row_quark_cli"), r.env.quark_cli.empty()
                                                                   ? core::msg(lang, "envprobe.unknown")
                                                                   : r.env.quark_cli + (r.env.quark_cli_found ? "" : " (missing)")));
  std::string pkgs;
  for (const auto& [name, v] : r.py.packages) {
    if (name == "tokenizers" || name == "numpy" || name == "huggingface_hub") continue;
    pkgs += (pkgs.empty() ? "" : ", ") + name + " " + (v ? *v : core::msg(lang, "envprobe.not_installed"));
  }
  out.push_back(row(core::msg(lang, "envprobe.row_packages"), pkgs.empty() ? core::msg(lang, "envprobe.unknown") : pkgs));
  std::string torch = r.py.torch_importable ? r.py.torch_version + " build=" + or_unknown(r.py.torch_build, lang) +
                                                  (r.py.torch_hip.empty() ? "" : " hip=" + r.py.torch_hip) +
                                                  (r.py.torch_cuda.empty() ? "" : " cuda=" + r.py.torch_cuda) +
                                                  " available=" + (r.py.torch_available ? (*r.py.torch_available ? "True" : "False") : "?")
                                            : core::msg(lang, "envprobe.unknown");
  out.push_back(row(core::msg(lang, "envprobe.row_torch"), torch));
  std::string acc = r.acc.kind + ", " + std::to_string(r.acc.devices.size()) + " GPU(s)";
  if (!r.acc.driver_version.empty()) acc += ", driver " + r.acc.driver_version;
  if (!r.acc.rocm_version.empty()) acc += ", ROCm " + r.acc.rocm_version;
  acc += " [" + core::msg(lang, "enum.accelerator_evidence." + r.acc.evidence) + "]";
  out.push_back(row(core::msg(lang, "envprobe.row_accelerator"), acc));
  for (const auto& d : r.acc.devices) {
    std::string arch = !d.gcn_arch_name.empty() ? d.gcn_arch_name : (!d.compute_capability.empty() ? "sm " + d.compute_capability : "");
    out.push_back(row(core::msg(lang, "envprobe.row_device", {{"index", std::to_string(d.index)}}),
                      or_unknown(d.name, lang) + (arch.empty() ? "" : ", " + arch) + ", " + gib_text(d.free_memory_bytes) + " free / " +
                          gib_text(d.total_memory_bytes)));
  }
  out.push_back(row(core::msg(lang, "envprobe.row_system"),
                    or_unknown(r.sys.os_pretty_name, lang) + ", kernel " + or_unknown(r.sys.kernel, lang) + ", RAM " +
                        gib_text(r.sys.host_memory_available_bytes) + " available / " + gib_text(r.sys.host_memory_total_bytes)));
  bool in_container = r.sys.dockerenv || r.sys.containerenv || !r.sys.container_runtime.empty();
  out.push_back(row(
      core::msg(lang, "envprobe.row_container"),
      in_container ? or_unknown(r.sys.container_runtime, lang) + (r.sys.container_image.empty() ? "" : " " + r.sys.container_image) : "-"));
  std::string vars;
  for (const auto& name : recorded_variables()) {
    auto it = r.py.variables.find(name);
    if (it != r.py.variables.end() && it->second) vars += (vars.empty() ? "" : " ") + name + "=" + *it->second;
  }
  out.push_back(row(core::msg(lang, "envprobe.row_variables"), vars.empty() ? core::msg(lang, "envprobe.not_set") : vars));
  for (const auto& d : r.data) {
    out.push_back(row(core::msg(lang, "envprobe.row_data"),
                      d.role + " " + d.id + ": " + d.status + (d.location.empty() ? "" : " (" + d.location + ")")));
  }
  for (auto& l : verdict_lines(r.verdict, lang)) out.push_back(l);
  return out;
}

}  // namespace envprobe
