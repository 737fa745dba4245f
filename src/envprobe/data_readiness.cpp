#include "envprobe/data_readiness.h"

#include <cctype>
#include <regex>

#include "core/messages.h"
#include "core/fs.h"

namespace envprobe {

namespace fs = std::filesystem;

namespace {

bool truthy(const std::optional<std::string>& v) {
  if (!v) return false;
  std::string s;
  for (char c : *v) s += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s == "1" || s == "ON" || s == "YES" || s == "TRUE";
}

std::optional<std::string> nonempty(const EnvGetter& getenv, const char* name) {
  auto v = getenv(name);
  if (v && !v->empty()) return v;
  return std::nullopt;
}

bool is_commit(const std::string& s) {
  if (s.size() != 40) return false;
  for (char c : s) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

std::string trim(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s;
}

// Every weight a snapshot needs: the index's shards, else at least one *.safetensors / *.bin.
bool weights_complete(const fs::path& dir) {
  auto index = core::read_json_file(dir / "model.safetensors.index.json");
  if (index) {
    const core::Json* map = core::json_object(*index, "weight_map");
    if (map == nullptr) return false;
    for (const auto& [tensor, file] : map->items()) {
      if (!file.is_string() || !core::is_regular_file(dir / file.get<std::string>())) return false;
    }
    return true;
  }
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    auto ext = e.path().extension();
    if ((ext == ".safetensors" || ext == ".bin") && core::is_regular_file(e.path())) return true;
  }
  return false;
}

// The status's fix as a message with its arguments, and its English text for the report.
void set_fix(DataStatus& s, std::string id, std::vector<core::MessageArg> args) {
  s.fix_id = std::move(id);
  s.fix_args = std::move(args);
  std::vector<core::MessageArg> all = s.fix_args;
  all.push_back({"id", s.id});
  s.fix = core::msg(core::Lang::en, s.fix_id, all);
}

DataStatus check_model(const DataNeed& need, const HfPaths& paths) {
  DataStatus s{need.role, need.id, "", "", "", "", {}, ""};
  if (!need.id.empty() && need.id.front() == '/') {
    bool ok = core::is_regular_file(fs::path(need.id) / "config.json") && weights_complete(need.id);
    s.status = ok ? "local" : "missing";
    s.location = need.id;
    if (!ok) set_fix(s, "envprobe.data.model_local_incomplete", {{"path", need.id}});
    return s;
  }
  if (auto snap = find_cached_model(paths.hub_cache, need.id, need.revision)) {
    s.status = "cached";
    s.location = snap->string();
    return s;
  }
  // quark-cli cannot pin a Hub revision: a repo id would make it load whatever the default
  // branch holds when it runs, not what was analysed. So the run reads the snapshot of the
  // analysed commit from the cache, and a model not there blocks with the route.
  s.status = "missing";
  set_fix(s, "envprobe.data.model_not_cached",
          {{"repo", need.id}, {"revision", need.revision.value_or("main")}, {"cache", paths.hub_cache.string()}});
  return s;
}

DataStatus check_dataset(const DataNeed& need, const HfPaths& paths, const DatasetReachable& reachable) {
  DataStatus s{need.role, need.id, "", "", "", "", {}, ""};
  auto facts = knowledge::environment_facts();
  if (!facts) {
    s.status = "missing";
    set_fix(s, facts.error().id, facts.error().args);
    return s;
  }
  const HubDataset* hub = (*facts)->dataset(need.id, need.role == "evaluation");
  if (hub == nullptr) {
    s.status = paths.datasets_offline ? "missing" : "network";
    set_fix(s, "envprobe.data.dataset_unknown", {});
    return s;
  }
  s.hub_id = hub->repo_id + " (" + hub->config + ", " + hub->split + ")";
  if (auto dir = find_cached_dataset(paths.datasets_cache, hub->repo_id, hub->config, hub->split)) {
    s.status = "cached";
    s.location = dir->string();
    return s;
  }
  // A corpus of our own can stand in for the datasets that `quark-ptq data stage` knows.
  const bool stageable = !hub->stage_as.empty();
  std::vector<core::MessageArg> args = {{"repo", hub->repo_id},
                                        {"cache", paths.datasets_cache.string()},
                                        {"stage_as", hub->stage_as},
                                        {"stage", stageable ? "envprobe.data.or_stage" : "envprobe.data.no_stage"}};
  if (paths.datasets_offline) {
    s.status = "missing";
    set_fix(s, "envprobe.data.offline_not_cached", std::move(args));
  } else if (auto refused = reachable ? reachable(hub->repo_id) : std::nullopt) {
    s.status = "missing";
    args.push_back({"why", refused->why_id});
    args.insert(args.end(), refused->args.begin(), refused->args.end());
    args.push_back({"then", stageable ? "envprobe.data.stage_instead" : "envprobe.data.fill_cache"});
    set_fix(s, "envprobe.data.hub_refused", std::move(args));
  } else {
    s.status = "network";
    set_fix(s, "envprobe.data.download", std::move(args));
  }
  return s;
}

}  // namespace

HfPaths hf_paths(const EnvGetter& getenv) {
  HfPaths p;
  fs::path home = nonempty(getenv, "HOME").value_or("/root");
  fs::path cache = nonempty(getenv, "XDG_CACHE_HOME").value_or((home / ".cache").string());
  fs::path hf_home = nonempty(getenv, "HF_HOME").value_or((cache / "huggingface").string());
  p.hub_cache = nonempty(getenv, "HF_HUB_CACHE").value_or(nonempty(getenv, "HUGGINGFACE_HUB_CACHE").value_or((hf_home / "hub").string()));
  p.datasets_cache = nonempty(getenv, "HF_DATASETS_CACHE").value_or((hf_home / "datasets").string());
  p.hub_offline = truthy(getenv("HF_HUB_OFFLINE"));
  p.datasets_offline = p.hub_offline || truthy(getenv("HF_DATASETS_OFFLINE"));
  return p;
}

std::string camelcase_to_snakecase(const std::string& name) {
  // Exactly datasets.naming: two regex passes, then lower().
  static const std::regex upper_upper("([A-Z]+)([A-Z][a-z])");
  static const std::regex lower_upper("([a-z\\d])([A-Z])");
  std::string s = std::regex_replace(name, upper_upper, "$1_$2");
  s = std::regex_replace(s, lower_upper, "$1_$2");
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::optional<fs::path> find_cached_model(const fs::path& hub_cache, const std::string& repo_id,
                                          const std::optional<std::string>& revision) {
  std::string folder = "models--" + repo_id;
  for (auto pos = folder.find('/'); pos != std::string::npos; pos = folder.find('/')) folder.replace(pos, 1, "--");
  fs::path repo = hub_cache / folder;
  std::string rev = revision.value_or("main");
  std::string commit = rev;
  if (!is_commit(rev)) {
    auto ref = core::read_file(repo / "refs" / rev);
    if (!ref) return std::nullopt;
    commit = trim(*ref);
  }
  fs::path snap = repo / "snapshots" / commit;
  if (!core::is_regular_file(snap / "config.json") || !weights_complete(snap)) return std::nullopt;
  return snap;
}

std::optional<fs::path> find_cached_dataset(const fs::path& datasets_cache, const std::string& repo_id, const std::string& config,
                                            const std::string& split) {
  auto slash = repo_id.find('/');
  std::string name = slash == std::string::npos ? repo_id : repo_id.substr(slash + 1);
  std::string folder =
      slash == std::string::npos ? camelcase_to_snakecase(name) : repo_id.substr(0, slash) + "___" + camelcase_to_snakecase(name);
  fs::path root = datasets_cache / folder / config;
  std::string prefix = camelcase_to_snakecase(name) + "-" + split;
  std::error_code ec;
  for (const auto& version : fs::directory_iterator(root, ec)) {
    std::error_code ec2;
    for (const auto& hash : fs::directory_iterator(version.path(), ec2)) {
      if (!core::is_regular_file(hash.path() / "dataset_info.json")) continue;
      std::error_code ec3;
      for (const auto& f : fs::directory_iterator(hash.path(), ec3)) {
        std::string fname = f.path().filename().string();
        bool arrow = f.path().extension() == ".arrow";
        bool split_match = fname.rfind(prefix, 0) == 0 &&
                           (fname.size() == prefix.size() + 6 || fname[prefix.size()] == '-' || fname[prefix.size()] == '.');
        if (arrow && split_match) return hash.path();
      }
    }
  }
  return std::nullopt;
}

std::vector<DataStatus> check_data(const std::vector<DataNeed>& needs, const HfPaths& paths, const DatasetReachable& reachable) {
  std::vector<DataStatus> out;
  for (const auto& n : needs) out.push_back(n.role == "model" ? check_model(n, paths) : check_dataset(n, paths, reachable));
  return out;
}

core::Json data_status_to_json(const DataStatus& s) {
  core::Json j = {{"role", s.role}, {"id", s.id}, {"status", s.status}};
  if (!s.hub_id.empty()) j["hub"] = s.hub_id;
  if (!s.location.empty()) j["location"] = s.location;
  if (!s.fix.empty()) j["fix"] = s.fix;
  return j;
}

}  // namespace envprobe
