#include "knowledge/environment.h"

#include "core/embedded.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/environment.json";

std::map<std::string, HubDataset, std::less<>> datasets(StrictFields& f, const core::Json& doc, const std::string& key) {
  std::map<std::string, HubDataset, std::less<>> out;
  for (const auto& [name, e] : f.object(doc, "", key).items()) {
    std::string at = "/" + key + "/" + name;
    HubDataset d{f.string(e, at, "repo_id"), f.string(e, at, "config"), f.string(e, at, "split"), ""};
    if (e.contains("stage_as")) d.stage_as = f.string(e, at, "stage_as");
    out.emplace(name, std::move(d));
  }
  return out;
}

core::Result<EnvironmentFacts> parse() {
  auto text = core::embedded_file(kPath);
  if (!text) return core::fail(data_missing(kPath));
  QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
  StrictFields f{std::string(kPath)};
  EnvironmentFacts k;
  for (const auto& [release, body] : f.object(doc, "", "requirements").items()) {
    std::string at = "/requirements/" + release;
    ReleaseRequirements r;
    r.python = f.string(body, at, "python");
    for (const auto& [name, p] : f.object(body, at, "packages").items()) {
      std::string pat = at + "/packages/" + name;
      r.packages.push_back({name, f.string(p, pat, "spec"), f.string(p, pat, "fix")});
    }
    r.cpu_only_works = f.boolean(f.object(body, at, "cpu_only"), at + "/cpu_only", "works");
    k.requirements.emplace(release, std::move(r));
  }
  k.default_quark_version = f.string(doc, "", "default_quark_version");
  const core::Json& by_major = f.object(f.object(doc, "", "nvidia_driver_minimum"), "/nvidia_driver_minimum", "by_cuda_major");
  for (const auto& [major, version] : by_major.items()) {
    k.nvidia_driver_minimum.emplace(major, f.string(by_major, "/nvidia_driver_minimum/by_cuda_major", major));
  }
  k.calibration_datasets = datasets(f, doc, "calibration_datasets");
  k.evaluation_datasets = datasets(f, doc, "evaluation_datasets");
  QPTQ_TRY(f.result());
  if (k.requirements.count(k.default_quark_version) == 0) {
    return core::fail(data_invalid(kPath, "/default_quark_version names no release under /requirements"));
  }
  return k;
}

}  // namespace

const HubDataset* EnvironmentFacts::dataset(std::string_view cli_name, bool evaluation) const {
  const auto& table = evaluation ? evaluation_datasets : calibration_datasets;
  auto it = table.find(cli_name);
  return it != table.end() ? &it->second : nullptr;
}

core::Result<const EnvironmentFacts*> environment_facts() {
  static const core::Result<EnvironmentFacts> k = parse();
  if (!k) return k.error();
  return &k.value();
}

}  // namespace knowledge
