#include "zoo/zoo_support.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/safetensors_writer.h"
#include "support/temp_dir.h"

namespace zoo {

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<ZooModel> load() {
  std::vector<ZooModel> out;
  auto root = test_support::source_path("tests/zoo");
  for (const auto& e : std::filesystem::directory_iterator(root / "models")) {
    if (!e.is_directory()) continue;
    ZooModel m;
    m.model_type = e.path().filename().string();
    m.dir = e.path();
    m.config = e.path() / "config.json";
    m.fixture = root / "oracle" / (m.model_type + ".json");
    if (!std::filesystem::exists(m.fixture)) continue;
    std::string text = slurp(m.fixture);
    auto answer = oracle::parse_oracle_model(text, m.fixture.string());
    if (!answer) throw std::runtime_error(m.fixture.string() + ": " + answer.error().detail);
    m.answer = std::move(answer).value();
    auto j = core::parse_json(text, m.fixture.string());
    if (!j) throw std::runtime_error(m.fixture.string() + " is not JSON");
    if (const core::Json* v = core::json_object(*j, "versions")) {
      m.versions.python = core::json_string(*v, "python").value_or("");
      m.versions.torch = core::json_string(*v, "torch").value_or("");
      m.versions.transformers = core::json_string(*v, "transformers").value_or("");
      m.versions.amd_quark = core::json_string(*v, "amd-quark").value_or("");
    }
    if (const core::Json* z = core::json_object(*j, "zoo")) m.source = *z;
    out.push_back(std::move(m));
  }
  std::sort(out.begin(), out.end(), [](const ZooModel& a, const ZooModel& b) { return a.model_type < b.model_type; });
  return out;
}

}  // namespace

const std::vector<ZooModel>& zoo_models() {
  static const std::vector<ZooModel> models = load();
  return models;
}

std::optional<std::string> pinned_python() {
  auto p = test_support::source_path(".venv-quark/bin/python");
  std::error_code ec;
  if (std::filesystem::exists(p, ec)) return p.string();
  return std::nullopt;
}

std::string safetensors_dtype(const std::string& t) {
  static const std::vector<std::pair<std::string, std::string>> names = {{"bfloat16", "BF16"},
                                                                         {"float16", "F16"},
                                                                         {"float32", "F32"},
                                                                         {"float64", "F64"},
                                                                         {"int64", "I64"},
                                                                         {"int32", "I32"},
                                                                         {"int16", "I16"},
                                                                         {"int8", "I8"},
                                                                         {"uint8", "U8"},
                                                                         {"bool", "BOOL"},
                                                                         {"float8_e4m3fn", "F8_E4M3"},
                                                                         {"float8_e5m2", "F8_E5M2"}};
  for (const auto& [torch_name, st] : names) {
    if (t == torch_name) return st;
  }
  throw std::runtime_error("no safetensors dtype for torch dtype " + t);
}

void write_config_only(const ZooModel& model, const std::filesystem::path& out) {
  std::filesystem::create_directories(out);
  std::filesystem::copy_file(model.config, out / "config.json", std::filesystem::copy_options::overwrite_existing);
}

std::vector<std::string> zoo_model_types(bool answered_only) {
  std::vector<std::string> out;
  for (const auto& m : zoo_models()) {
    if (!answered_only || m.oracle() != nullptr) out.push_back(m.model_type);
  }
  return out;
}

const ZooModel& zoo_model(const std::string& model_type) {
  for (const auto& m : zoo_models()) {
    if (m.model_type == model_type) return m;
  }
  throw std::runtime_error("no zoo model " + model_type);
}

std::string test_name(const std::string& model_type) {
  std::string n = model_type;
  for (auto& c : n) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0) c = '_';
  }
  return n;
}

void write_synthetic_checkpoint(const ZooModel& model, const std::filesystem::path& out, int shards) {
  const oracle::ModelOracle* o = model.oracle();
  if (o == nullptr) throw std::runtime_error(model.model_type + ": the oracle refused this config; no checkpoint to write");
  write_config_only(model, out);
  std::vector<test_support::TensorSpec> tensors;
  tensors.reserve(o->checkpoint_tensors.size());
  for (const auto& t : o->checkpoint_tensors) {
    test_support::TensorSpec s;
    s.name = t.name;
    s.dtype = safetensors_dtype(t.dtype);
    for (auto d : t.shape) s.shape.push_back(static_cast<std::uint64_t>(d));
    tensors.push_back(std::move(s));
  }
  test_support::write_checkpoint(out, tensors, shards);
}

}  // namespace zoo
