// report.html from typed candidates: one self-contained page (inline CSS and SVG, no script,
// no font or anything else fetched; a Content-Security-Policy that forbids both) in the
// reader's language. Sections: the outcome of each candidate and the recommendation, the
// chart of size against perplexity change, the table, the canary texts side by side, memory
// over time, and the exact commands with their digests. Every text from the workdir's files
// goes through html_text.
#pragma once

#include <string>

#include "core/messages.h"
#include "report/candidate.h"

namespace report {

// `manifest_name`: the file the report was made from, named in the footer.
std::string render_html(const Report& report, core::Lang lang, const std::string& manifest_name = "run_manifest.yaml");

}  // namespace report
