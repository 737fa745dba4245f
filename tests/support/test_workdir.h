// Hand-built workdirs for the workflow tests: valid artifacts whose recorded digests agree,
// and helpers to confirm checkpoints or change an artifact behind the workflow's back.
#pragma once

#include <gtest/gtest.h>

#include "core/atomic_file.h"
#include "core/sha256.h"
#include "core/yaml_io.h"
#include "support/temp_dir.h"
#include "workflow/checkpoint.h"
#include "workflow/command_digest.h"
#include "workflow/state.h"

namespace workflow_test {

inline core::Json sample_analysis(std::string model_type = "llama") {
  return {{"artifact", "model_analysis"},
          {"schema_version", 1},
          {"analysis_status", "complete"},
          {"model", {{"model_path", "/models/tiny"}, {"model_type", model_type}, {"trust_remote_code", false}}},
          {"quantization_targets", {{"linear_layer_count", 154}, {"exclude_defaults", {"lm_head"}}}},
          {"risks", core::Json::array()}};
}

inline core::Json sample_plan(const core::Json& analysis, std::string scheme = "w_int4_per_group_sym") {
  return {{"artifact", "quant_plan"},
          {"schema_version", 1},
          {"model", {{"model_type", "llama"}, {"analysis_ref", "model_analysis.json"}}},
          {"analysis_digest", workflow::artifact_digest(analysis)},
          {"global_scheme", scheme},
          {"exclude_layers", {"lm_head"}},
          {"layer_quant_config", core::Json::object()},
          {"requires_confirmation", true}};
}

inline core::Json sample_manifest(const core::Json& analysis, const core::Json& plan, std::string out = "/out/tiny-w4") {
  core::Json m = {
      {"artifact", "run_manifest"},
      {"schema_version", 1},
      {"workflow", "quark-torch-ptq"},
      {"inputs", {{"model", "/models/tiny"}}},
      {"outputs", {{"output_dir", out}, {"expected_files", {"config.json"}}}},
      {"built_from", {{"analysis_digest", workflow::artifact_digest(analysis)}, {"plan_digest", workflow::artifact_digest(plan)}}},
      // prepare always records its verdict; run refuses a manifest without a ready one.
      {"environment", {{"verdict", {{"ready", true}, {"problems", core::Json::array()}}}}},
      {"command", {{"argv", {"/usr/bin/quark-cli", "torch-llm-ptq", "--output_dir", out}}, {"env_changes", core::Json::array()}}},
      {"steps", {{{"name", "run"}, {"kind", "run"}}}}};
  m["command"]["display"] = workflow::read_recorded_command(m)->display;
  m["command"]["digest"] = workflow::recompute_command_digest(m);
  return m;
}

class Workdir {
  test_support::TempDir m_dir;  // first: wd is built from it

 public:
  Workdir() : wd{m_dir.path()} {}
  workflow::Workdir wd;

  void write_analysis(const core::Json& j) const { ASSERT_TRUE(core::write_file_atomic(wd.analysis(), core::dump_pretty(j)).has_value()); }
  void write_plan(const core::Json& j) const { ASSERT_TRUE(core::write_file_atomic(wd.plan(), core::dump_pretty(j)).has_value()); }
  void write_manifest(const core::Json& j) const { ASSERT_TRUE(core::write_file_atomic(wd.manifest(), core::dump_yaml(j)).has_value()); }
  void confirm(workflow::Checkpoint c, const std::string& digest, std::string decision = "confirmed") const {
    ASSERT_TRUE(workflow::record_confirmation(wd, workflow::make_confirmation(c, digest, "yes", std::move(decision))).has_value());
  }
  workflow::WorkflowStatus status() const {
    auto s = workflow::status_of(wd);
    EXPECT_TRUE(s.has_value());
    return s.has_value() ? *s : workflow::WorkflowStatus{};
  }

  // Analysis, plan and manifest written; checkpoints 1..`through` confirmed.
  void build(int through, const core::Json& analysis = sample_analysis()) {
    m_analysis = analysis;
    m_plan = sample_plan(analysis);
    m_manifest = sample_manifest(analysis, m_plan);
    write_analysis(m_analysis);
    write_plan(m_plan);
    write_manifest(m_manifest);
    if (through >= 1) confirm(workflow::Checkpoint::analysis, workflow::artifact_digest(m_analysis));
    if (through >= 2) confirm(workflow::Checkpoint::plan, workflow::artifact_digest(m_plan));
    if (through >= 3) confirm(workflow::Checkpoint::execution, m_manifest["command"]["digest"].get<std::string>(), "approved");
  }
  const core::Json& analysis() const { return m_analysis; }
  const core::Json& plan() const { return m_plan; }
  core::Json& manifest() { return m_manifest; }

 private:
  core::Json m_analysis;
  core::Json m_plan;
  core::Json m_manifest;
};

}  // namespace workflow_test
