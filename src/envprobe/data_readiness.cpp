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

DataStatus check_model(const DataNeed& need, const HfPaths& paths) {
  DataStatus s{need.role, need.id, "", "", "", ""};
  if (!need.id.empty() && need.id.front() == '/') {
    bool ok = core::is_regular_file(fs::path(need.id) / "config.json") && weights_complete(need.id);
    s.status = ok ? "local" : "missing";
    s.location = need.id;
    if (!ok) s.fix = "the local model directory " + need.id + " lacks config.json or weight files; fix the directory and analyze it again";
    return s;
  }
  if (auto snap = find_cached_model(paths.hub_cache, need.id, need.revision)) {
    s.status = "cached";
    s.location = snap->string();
    return s;
  }
  // quark-cli cannot pin a Hub revision: a repo id would make it load whatever the default
  // branch holds when it runs, not what was analysed. So the run reads the snapshot of the
  // analysed commit from the cache, and a model not there blocks with the route (issue 18 item 6).
  std::string rev = need.revision.value_or("main");
  s.status = "missing";
  s.fix = "quark-cli cannot pin a Hub revision, so the run reads " + need.id + " at " + rev + " from the Hugging Face cache (" +
          paths.hub_cache.string() + "), which does not hold it complete; download it first (hf download " + need.id + " --revision " +
          rev + "), then run quark-ptq prepare again";
  return s;
}

DataStatus check_dataset(const DataNeed& need, const HfPaths& paths) {
  DataStatus s{need.role, need.id, "", "", "", ""};
  auto facts = knowledge::environment_facts();
  if (!facts) {
    s.status = "missing";
    s.fix = core::msg(core::Lang::en, facts.error().id, facts.error().args);
    return s;
  }
  const HubDataset* hub = (*facts)->dataset(need.id, need.role == "evaluation");
  if (hub == nullptr) {
    s.status = paths.datasets_offline ? "missing" : "network";
    s.fix = "quark-ptq does not know where the dataset " + need.id + " lives on the Hub";
    return s;
  }
  s.hub_id = hub->repo_id + " (" + hub->config + ", " + hub->split + ")";
  if (auto dir = find_cached_dataset(paths.datasets_cache, hub->repo_id, hub->config, hub->split)) {
    s.status = "cached";
    s.location = dir->string();
    return s;
  }
  std::string stage = hub->stage_as.empty() ? "" : "; or stage a local corpus: quark-ptq data stage SOURCE --as " + hub->stage_as;
  if (paths.datasets_offline) {
    s.status = "missing";
    s.fix = hub->repo_id + " is not in the datasets cache (" + paths.datasets_cache.string() +
            ") and offline mode is set; unset HF_HUB_OFFLINE/HF_DATASETS_OFFLINE to let the run download it" + stage;
  } else {
    s.status = "network";
    s.fix = "the run downloads " + hub->repo_id + " after approval" + stage;
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

std::vector<DataStatus> check_data(const std::vector<DataNeed>& needs, const HfPaths& paths) {
  std::vector<DataStatus> out;
  for (const auto& n : needs) out.push_back(n.role == "model" ? check_model(n, paths) : check_dataset(n, paths));
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
