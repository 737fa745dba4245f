// quant_plan.json as typed values: step 2's plan (the scheme, the exclusions and overrides,
// calibration, evaluation, the module coverage, every decision with its reason, the risks
// confirming accepts, a comparison's candidates), the fields of
// references/contracts/quant_plan.schema.json. One reader and one writer's encoding, so that a
// field is spelled in one place: from_json names the first field of the wrong type, to_json
// writes the document `quark-ptq plan` writes, key for key in the order it has always had.
// A field that is absent or null reads as unset (or empty); a field the writer always writes
// with null when it has none is std::optional and written as null, a field it writes only when
// it has one is std::optional and left out.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

// Catalog text as recorded: the id and its arguments beside the English text.
struct PlanText {
  std::string id;
  std::vector<std::pair<std::string, std::string>> args;  // in the order the writer gave them
  std::string text;
  bool operator==(const PlanText&) const = default;
};

// `model`: what the plan was made for.
struct PlanModel {
  std::string model_type;
  std::string analysis_ref;               // "model_analysis.json"
  std::optional<std::string> model_path;  // from the analysis, when it gave one
  bool operator==(const PlanModel&) const = default;
};

// `quark`: the Quark the plan was checked against.
struct PlanQuark {
  std::string version;
  std::string source;  // installed | shipped_knowledge
  bool verified = false;
  std::optional<std::string> knowledge_release;
  std::optional<std::string> python;                           // null unless installed
  std::optional<std::string> quark_cli;                        // null unless installed and found
  std::optional<std::map<std::string, std::string>> packages;  // the probe's versions, when installed
  bool operator==(const PlanQuark&) const = default;
};

// `target`: the hardware the plan is for.
struct PlanTarget {
  std::string name;
  std::string arch;
  std::string vendor;
  std::string source;  // option | detected | unknown
  std::optional<double> memory_gib;
  std::optional<std::string> evidence;
  bool operator==(const PlanTarget&) const = default;
};

// A tensor format of a scheme (knowledge/quark/<release>/schemes.json).
struct TensorFormatRecord {
  std::string format;
  std::int64_t bits = 0;
  std::string granularity;
  std::optional<std::int64_t> group_size;  // null when not grouped
  bool dynamic = false;
  bool operator==(const TensorFormatRecord&) const = default;
};

// `scheme_facts`: the shipped knowledge about global_scheme (null when it has none).
struct SchemeFactsRecord {
  std::string family;
  std::optional<TensorFormatRecord> weight;
  std::optional<TensorFormatRecord> activation;  // null: weight-only
  double bytes_per_weight = 0;
  std::vector<std::string> native_on;
  std::optional<bool> native_on_target;  // null when the target's architecture is unknown
  std::optional<std::string> knowledge_release;
  bool operator==(const SchemeFactsRecord&) const = default;
};

// `calibration.source`: for each value, whether the person gave it ("user") or it is quark-cli's
// default ("cli_default").
struct CalibrationSources {
  std::string dataset;
  std::string num_calib_data;
  std::string seq_len;
  std::string batch_size;
  bool operator==(const CalibrationSources&) const = default;
};

// The calibration values themselves; `calibration.cli_defaults` has the same shape. The writer
// gives all four; a plan made by hand may give some, and the rest are quark-cli's defaults.
struct CalibrationValues {
  std::optional<std::string> dataset;
  std::optional<std::int64_t> num_calib_data;
  std::optional<std::int64_t> seq_len;
  std::optional<std::int64_t> batch_size;
  bool operator==(const CalibrationValues&) const = default;
};

struct PlanCalibration {
  CalibrationValues values;  // written at the section's top level
  std::optional<CalibrationSources> source;
  std::optional<CalibrationValues> cli_defaults;
  bool operator==(const PlanCalibration&) const = default;
};

// `evaluation`: what quark-ptq's own evaluation measures and the threshold of its verdict.
struct PlanEvaluation {
  std::optional<std::string> intent;  // smoke | full
  std::optional<std::int64_t> windows;
  std::optional<std::int64_t> seq_len;
  std::optional<std::int64_t> canary_tokens;
  std::optional<double> budget_seconds;
  std::optional<double> max_ppl_increase_pct;
  std::optional<double> z;
  std::optional<std::string> text;  // null: no held-out text given
  bool operator==(const PlanEvaluation&) const = default;
};

struct PatternRecord {
  std::string pattern;
  std::string kind;  // exclude | override
  std::int64_t matches = 0;
  std::optional<std::string> scheme;  // for an override
  bool operator==(const PatternRecord&) const = default;
};

struct UncountedPrequantized {
  std::int64_t tensors = 0;
  std::vector<std::string> names;
  bool operator==(const UncountedPrequantized&) const = default;
};

// `modules.oracle_not_used`: why the model oracle was not used, and the libraries' own words.
struct OracleNotUsed {
  PlanText reason;  // written flat: id, args, text
  std::string detail;
  bool operator==(const OracleNotUsed&) const = default;
};

// `modules`: the coverage the planner checked, and where its inventory came from.
struct PlanModules {
  bool inventory_known = false;
  std::int64_t total = 0;
  std::int64_t quantized = 0;
  std::int64_t excluded = 0;
  std::map<std::string, std::int64_t> quantized_by_role;
  std::map<std::string, std::int64_t> excluded_by_role;
  std::vector<std::string> quantized_list;
  std::vector<std::string> excluded_list;
  std::optional<std::string> source;  // oracle | checkpoint headers | analysis oracle | config estimate | analysis list | none
  std::optional<UncountedPrequantized> uncounted_prequantized;
  std::optional<std::map<std::string, std::string>> oracle_versions;  // `oracle.versions`
  std::optional<OracleNotUsed> oracle_not_used;
  bool operator==(const PlanModules&) const = default;
};

