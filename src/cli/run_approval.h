// Checkpoint 3, the execution gate: `--approve DIGEST` must name the manifest's command
// digest; otherwise, on a terminal only, the full command is shown and the user must answer
// one of the approval words. Anything else, or no terminal, is a refusal, never a yes.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cli/console.h"
#include "core/result.h"
#include "workflow/command_digest.h"

namespace cli {

// yes / run it / execute (any case) and はい / 実行して / 実行, after trimming.
bool is_approval_word(std::string_view answer);

// "sha256:<hex>" or the bare hex: equal when they name the same digest.
bool same_digest(std::string_view given, std::string_view recorded);

struct Approval {
  std::string user_words;  // verbatim answer, or "--approve <digest>"
};

// ExitCode::not_approved on a wrong digest, a refusal or no terminal.
core::Result<Approval> obtain_approval(const Console& console, const workflow::RecordedCommand& cmd,
                                       const std::string& output_dir, const std::optional<std::string>& approve_flag);

}  // namespace cli
