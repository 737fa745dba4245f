// The release line a package version belongs to, as quark-ptq keeps its knowledge per Quark
// release: "0.12.post1" -> "0.12", "0.13.1" -> "0.13", "0.13" -> "0.13". Text only (the
// PEP 440 reading of requirements is envprobe's).
#pragma once

#include <string>
#include <string_view>

namespace core {

std::string release_line(std::string_view version);

}  // namespace core
