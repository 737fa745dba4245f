// The words that count as an answer at a checkpoint. One rule, used by every command that
// asks (start, run, prepare): checkpoint 3 accepts only an explicit approval of the exact
// command; checkpoints 1, 2 and 4 accept a plain confirmation. Anything else, including
// "ok, the plan looks fine" at checkpoint 3, is not an approval.
#pragma once

#include <string>
#include <string_view>

namespace workflow {

// Checkpoint 3: yes / run it / execute / はい / 実行して / 実行 (ASCII case, surrounding
// spaces and one trailing '.', '!', '。' or '！' are ignored; nothing else is).
bool is_execution_approval(std::string_view answer);

// Checkpoints 1, 2 and 4: the approval words plus y / ok / confirm / confirmed / accept /
// 確認 / 承認 / OK.
bool is_confirmation(std::string_view answer);

// An explicit no: n / no / stop / cancel / いいえ / 中止 / やめて. Checkpoint 4 treats any
// other answer that is not a confirmation as a follow-up request.
bool is_refusal(std::string_view answer);

// The answer as compared: trimmed (ASCII and ideographic spaces), ASCII lower-cased, one
// trailing full stop or exclamation mark dropped.
std::string normalize_answer(std::string_view answer);

}  // namespace workflow
