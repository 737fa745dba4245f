#include "artifacts/comparison_manifest.h"

#include <algorithm>
#include <set>

#include "core/sha256.h"

namespace artifacts {

namespace {

constexpr const char* kKind = "comparison_manifest";

core::Json figures_json(const CandidateFigures& f) {
  return {{"minutes", f.minutes}, {"gpu_memory_gib", f.gpu_memory_gib}, {"host_memory_gib", f.host_memory_gib}, {"disk_gib", f.disk_gib}};
}

CandidateFigures figures_of(const core::Json& j) {
  CandidateFigures f;
  f.minutes = core::json_number(j, "minutes").value_or(0);
  f.gpu_memory_gib = core::json_number(j, "gpu_memory_gib").value_or(0);
  f.host_memory_gib = core::json_number(j, "host_memory_gib").value_or(0);
  f.disk_gib = core::json_number(j, "disk_gib").value_or(0);
  return f;
}

core::Error invalid(std::string problem) {
  return core::make_error(core::ExitCode::bad_input, "comparison.manifest_invalid").with("problem", std::move(problem));
}

}  // namespace

bool is_candidate_name(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  auto ok = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; };
  return name.front() != '_' && std::all_of(name.begin(), name.end(), ok);
}

bool ComparisonManifest::ready() const {
  return !candidates.empty() && std::all_of(candidates.begin(), candidates.end(), [](const ComparisonEntry& e) { return e.ready; });
}

bool ComparisonManifest::all_jobs() const {
  return !candidates.empty() && std::all_of(candidates.begin(), candidates.end(), [](const ComparisonEntry& c) { return c.job; });
}

std::vector<std::vector<std::size_t>> ComparisonManifest::lanes() const {
  std::vector<std::vector<std::size_t>> out;
  if (all_jobs()) {
    for (std::size_t i = 0; i < candidates.size(); ++i) out.push_back({i});
    return out;
  }
  std::vector<int> gpus;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!candidates[i].gpu) {
      out.clear();
      break;
    }
    auto at = std::find(gpus.begin(), gpus.end(), *candidates[i].gpu);
    if (at == gpus.end()) {
      gpus.push_back(*candidates[i].gpu);
      out.emplace_back();
      at = gpus.end() - 1;
    }
    out[static_cast<std::size_t>(at - gpus.begin())].push_back(i);
  }
  if (out.size() > 1) return out;
  out.assign(1, {});
  for (std::size_t i = 0; i < candidates.size(); ++i) out[0].push_back(i);
  return out;
}

CandidateFigures ComparisonManifest::total() const {
  CandidateFigures t;
  for (const auto& lane : lanes()) {
    CandidateFigures l;
    for (std::size_t i : lane) {
      const CandidateFigures& e = candidates[i].estimate;
      l.minutes += e.minutes;
      t.disk_gib += e.disk_gib;
      t.gpu_memory_gib = std::max(t.gpu_memory_gib, e.gpu_memory_gib);
      l.host_memory_gib = std::max(l.host_memory_gib, e.host_memory_gib);
    }
    t.minutes = std::max(t.minutes, l.minutes);
    t.host_memory_gib = all_jobs() ? std::max(t.host_memory_gib, l.host_memory_gib) : t.host_memory_gib + l.host_memory_gib;
  }
  return t;
}

std::string ComparisonManifest::recomputed_digest() const {
  core::Json doc = {{"built_from", {{"analysis_digest", analysis_digest}, {"plan_digest", plan_digest}}},
                    {"candidates", core::Json::array()}};
  for (const auto& c : candidates) {
    doc["candidates"].push_back({{"name", c.name}, {"workdir", c.workdir()}, {"command_digest", c.command_digest}});
  }
  return core::json_digest(doc);
}

core::Json ComparisonManifest::to_json() const {
  core::Json doc = {{"artifact", kKind},
                    {"schema_version", 1},
                    {"quark_ptq_version", tool_version},
                    {"created_at", created_at},
                    {"built_from", {{"analysis_digest", analysis_digest}, {"plan_digest", plan_digest}}},
                    {"output_dir", output_dir},
                    {"ready", ready()},
                    {"candidates", core::Json::array()},
                    {"total", figures_json(total())},
                    {"digest", recomputed_digest()}};
  for (const auto& c : candidates) {
    doc["candidates"].push_back({{"name", c.name},
                                 {"workdir", c.workdir()},
                                 {"command_digest", c.command_digest},
                                 {"command", c.command},
                                 {"output_dir", c.output_dir},
                                 {"ready", c.ready},
                                 {"estimate", figures_json(c.estimate)}});
  }
  return doc;
}

core::Result<ComparisonManifest> ComparisonManifest::from_json(const core::Json& doc) {
  ComparisonManifest m;
  m.tool_version = core::json_string(doc, "quark_ptq_version").value_or("");
  m.created_at = core::json_string(doc, "created_at").value_or("");
  if (const core::Json* b = core::json_object(doc, "built_from")) {
    m.analysis_digest = core::json_string(*b, "analysis_digest").value_or("");
    m.plan_digest = core::json_string(*b, "plan_digest").value_or("");
  }
  m.output_dir = core::json_string(doc, "output_dir").value_or("");
  m.digest = core::json_string(doc, "digest").value_or("");
  const core::Json* list = core::json_array(doc, "candidates");
  if (list == nullptr || list->empty()) return invalid("no candidates");
  std::set<std::string> seen;
  for (const auto& c : *list) {
    ComparisonEntry e;
    e.name = core::json_string(c, "name").value_or("");
    if (!is_candidate_name(e.name)) return invalid("candidate name '" + e.name + "' is not a scheme name");
    if (!seen.insert(e.name).second) return invalid("candidate '" + e.name + "' is listed twice");
    if (core::json_string(c, "workdir").value_or("") != e.workdir()) return invalid("candidate '" + e.name + "' is not in " + e.workdir());
    e.command_digest = core::json_string(c, "command_digest").value_or("");
    e.command = core::json_string(c, "command").value_or("");
    e.output_dir = core::json_string(c, "output_dir").value_or("");
    e.ready = core::json_bool(c, "ready").value_or(false);
    if (const core::Json* est = core::json_object(c, "estimate")) e.estimate = figures_of(*est);
    m.candidates.push_back(std::move(e));
  }
  if (m.digest != m.recomputed_digest()) return invalid("digest " + m.digest + " is not the one its candidates give");
  return m;
}

ComparisonOutputs recorded_outputs(const core::Json& doc) {
  ComparisonOutputs out;
  out.output_dir = core::json_string(doc, "output_dir").value_or("");
  if (const core::Json* list = core::json_array(doc, "candidates")) {
    for (const auto& c : *list) {
      if (auto dir = core::json_string(c, "output_dir")) out.candidate_dirs.push_back(*dir);
    }
  }
  return out;
}

}  // namespace artifacts
