#include "cli/run_approval.h"

#include "core/text.h"
#include "workflow/approval.h"
#include "workflow/decide.h"

namespace cli {

namespace {

constexpr std::string_view kDigestPrefix = "sha256:";

}  // namespace

std::string normalize_digest(std::string_view given) {
  std::string_view g = core::trim(given, " \t\n");
  if (g.substr(0, kDigestPrefix.size()) == kDigestPrefix) return std::string(g);
  return std::string(kDigestPrefix) + std::string(g);
}

core::Result<workflow::Confirmation> obtain_approval(const Console& console, const workflow::Workdir& wd,
                                                     const workflow::WorkflowStatus& snapshot,
                                                     const workflow::RecordedCommand& cmd, const std::string& output_dir,
                                                     const std::string& approve_digest, const std::string& user_words) {
  if (!approve_digest.empty()) {
    std::string digest = normalize_digest(approve_digest);
    return workflow::approve_execution(wd, snapshot, digest, user_words.empty() ? "--approve " + digest : user_words);
  }
  if (!console.interactive()) {
    return core::make_error(core::ExitCode::not_approved, "run.no_terminal").with("digest", cmd.digest).with("command", cmd.display);
  }
  console.say("run.show_command");
  console.line("  " + cmd.display);
  for (const auto& e : cmd.env_changes) console.say("run.show_env", {{"name", e.name}, {"value", e.value}});
  console.say("run.show_destination", {{"path", output_dir}});
  console.say("run.show_digest", {{"digest", cmd.digest}});
  auto answer = console.ask(console.t("run.ask_approval"));
  if (!answer || !workflow::is_execution_approval(*answer)) {
    return core::make_error(core::ExitCode::not_approved, "run.declined").with("answer", answer.value_or(""));
  }
  return workflow::approve_execution(wd, snapshot, cmd.digest, *answer);
}

}  // namespace cli
