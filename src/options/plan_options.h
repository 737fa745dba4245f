// The options of step 2 as the person gave them - on `quark-ptq plan` and `start`, or as the
// MCP plan tool's arguments - and as quant_plan.json records them. Empty / nullopt: the
// planner decides. Each is declared once, with its flag, key, type and help, in
// option_table.h; everything that binds, records or prints them goes through that table.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"

namespace options {

struct PlanOptions {
  std::string target;
  std::string priority = "balanced";
  std::string scheme;
  std::string kv_cache;
  std::string algo;                    // "awq", "gptq,smoothquant"; "none" switches the planner's choice off
  std::vector<std::string> overrides;  // PATTERN=SCHEME, as given
  std::vector<std::string> excludes;   // replace the template's default exclusions
  std::string calib_dataset;
  std::optional<int> calib_samples;
  std::optional<int> seq_len;
  std::optional<int> batch_size;
  std::string eval;                // none | smoke | full
  std::string eval_text;           // the held-out text, absolute once bound
  std::string compare;             // "fp8,int4_wo_128" or "auto": a comparison of whole plans, one per scheme
  std::optional<int> compare_max;  // the most candidates a comparison holds (unset: knowledge's bound)
  bool multi_device = false;
  bool trust_remote_code = false;
  std::string python;
  std::string quark_version;
  bool write_template = false;  // an action of this plan run, not a choice it records
  std::string template_file;

  bool operator==(const PlanOptions&) const = default;
};

// --algo as a list: split at commas, spaces around names dropped (quark-cli does not strip
// them; the plan passes a clean list).
std::vector<std::string> algorithm_list(const PlanOptions& o);

using Override = std::pair<std::string, std::string>;  // pattern, scheme
// --override as (pattern, scheme), split at the last '='. A value without a pattern or a
// scheme: usage error "plan.bad_override" naming it.
core::Result<std::vector<Override>> override_pairs(const PlanOptions& o);

}  // namespace options
