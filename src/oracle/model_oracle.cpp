#include "oracle/model_oracle.h"

#include "core/json_io.h"

namespace oracle {

namespace {

core::Error invalid(std::string_view source, std::string what) {
  return core::make_error(core::ExitCode::internal, "oracle.output_invalid")
      .with("source", std::string(source))
      .with_detail(std::move(what));
}

std::string str(const core::Json& j, std::string_view key) { return core::json_string(j, key).value_or(""); }

std::vector<std::int64_t> shape_of(const core::Json& j) {
  std::vector<std::int64_t> out;
  if (!j.is_array()) return out;
  for (const auto& d : j) {
    if (d.is_number_integer()) out.push_back(d.get<std::int64_t>());
  }
  return out;
}

std::vector<ParameterShape> parameters_of(const core::Json& j) {
  std::vector<ParameterShape> out;
  const core::Json* list = core::json_array(j, "parameters");
  if (list == nullptr) return out;
  for (const auto& p : *list) {
    if (p.is_array() && p.size() == 2 && p[0].is_string()) out.push_back({p[0].get<std::string>(), shape_of(p[1])});
  }
  return out;
}

// Each list element must be an object (or an array for tensors); anything else means the
// script and this reader disagree, which is a bug, not bad input.
core::Result<ModelOracle> read_model(const core::Json& m, std::string_view source) {
  ModelOracle o;
  o.config_sha256 = str(m, "config_sha256");
  o.model_type = str(m, "model_type");
  o.text_model_type = core::json_string(m, "text_model_type");
  o.model_class = str(m, "model_class");
  o.class_rule = str(m, "class_rule");
  const core::Json* linears = core::json_array(m, "linear_modules");
  const core::Json* tensors = core::json_array(m, "checkpoint_tensors");
  if (linears == nullptr || tensors == nullptr || o.model_type.empty()) {
    return invalid(source, "an \"ok\" model without model_type, linear_modules or checkpoint_tensors");
  }
  for (const auto& l : *linears) {
    auto in = core::json_int(l, "in_features");
    auto out = core::json_int(l, "out_features");
    if (!l.is_object() || !in || !out || str(l, "name").empty()) return invalid(source, "a linear module without name or features");
    LinearModule lm;
    lm.name = str(l, "name");
    lm.in_features = *in;
    lm.out_features = *out;
    lm.bias = core::json_bool(l, "bias").value_or(false);
    lm.from_moe_preparation = str(l, "origin") == "moe_preparation";
    lm.checkpoint = core::json_string(l, "checkpoint");
    o.linear_modules.push_back(std::move(lm));
  }
  if (const core::Json* list = core::json_array(m, "non_linear_modules")) {
    for (const auto& n : *list) {
      if (!n.is_object()) return invalid(source, "a non-Linear module that is not an object");
      o.non_linear_modules.push_back({str(n, "name"), str(n, "class"), str(n, "kind"), parameters_of(n)});
    }
  }
  if (const core::Json* list = core::json_array(m, "moe_preparation")) {
    for (const auto& p : *list) {
      if (!p.is_object()) return invalid(source, "a moe_preparation entry that is not an object");
      o.moe_preparation.push_back({str(p, "name"), str(p, "from_class"), str(p, "to_class"), parameters_of(p)});
    }
  }
  for (const auto& t : *tensors) {
    if (!t.is_array() || t.size() != 3 || !t[0].is_string() || !t[2].is_string()) {
      return invalid(source, "a checkpoint tensor that is not [name, shape, dtype]");
    }
    o.checkpoint_tensors.push_back({t[0].get<std::string>(), shape_of(t[1]), t[2].get<std::string>()});
  }
  if (const core::Json* list = core::json_array(m, "renames")) {
    for (const auto& r : *list) {
      if (!r.is_object()) return invalid(source, "a rename that is not an object");
      WeightTransform w;
      w.type = str(r, "type");
      w.source_patterns = core::json_string_list(r, "source_patterns");
      w.target_patterns = core::json_string_list(r, "target_patterns");
      if (const core::Json* ops = core::json_array(r, "operations")) {
        for (const auto& op : *ops) {
          if (op.is_string()) {  // already in text form (cache files)
            w.operations.push_back(op.get<std::string>());
            continue;
          }
          if (!op.is_object()) continue;
          std::string text = str(op, "op") + "(";
          bool first = true;
          for (const auto& [k, v] : op.items()) {
            if (k == "op") continue;
            text += (first ? "" : ", ") + k + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
            first = false;
          }
          w.operations.push_back(text + ")");
        }
      }
      w.scope_prefix = core::json_string(r, "scope_prefix");
      o.renames.push_back(std::move(w));
    }
  }
  if (const core::Json* tied = core::json_object(m, "tied_weights")) {
    for (const auto& [k, v] : tied->items()) {
      if (v.is_string()) o.tied_weights[k] = v.get<std::string>();
    }
  }
  if (const core::Json* f = core::json_object(m, "forward")) {
    std::string status = str(*f, "status");
    ForwardCheck check;
    if (status == "ok") {
      check.status = ForwardCheck::Status::ok;
    } else if (status == "failed") {
      check.status = ForwardCheck::Status::failed;
    } else if (status != "inconclusive") {
      return invalid(source, "a forward check whose status is not ok, failed or inconclusive");
    }
    check.error = str(*f, "error");
    check.function = str(*f, "function");
    check.where = str(*f, "where");
    o.forward = std::move(check);
  }
  return o;
}

core::Result<OracleAnswer> read_answer(const core::Json& m, std::string_view source) {
  if (!m.is_object()) return invalid(source, "a model entry that is not an object");
  std::string status = str(m, "status");
  if (status == "refused") {
    const core::Json* r = core::json_object(m, "refusal");
    if (r == nullptr || str(*r, "code").empty()) return invalid(source, "a refusal without a code");
    return OracleAnswer(OracleRefusal{str(*r, "code"), str(*r, "detail")});
  }
  if (status != "ok") return invalid(source, "a model status that is neither ok nor refused");
  QPTQ_TRY_ASSIGN(ModelOracle o, read_model(m, source));
  return OracleAnswer(std::move(o));
}

LibraryVersions read_versions(const core::Json& j) {
  LibraryVersions v;
  if (const core::Json* vs = core::json_object(j, "versions")) {
    v.python = str(*vs, "python");
    v.torch = str(*vs, "torch");
    v.transformers = str(*vs, "transformers");
    v.amd_quark = str(*vs, "amd-quark");
  }
  return v;
}

}  // namespace

std::string LibraryVersions::key() const { return "torch=" + torch + " transformers=" + transformers + " amd-quark=" + amd_quark; }

const LinearModule* ModelOracle::find_linear(std::string_view name) const {
  for (const auto& l : linear_modules) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

std::vector<const NonLinearModule*> ModelOracle::routers() const {
  std::vector<const NonLinearModule*> out;
  for (const auto& n : non_linear_modules) {
    if (n.kind == "router") out.push_back(&n);
  }
  return out;
}

core::Result<OracleReport> parse_oracle_output(std::string_view json_text, std::string_view source) {
  auto parsed = core::parse_json(json_text, source);
  if (!parsed) return invalid(source, "not JSON: " + parsed.error().detail);
  const core::Json& j = *parsed;
  if (!j.is_object() || str(j, "probe") != "quark-ptq-model-oracle" || core::json_int(j, "format").value_or(0) != 1) {
    return invalid(source, "not a quark-ptq-model-oracle format 1 document");
  }
  OracleReport report;
  report.versions = read_versions(j);
  report.import_seconds = core::json_number(j, "import_seconds").value_or(0);
  const core::Json* models = core::json_array(j, "models");
  if (models == nullptr) return invalid(source, "no models list");
  for (const auto& m : *models) {
    QPTQ_TRY_ASSIGN(OracleAnswer a, read_answer(m, source));
    report.answers.push_back(std::move(a));
  }
  return report;
}

core::Result<OracleAnswer> parse_oracle_model(std::string_view json_text, std::string_view source) {
  auto parsed = core::parse_json(json_text, source);
  if (!parsed) return invalid(source, "not JSON: " + parsed.error().detail);
  return read_answer(*parsed, source);
}

}  // namespace oracle
