// Message catalogs: every text a person reads (prompts, summaries, headings, errors) has an
// id and an English and a Japanese form in messages/<area>.{en,ja}.json, embedded in the
// binary. Placeholders are written {name}; "{{" and "}}" are literal braces.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace core {

enum class Lang { en, ja };

std::optional<Lang> parse_lang(std::string_view s);
// From LC_ALL, then LC_MESSAGES, then LANG: ja_* means Japanese; anything else English.
Lang lang_from_environment();

// The catalog text with placeholders filled. A missing id renders as the id itself plus its
// arguments, so a gap is visible (and caught by the catalog tests) rather than silent.
std::string msg(Lang lang, std::string_view id, const std::vector<MessageArg>& args = {});
// One line: the message, then the untranslated detail in parentheses when there is one.
std::string render_error(Lang lang, const Error& e);

bool catalog_has(Lang lang, std::string_view id);
std::vector<std::string> catalog_ids(Lang lang);

}  // namespace core
