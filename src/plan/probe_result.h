// The JSON printed by the capability probe (knowledge/probes/quark_capabilities.py, or the
// device script scripts/device/quark-api-probe.py: same keys), parsed into plain values.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace plan {

struct TemplateFacts {
  std::vector<std::string> kv_layers_name;
  std::vector<std::string> q_layer_name;
  std::vector<std::string> exclude_layers_name;
  std::vector<std::string> algorithms_with_config;
};

struct ProbeResult {
  std::map<std::string, std::string> versions;  // "amd-quark", "torch", "python", ... (missing: absent)
  std::string executable;                       // the interpreter that ran the probe
  std::string quark_cli;                        // quark-cli beside it ("" when none)
  bool quark_installed = false;                 // amd-quark importable metadata present
  bool complete = false;                        // templates, schemes and algorithms all read
  std::vector<std::string> templates;
  std::vector<std::string> schemes;
  std::vector<std::string> algorithms;
  std::vector<std::string> kv_cache_schemes;
  std::map<std::string, TemplateFacts> per_template;
  // `quark-cli torch-llm-ptq --help` as Quark's own argparse parser formats it inside the probe
  // (TorchLLM_PTQ_CLI.register_subcommand, COLUMNS=2000); absent from Quarks without that module
  // and from probes older than the key.
  std::optional<std::string> torch_llm_ptq_help;
  std::vector<std::string> errors;  // what the probe could not read

  std::string quark_version() const;
};

// ExitCode::env_not_ready "plan.probe_unparsable" when `text` holds no JSON object. Quark's
// own log lines may precede the JSON on stdout; the last line that parses wins.
core::Result<ProbeResult> parse_probe(std::string_view text, std::string_view source);

}  // namespace plan
