#include "artifacts/result.h"

#include <cmath>

#include "artifacts/fields.h"
#include "artifacts/json_write.h"
#include "artifacts/message_args.h"
#include "core/sha256.h"

namespace artifacts {

namespace {

constexpr std::string_view kFile = "run_manifest.yaml";

}  // namespace

std::optional<std::int64_t> Result::metric_integer(std::string_view name) const {
  for (const auto& m : metrics) {
    if (m.name != name) continue;
    if (m.value.is_number_integer()) return m.value.get<std::int64_t>();
    // A whole number written as 3.0 by another writer is still that number.
    const double v = m.value.is_number_float() ? m.value.get<double>() : 0.5;
    if (std::abs(v) < 9.0e15 && std::trunc(v) == v) return static_cast<std::int64_t>(v);
    return std::nullopt;
  }
  return std::nullopt;
}

std::vector<const ResultCheck*> Result::checks_with(std::string_view wanted) const {
  std::vector<const ResultCheck*> out;
  for (const auto& c : checks) {
    if (c.status == wanted) out.push_back(&c);
  }
  return out;
}

core::Json Result::to_json() const {
  core::Json j = core::Json::object();
  j["status"] = status;
  put_if(j, "passed", passed);
  j["output_dir"] = output_dir;
  j["files"] = core::Json::array();
  for (const auto& f : files) {
    core::Json item = {{"path", f.path}, {"bytes", f.bytes}, {"sha256", f.sha256}};
    put_if(item, "error", f.error);
    j["files"].push_back(std::move(item));
  }
  j["checks"] = core::Json::array();
  for (const auto& c : checks) {
    j["checks"].push_back(
        {{"id", c.id}, {"status", c.status}, {"message", c.message}, {"message_id", c.message_id}, {"args", message_args_json(c.args)}});
  }
  if (!links.empty()) {
    j["links"] = core::Json::array();
    for (const auto& l : links) j["links"].push_back({{"path", l.path}, {"target", l.target}, {"inside", l.inside}});
  }
  core::Json metrics_json = core::Json::object();
  for (const auto& m : metrics) metrics_json[m.name] = m.value;
  j["metrics"] = std::move(metrics_json);
  j["hash_seconds"] = hash_seconds;
  put_if(j, "seconds", seconds);
  put_if(j, "early_hashed_files", early_hashed_files);
  return j;
}

Result result_of(const core::Json& j, const std::string& at, std::string* error) {
  Fields f(j, at, error);
  Result r;
  r.status = f.text("status").value_or("");
  r.passed = f.flag("passed");
  r.output_dir = f.text("output_dir").value_or("");
  if (const core::Json* files = f.array("files")) {
    for (std::size_t i = 0; i < files->size(); ++i) {
      Fields one((*files)[i], f.path("files") + "/" + std::to_string(i), error);
      auto bytes = one.integer("bytes");
      r.files.push_back({one.text("path").value_or(""), bytes && *bytes > 0 ? static_cast<std::uint64_t>(*bytes) : 0,
                         one.text("sha256").value_or(""), one.text("error")});
    }
  }
  if (const core::Json* links = f.array("links")) {
    for (std::size_t i = 0; i < links->size(); ++i) {
      Fields one((*links)[i], f.path("links") + "/" + std::to_string(i), error);
      r.links.push_back({one.text("path").value_or(""), one.text("target").value_or(""), one.flag("inside").value_or(false)});
    }
  }
  if (const core::Json* checks = f.array("checks")) {
    for (std::size_t i = 0; i < checks->size(); ++i) {
      Fields one((*checks)[i], f.path("checks") + "/" + std::to_string(i), error);
      ResultCheck c{one.text("id").value_or(""),
                    one.text("status").value_or(""),
                    one.text("message").value_or(""),
                    one.text("message_id").value_or(""),
                    {}};
      if (const core::Json* args = one.object("args")) c.args = message_args_of(*args, one.path("args"), error);
      r.checks.push_back(std::move(c));
    }
  }
  if (const core::Json* metrics = f.object("metrics")) {
    Fields m(*metrics, f.path("metrics"), error);
    for (const auto& [name, value] : metrics->items()) {
      if (m.number(name)) r.metrics.push_back({name, value});
    }
  }
  r.hash_seconds = f.number("hash_seconds").value_or(0);
  r.seconds = f.number("seconds");
  r.early_hashed_files = f.integer("early_hashed_files");
  return r;
}

core::Result<Result> read_result(const core::Json& section) {
  std::string error;
  Result r = result_of(section, "result", &error);
  if (!error.empty()) return core::fail(field_invalid(kFile, error));
  return r;
}

core::Result<std::optional<Result>> manifest_result(const core::Json& manifest) {
  const core::Json* result = manifest.is_object() && manifest.contains("result") ? &manifest["result"] : nullptr;
  if (result == nullptr || result->is_null()) return std::optional<Result>();
  std::string error;
  Fields top(manifest, "", &error);
  if (top.object("result") == nullptr) return core::fail(field_invalid(kFile, error));
  QPTQ_TRY_ASSIGN(Result r, read_result(*result));
  return std::optional<Result>(std::move(r));
}

std::optional<Result> manifest_result_as_read(const core::Json& manifest) {
  const core::Json* result = manifest.is_object() && manifest.contains("result") ? &manifest["result"] : nullptr;
  if (result == nullptr || !result->is_object()) return std::nullopt;
  std::string ignored;
  return result_of(*result, "result", &ignored);
}

std::string recorded_result_digest(const core::Json& manifest) {
  const core::Json* result = manifest.is_object() && manifest.contains("result") ? &manifest["result"] : nullptr;
  return result != nullptr && result->is_object() ? core::json_digest(*result) : "";
}

void put_result(core::Json& manifest, const Result& result) { manifest["result"] = result.to_json(); }

}  // namespace artifacts
