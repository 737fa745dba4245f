// The planner's tables, typed: knowledge::plan_rules() (knowledge/plan/rules.json: preferences
// per priority and architecture, role patterns, never-quantize roles, shape rules, scheme
// failures, evaluation budgets) and knowledge::plan_targets() (knowledge/plan/targets.json:
// target hardware and GPU detectors). The flows that plan or evaluate call load_tables() first
// and stop on its error (a broken shipped file is internal, knowledge.data_invalid); the
// accessors below then return the loaded tables.
#pragma once

#include "core/result.h"
#include "knowledge/plan_rules.h"
#include "knowledge/plan_targets.h"

namespace plan {

// Ok when both tables load; else the first loader's error.
core::Result<void> load_tables();

// The loaded tables (empty ones when load_tables() failed).
const knowledge::PlanRules& plan_rules();
const knowledge::PlanTargets& targets_table();

}  // namespace plan
