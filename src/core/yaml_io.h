// The yaml-cpp adapter. run_manifest.yaml is the JSON data model written as YAML, so the
// manifest can be schema-checked like the other artifacts. yaml-cpp exceptions stop here.
#pragma once

#include <string>
#include <string_view>

#include "core/json_io.h"

namespace core {

// Bounds on what a YAML document may expand to: nesting as for JSON (kMaxJsonDepth, flow
// brackets counted before parsing) and at most kMaxYamlValues values after aliases are
// resolved, so a few hundred bytes of nested aliases cannot expand to gigabytes
// ("core.json_too_deep", "core.yaml_too_large").
inline constexpr std::size_t kMaxYamlValues = 250'000;

Result<Json> parse_yaml(std::string_view text, std::string_view source);
Result<Json> read_yaml_file(const fs::path& path);
// Block-style YAML with a trailing newline; strings that YAML would retype are quoted.
std::string dump_yaml(const Json& j);

}  // namespace core
