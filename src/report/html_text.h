// Text from the workdir's files (model names, canary generations, commands, paths) made safe
// to place in report.html, as element content or inside a double- or single-quoted attribute:
// everything those files hold is untrusted. The characters HTML gives meaning to become
// references, and what would reach the reader unseen (C0 and C1 controls, bidirectional-text
// controls, bytes that are not UTF-8) is written as a visible escape first, as
// core::terminal_safe does for a terminal, so the page shows that something odd was there.
#pragma once

#include <string>
#include <string_view>

namespace report {

std::string html_text(std::string_view text);

}  // namespace report
