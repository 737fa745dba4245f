// Carrying a document's older spellings to its current fields: the mechanism both upgrades
// (analysis_upgrade.h, plan_upgrade.h) use, so that each keeps only its table of spellings.
// Paths are '/'-separated keys from the top of the document.
#pragma once

#include <string_view>
#include <vector>

#include "core/json_io.h"

namespace artifacts {

// What the current field takes: an older spelling holding another type is skipped, as the
// readers that took it skipped it, and the next one is tried.
enum class SpellingKind { text, integer, flag, texts };

// A current field and its older spellings, first preferred.
struct Spelling {
  const char* current;
  SpellingKind kind;
  std::vector<const char*> older;
};

// The value at `path`, nullptr when absent or null.
const core::Json* value_at(const core::Json& doc, std::string_view path);

// Sets `path`, making the objects on the way; false (nothing set) when a key on the way holds
// something other than an object.
bool put_at(core::Json& doc, std::string_view path, core::Json value);

// Each current field of `spellings` that `out` lacks takes the first older spelling in `doc`
// that holds a value of its kind (the older keys stay: nothing reads them).
void carry_spellings(core::Json& out, const core::Json& doc, const std::vector<Spelling>& spellings);

}  // namespace artifacts
