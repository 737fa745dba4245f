// The model zoo for conformance tests: every tests/zoo/models/<model_type>/ (a config.json from
// transformers' own defaults or a published config, reduced depth, and SOURCE.json saying which)
// with its committed oracle answer tests/zoo/oracle/<model_type>.json (what the pinned
// transformers + Quark build from that config; tests/zoo/update_fixtures.py writes it).
//
// For suites that add checks per model (plan refusals, verify of a synthetic export): iterate
// zoo_models(), use `oracle` for the truth (Linear names and in/out features as Quark sees
// them, routers, checkpoint names, renames) and write_synthetic_checkpoint() for a model
// directory whose safetensors headers carry the real saved names and shapes (no tensor data:
// sparse files).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "oracle/model_oracle.h"

namespace zoo {

struct ZooModel {
  std::string model_type;            // the directory name
  std::filesystem::path dir;         // tests/zoo/models/<model_type>
  std::filesystem::path config;      // dir / "config.json"
  std::filesystem::path fixture;     // tests/zoo/oracle/<model_type>.json
  core::Json source;                 // SOURCE.json: config origin, published checkpoint, what it covers
  oracle::LibraryVersions versions;  // the libraries the fixture was taken with
  oracle::OracleAnswer answer;       // the fixture, typed
  const oracle::ModelOracle* oracle() const { return std::get_if<oracle::ModelOracle>(&answer); }
};

// Every zoo model with a fixture, sorted by model type. Throws std::runtime_error when a
// fixture does not parse (a broken fixture must fail the suite, not skip a model).
const std::vector<ZooModel>& zoo_models();

// The model types, in zoo_models() order; with `answered_only`, those the oracle did not refuse.
std::vector<std::string> zoo_model_types(bool answered_only = false);

// The zoo model of `model_type`; throws std::runtime_error when there is none.
const ZooModel& zoo_model(const std::string& model_type);

// A GoogleTest parameter name for a model type (every character outside [A-Za-z0-9] as '_').
std::string test_name(const std::string& model_type);

// The pinned environment's interpreter (<source>/.venv-quark/bin/python) when it exists.
std::optional<std::string> pinned_python();

// safetensors' dtype name for torch's (bfloat16 -> BF16).
std::string safetensors_dtype(const std::string& torch_dtype);

// `out` becomes a model directory: the zoo config.json and header-only safetensors shards
// holding exactly the oracle's checkpoint tensors (names, shapes, dtypes).
void write_synthetic_checkpoint(const ZooModel& model, const std::filesystem::path& out, int shards = 1);

// `out` becomes a model directory with the config.json alone (the config-only estimate).
void write_config_only(const ZooModel& model, const std::filesystem::path& out);

}  // namespace zoo
