// The plan as values: every decision with its reason and the alternatives considered, the
// risks the user accepts by confirming, and the pre-validation problems that block it.
// Texts are catalog ids + arguments so that the decision table renders in English or
// Japanese; the artifact also stores the English text.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "artifacts/quant_plan.h"
#include "core/error.h"
#include "core/json_io.h"

namespace plan {

struct Text {
  std::string id;
  std::vector<core::MessageArg> args;
};

enum class DecisionSource { user, priority, default_value, template_default, detected, knowledge };
std::string_view decision_source_name(DecisionSource s);

struct Decision {
  std::string key;    // "global_scheme", "kv_cache_scheme", ...
  std::string value;  // as shown in the table
  DecisionSource source = DecisionSource::default_value;
  Text reason;
  std::vector<std::string> alternatives;
};

struct Risk {
  std::string severity;  // "low", "medium", "high"
  Text text;
  std::string origin = "plan";  // "plan", or "analysis": a risk of the confirmed analysis no decision answers
  Text hint;                    // what to do about it (id "" when none)
};

// A risk of the confirmed analysis that a plan decision answers: the decision table shows it
// under that decision, with how it is answered.
struct ResolvedRisk {
  std::string decision;  // the Decision::key that answers it ("device_strategy")
  std::string severity;  // as the analysis recorded it
  Text risk;             // the analysis' risk
  Text how;              // how the decision answers it
};

// The smallest change of the `quark-ptq plan` options that passes every check, when the
// planner knows one: what the fix text shows as flags, and what a test re-plans with.
struct PlanChange {
  std::string scheme;                                          // --scheme ("" unchanged)
  std::vector<std::pair<std::string, std::string>> overrides;  // --override added
  std::vector<std::string> excludes;                           // the whole --exclude list (empty: unchanged)
  bool kv_cache_none = false;                                  // --kv-cache none

  bool empty() const { return scheme.empty() && overrides.empty() && excludes.empty() && !kv_cache_none; }
  // As typed after `quark-ptq plan`, shell-quoted: "--override 'model.layers.0.mlp.down_proj=int4_wo_64'".
  std::string flags() const;
};

struct Problem {
  std::string code;   // stable key, e.g. "unknown_scheme"
  Text text;          // what is wrong, with evidence
  Text fix;           // the suggested fix
  PlanChange change;  // the same fix as options, when it is one
};

struct PatternUse {
  std::string pattern;
  std::string kind;    // "exclude" or "override"
  std::string scheme;  // for overrides
  int matches = 0;
};

// How module names of the source checkpoint become the names of Quark's export, and the weight
// holders that are not nn.Linear (routers, embeddings) and the nn.Linear modules: what verify
// maps and checks names by. The oracle's, when
// the plan had one (verify falls back to knowledge/verify/checkpoint_names.json without it).
struct CheckpointNames {
  std::vector<std::pair<std::string, std::string>> renames;  // ECMAScript regex -> replacement, in order
  std::vector<std::string> non_linear_holders;               // fnmatch patterns
  std::vector<std::string> linear_modules;                   // fnmatch patterns of every nn.Linear
};

// Where the module inventory the planner checked came from.
struct InventoryOrigin {
  bool oracle = false;                          // the model oracle's nn.Linear list
  std::map<std::string, std::string> versions;  // torch, transformers, amd-quark the oracle ran with
  Text not_used;                                // why the oracle was not used (id "" when oracle)
  std::string detail;                           // the libraries' own words for it, untranslated ("" none)
};

struct ModuleSummary {
  // "oracle", else the analysis' inventory: "checkpoint headers", "analysis oracle",
  // "config estimate", "analysis list" (a name list without a method), "none".
  std::string source = "none";
  InventoryOrigin origin;
  bool inventory_known = false;
  int total = 0;
  int quantized = 0;
  int excluded = 0;
  std::map<std::string, int> quantized_by_role;
  std::map<std::string, int> excluded_by_role;
  std::vector<std::string> quantized_compact;  // "model.layers.*.mlp.up_proj (x36)"
  std::vector<std::string> excluded_compact;
  // The analysis' pre-quantized tensors of no counted module (MXFP4 *_blocks): the weights they
  // hold are in none of the counts above.
  std::uint64_t uncounted_prequantized = 0;               // tensors
  std::vector<std::string> uncounted_prequantized_names;  // "model.layers.*.mlp.experts.down_proj_blocks (x24)"
};

struct Plan {
  artifacts::PlanModel model;
  core::Json options = core::Json::object();  // the `quark-ptq plan` options it was built with
  std::string command;                        // the same as a command line
  std::string analysis_digest;
  artifacts::PlanQuark quark;
  artifacts::PlanTarget target;
  std::string priority;
  std::string global_scheme;
  std::optional<artifacts::SchemeFactsRecord> scheme_facts;  // formats, bytes per weight, native hardware
  std::string kv_cache_scheme;                               // "" -> null
  std::vector<std::pair<std::string, std::string>> layer_quant_config;
  std::vector<std::string> exclude_layers;
  std::string exclude_source;  // "template_default" or "user"
  std::vector<std::string> algorithms;
  artifacts::PlanCalibration calibration;
  std::string evaluation_intent = "none";
  std::optional<artifacts::PlanEvaluation> evaluation;  // quark-ptq's evaluation settings (intent != none)
  std::string device_strategy = "single";
  bool trust_remote_code = false;
  std::string template_file;  // "" unless a --template_file is used
  std::vector<PatternUse> patterns;
  ModuleSummary modules;
  std::optional<CheckpointNames> checkpoint_names;  // from the oracle, for verify
  std::vector<Decision> decisions;
  std::vector<Risk> risks;
  std::vector<ResolvedRisk> resolved_risks;  // the analysis' risks a decision answers
  std::vector<Problem> problems;             // non-empty: the plan is invalid
};

}  // namespace plan
