#include "cli/man_page.h"

#include <utility>

#include "core/exit_code.h"
#include "core/text.h"
#include "core/version.h"

namespace cli {

namespace {

// Text as roff reads it literally: backslashes doubled as \e, a line that would start with a
// control character ('.' or '\'') guarded by \&, and '-' as \- (a real minus, so that options
// can be searched and copied).
std::string roff(const std::string& text) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    line_start = c == '\n';
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

void options_of(const CommandDoc& cmd, std::string& out) {
  for (const auto& o : cmd.options) {
    out += ".TP\n";
    if (o.positional) {
      out += "\\fI" + roff(o.names.front()) + "\\fR";
    } else {
      std::vector<std::string> names;
      for (const auto& n : o.names) names.push_back("\\fB" + roff(n) + "\\fR");
      out += joined(names, ", ");
      if (o.takes_value) out += " \\fI" + roff(o.value_name) + "\\fR";
    }
    out += "\n" + roff(o.description) + "\n";
  }
}

void commands_of(const CommandDoc& cmd, std::string& out) {
  for (const auto& c : cmd.commands) {
    out += ".SS \"quark\\-ptq " + roff(joined(c.path, " ")) + "\"\n" + roff(c.description) + "\n";
    options_of(c, out);
    commands_of(c, out);
  }
}

}  // namespace

std::string man_page(core::Lang lang, const CommandDoc& top) {
  auto t = [lang](const char* id) { return roff(core::msg(lang, id)); };
  std::string out = ".\\\" Made by `quark-ptq man` from the command line of the binary; not edited by hand.\n";
  out += ".TH QUARK\\-PTQ 1 \"\" \"quark\\-ptq " + roff(std::string(core::tool_version())) + "\" \"" + t("man.title") + "\"\n";
  // The summary begins with the tool's own name ("quark-ptq: from a ..."), which NAME says already.
  std::string summary = top.description;
  if (summary.rfind("quark-ptq", 0) == 0) summary = std::string(core::trim(summary.substr(summary.find(':') + 1)));
  out += ".SH " + t("man.name") + "\nquark\\-ptq \\- " + roff(summary) + "\n";
  out += ".SH " + t("man.synopsis") +
         "\n.B quark\\-ptq\n[\\fB\\-\\-workdir\\fR \\fIDIR\\fR] [\\fB\\-\\-json\\fR] [\\fB\\-\\-lang\\fR \\fIen|ja\\fR] \\fI" +
         t("man.command") + "\\fR [\\fI" + t("man.options") + "\\fR]\n";
  out += ".SH " + t("man.description") + "\n" + t("man.description_text") + "\n";
  out += ".SH " + t("man.global_options") + "\n";
  options_of(top, out);
  out += ".SH " + t("man.commands") + "\n";
  commands_of(top, out);
  out += ".SH " + t("man.exit_status") + "\n";
  static const std::pair<core::ExitCode, const char*> kCodes[] = {
      {core::ExitCode::ok, "ok"},
      {core::ExitCode::internal, "internal"},
      {core::ExitCode::usage, "usage"},
      {core::ExitCode::bad_input, "bad_input"},
      {core::ExitCode::not_confirmed, "not_confirmed"},
      {core::ExitCode::stale, "stale"},
      {core::ExitCode::env_not_ready, "env_not_ready"},
      {core::ExitCode::not_approved, "not_approved"},
      {core::ExitCode::plan_invalid, "plan_invalid"},
      {core::ExitCode::run_failed, "run_failed"},
      {core::ExitCode::verify_failed, "verify_failed"},
      {core::ExitCode::network, "network"},
      {core::ExitCode::eval_failed, "eval_failed"},
      {core::ExitCode::interrupted, "interrupted"},
  };
  for (const auto& [code, name] : kCodes) {
    out += ".TP\n.B " + std::to_string(core::to_int(code)) + "\n" + roff(core::msg(lang, std::string("man.exit.") + name)) + "\n";
  }
  out += ".SH " + t("man.environment") + "\n";
  for (const char* var : {"HF_HOME", "HF_ENDPOINT", "HF_TOKEN", "HF_HUB_OFFLINE", "VIRTUAL_ENV", "CONDA_PREFIX", "XDG_CACHE_HOME",
                          "XDG_CONFIG_HOME", "QPTQ_PROGRESS_SECONDS", "NO_COLOR"}) {
    out += ".TP\n.B " + roff(var) + "\n" + roff(core::msg(lang, std::string("man.env.") + var)) + "\n";
  }
  out += ".SH " + t("man.files") + "\n";
  static const std::pair<const char*, const char*> kFiles[] = {{"model_analysis.json", "analysis"},
                                                               {"quant_plan.json", "plan"},
                                                               {"run_manifest.yaml", "manifest"},
                                                               {"checkpoints.json", "checkpoints"},
                                                               {"logs/", "logs"}};
  for (const auto& [file, id] : kFiles) out += ".TP\n.I " + roff(file) + "\n" + roff(core::msg(lang, std::string("man.file.") + id)) + "\n";
  out += ".SH " + t("man.see_also") + "\n" + t("man.see_also_text") + "\n";
  return out;
}

}  // namespace cli