// `checkpoint_names`: the model oracle's names, for verify.
struct CheckpointNamesRecord {
  std::string source;                                        // oracle
  std::vector<std::pair<std::string, std::string>> renames;  // match -> replace, in order
  std::vector<std::string> non_linear_holders;
  std::vector<std::string> linear_modules;  // empty in plans written before the field
  bool operator==(const CheckpointNamesRecord&) const = default;
};

struct DecisionRecord {
  std::string key;
  std::string value;
  std::string source;  // user | priority | default | template_default | detected | knowledge
  PlanText reason;
  std::vector<std::string> alternatives;
  bool operator==(const DecisionRecord&) const = default;
};

// A risk: the English message beside its catalog id and arguments (written together).
struct PlanRiskRecord {
  std::string severity;  // low | medium | high
  std::string message;
  std::optional<std::string> id;
  std::vector<std::pair<std::string, std::string>> args;  // written with the id
  std::optional<std::string> origin;                      // plan | analysis
  std::optional<PlanText> hint;
  bool operator==(const PlanRiskRecord&) const = default;
};

struct ResolvedRiskRecord {
  std::string decision;
  std::string severity;
  PlanText risk;
  PlanText how;
  bool operator==(const ResolvedRiskRecord&) const = default;
};

struct PlanCandidate;  // holds a whole QuantPlan

struct LeftOutRecord {
  std::string scheme;
  std::string code;
  PlanText reason;
  bool operator==(const LeftOutRecord&) const = default;
};

// `comparison` (plan --compare): one whole plan per candidate, the schemes left out with why.
struct PlanComparison {
  std::string mode;  // named | auto
  std::int64_t max = 0;
  std::vector<PlanCandidate> candidates;
  std::vector<LeftOutRecord> left_out;
  bool operator==(const PlanComparison&) const;
};

struct QuantPlan {
  std::string artifact = "quant_plan";
  std::int64_t schema_version = 1;
  std::optional<std::string> quark_ptq_version;
  PlanModel model;
  // The plan options as the option table records them (options::to_json / options::from_json
  // read and write this section; the table, not this module, knows its rows). Null: absent.
  core::Json options = core::Json(nullptr);
  std::optional<std::string> command;
  std::optional<std::string> analysis_digest;
  std::optional<PlanQuark> quark;
  std::optional<PlanTarget> target;
  std::optional<std::string> priority;
  std::string global_scheme;
  std::optional<SchemeFactsRecord> scheme_facts;                        // written as null when unset
  std::optional<std::string> kv_cache_scheme;                           // written as null when unset
  std::vector<std::pair<std::string, std::string>> layer_quant_config;  // pattern -> scheme, in order
  std::vector<std::string> exclude_layers;
  std::optional<std::string> exclude_source;  // template_default | user
  std::optional<std::string> algorithm;       // the algorithms joined with commas; null when none
  std::vector<std::string> algorithms;
  std::optional<PlanCalibration> calibration;
  std::optional<std::string> evaluation_intent;  // none | smoke | full
  std::optional<PlanEvaluation> evaluation;
  std::optional<std::string> device_strategy;  // single | multi_device | cpu
  // Fields `quark-ptq plan` does not write but a plan made by hand or by the published skill
  // contract may state; prepare honours them (quark-cli's --multi_device, --evaluation_dataset,
  // and the environment it runs in).
  std::optional<bool> multi_device;
  std::optional<std::string> evaluation_dataset;
  std::optional<std::vector<std::pair<std::string, std::string>>> env_changes;  // [{name, value}], in order
  std::optional<bool> trust_remote_code;
  std::optional<std::string> output_format;
  std::optional<std::string> template_file;  // written as null when unset
  std::vector<PatternRecord> patterns;
  std::optional<PlanModules> modules;
  std::optional<CheckpointNamesRecord> checkpoint_names;
  std::vector<DecisionRecord> decisions;
  std::vector<PlanRiskRecord> risks;
  std::vector<ResolvedRiskRecord> resolved_risks;
  // Left out of a comparison's candidate plans: the top level's speaks for every candidate.
  std::optional<bool> requires_confirmation;
  std::optional<PlanComparison> comparison;
  bool operator==(const QuantPlan&) const = default;

  // bad_input "artifacts.field_invalid" naming the field (as a path) whose type is wrong.
  // Reads the current spelling only: an older document goes through upgrade_quant_plan
  // (plan_upgrade.h) first.
  static core::Result<QuantPlan> from_json(const core::Json& doc);
  core::Json to_json() const;
};

struct PlanCandidate {
  std::string name;               // the scheme the candidate quantizes with
  std::string asked;              // the scheme it was asked as
  std::optional<PlanText> refit;  // why asked became name; null when it did not
  QuantPlan plan;
  bool operator==(const PlanCandidate&) const = default;
};

// The encodings of the parts the plan module also writes on their own (the evaluation section
// `quark-ptq evaluate` builds without a plan; the catalog texts), so that each is written in
// one place.
core::Json to_json(const PlanEvaluation& evaluation);
// The evaluation section read at `at` (also the manifest's evaluator.settings, which copies it);
// the first field of the wrong type goes to *error.
PlanEvaluation plan_evaluation_of(const core::Json& section, const std::string& at, std::string* error);
core::Json to_json(const PlanText& text);
core::Json to_json(const std::vector<PlanRiskRecord>& risks);  // as `risks` is written

}  // namespace artifacts
