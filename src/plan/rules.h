// The planner's data files: knowledge/plan/rules.json (preferences per priority and
// architecture, role patterns, never-quantize roles) and knowledge/plan/targets.json (target
// hardware and GPU detectors). Parsed once; a broken embedded file reads as empty (the
// knowledge tests catch that).
#pragma once

#include <string>
#include <vector>

#include "core/json_io.h"

namespace plan {

const core::Json& plan_rules();
const core::Json& targets_table();

// rules.json table[priority][key] as a list, e.g. ("scheme_preferences", "size", "gfx950").
std::vector<std::string> rule_list(const char* table, const std::string& priority, const std::string& key);

}  // namespace plan
