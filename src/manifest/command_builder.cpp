#include "manifest/command_builder.h"

namespace manifest {

namespace {

core::Error invalid(const std::string& field, const std::string& value, const std::string& why) {
  return core::make_error(core::ExitCode::plan_invalid, "manifest.argv_value_invalid")
      .with("field", field)
      .with("value", value)
      .with("why", why);
}

// argparse reads a value that starts with '-' as another option; "--flag=value" keeps it a value.
void add_option(std::vector<std::string>& argv, const std::string& flag, const std::string& value) {
  if (!value.empty() && value.front() == '-') {
    argv.push_back(flag + "=" + value);
  } else {
    argv.push_back(flag);
    argv.push_back(value);
  }
}

// Values of nargs options (--exclude_layers, --layer_quant_scheme) cannot use "--flag=value".
core::Result<void> check_list_value(const std::string& field, const std::string& value) {
  if (value.empty()) return invalid(field, value, "empty");
  if (value.front() == '-') return invalid(field, value, "argparse would read it as an option");
  return core::ok();
}

bool is_env_name(const std::string& name) {
  if (name.empty() || (name.front() >= '0' && name.front() <= '9')) return false;
  for (char c : name) {
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

core::Result<void> add_optional_flags(std::vector<std::string>& argv, const PlanView& p) {
  if (p.calibration.dataset != p.cli_defaults.dataset) add_option(argv, "--dataset", p.calibration.dataset);
  if (p.calibration.batch_size != p.cli_defaults.batch_size) add_option(argv, "--batch_size", std::to_string(p.calibration.batch_size));
  if (p.kv_cache_scheme) add_option(argv, "--kv_cache_dtype", *p.kv_cache_scheme);
  for (const auto& [pattern, scheme] : p.layer_quant_config) {
    QPTQ_TRY(check_list_value("layer_quant_config", pattern));
    QPTQ_TRY(check_list_value("layer_quant_config." + pattern, scheme));
    argv.insert(argv.end(), {"--layer_quant_scheme", pattern, scheme});
  }
  if (!p.algorithms.empty()) {
    std::string joined;
    for (const auto& a : p.algorithms) {
      if (a.find_first_of(", \t") != std::string::npos) return invalid("algorithm", a, "an algorithm name cannot hold commas or spaces");
      joined += (joined.empty() ? "" : ",") + a;
    }
    add_option(argv, "--quant_algo", joined);
  }
  if (p.exclude_layers_overridden) {
    argv.push_back("--exclude_layers");
    for (const auto& pattern : p.exclude_layers) {
      QPTQ_TRY(check_list_value("exclude_layers", pattern));
      argv.push_back(pattern);
    }
  }
  if (p.multi_device) argv.push_back("--multi_device");
  if (p.evaluation_intent == "none" || p.evaluated_by_quark_ptq) {
    // quark-ptq's own evaluation (src/evaluate) compares source and output after the run;
    // quark-cli's perplexity of the output alone has no baseline to judge it by.
    argv.push_back("--skip_evaluation");
  } else if (p.evaluation_dataset != p.cli_defaults.evaluation_dataset) {
    add_option(argv, "--evaluation_dataset", p.evaluation_dataset);
  }
  return core::ok();
}

}  // namespace

core::Result<BuiltCommand> build_command(const PlanView& p, const std::string& quark_cli, const std::string& output_dir) {
  if (output_dir.empty() || output_dir.front() != '/') return invalid("output_dir", output_dir, "must be an absolute path");
  if (p.model_is_local && p.model.front() != '/') return invalid("model_dir", p.model, "a local model must be an absolute path");
  if (p.global_scheme.empty()) return invalid("global_scheme", p.global_scheme, "empty");
  BuiltCommand cmd;
  auto& argv = cmd.argv;
  argv = {quark_cli, "torch-llm-ptq"};
  add_option(argv, "--model_dir", p.hub_snapshot.value_or(p.model));
  add_option(argv, "--output_dir", output_dir);
  add_option(argv, "--quant_scheme", p.global_scheme);
  add_option(argv, "--num_calib_data", std::to_string(p.calibration.num_calib_data));
  add_option(argv, "--seq_len", std::to_string(p.calibration.seq_len));
  add_option(argv, "--device", p.device);
  // Without this flag quark-cli trusts remote code; it goes only when the user accepted that.
  if (!p.trust_remote_code) argv.push_back("--no_trust_remote_code");
  QPTQ_TRY(add_optional_flags(argv, p));
  for (const auto& [name, value] : p.env_changes) {
    if (!is_env_name(name)) return invalid("env_changes", name, "not a valid environment variable name");
    cmd.env_changes.emplace_back(name, value);
  }
  return cmd;
}

}  // namespace manifest
