// Offline readiness, checked before the gate: can the run reach the model weights, the
// calibration dataset and (unless evaluation is skipped) the evaluation dataset? Each is
// "local" (a local model directory), "cached" (in the Hugging Face cache, in the layout the
// libraries read offline), "network" (not cached; the run downloads it after approval) or
// "missing" (not cached and HF_HUB_OFFLINE / HF_DATASETS_OFFLINE forbid the network).
// Reads the disk only; nothing is downloaded.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "envprobe/python_env.h"
#include "knowledge/environment.h"

namespace envprobe {

struct HfPaths {
  std::filesystem::path hub_cache;       // HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub
  std::filesystem::path datasets_cache;  // HF_DATASETS_CACHE, else $HF_HOME/datasets, else ~/.cache/huggingface/datasets
  bool hub_offline = false;              // HF_HUB_OFFLINE
  bool datasets_offline = false;         // HF_DATASETS_OFFLINE or HF_HUB_OFFLINE
};

HfPaths hf_paths(const EnvGetter& getenv = process_env);

// datasets.naming.camelcase_to_snakecase: "PileValBackup" -> "pile_val_backup"
std::string camelcase_to_snakecase(const std::string& name);

// The snapshot directory holding config.json and every weight file of `repo_id`.
std::optional<std::filesystem::path> find_cached_model(const std::filesystem::path& hub_cache, const std::string& repo_id,
                                                       const std::optional<std::string>& revision);
// The prepared dataset folder (dataset_info.json + <name>-<split>*.arrow) for repo/config/split.
std::optional<std::filesystem::path> find_cached_dataset(const std::filesystem::path& datasets_cache, const std::string& repo_id,
                                                         const std::string& config, const std::string& split);

struct DataNeed {
  std::string role;  // "model", "calibration", "evaluation"
  std::string id;    // repo id, local path, or the CLI dataset name
  std::optional<std::string> revision;
};

struct DataStatus {
  std::string role;
  std::string id;
  std::string hub_id;    // datasets: the Hub repo behind the CLI name
  std::string status;    // local, cached, network, missing
  std::string location;  // where it was found
  std::string fix;       // English, one line; empty when nothing to do
};

// The CLI dataset name -> Hub repo/config/split (knowledge/environment.json).
using HubDataset = knowledge::HubDataset;

std::vector<DataStatus> check_data(const std::vector<DataNeed>& needs, const HfPaths& paths);

core::Json data_status_to_json(const DataStatus& s);

}  // namespace envprobe
