// Offline readiness, checked before the gate: can the run reach the model weights, the
// calibration dataset and (unless evaluation is skipped) the evaluation dataset? Each is
// "local" (a local model directory), "cached" (in the Hugging Face cache, in the layout the
// libraries read offline), "network" (not cached; the run downloads it after approval) or
// "missing" (not cached, and HF_HUB_OFFLINE / HF_DATASETS_OFFLINE forbid the network or the
// Hub cannot be reached from here). Reads the disk, and asks a DatasetReachable about a dataset
// the run would download: a host without a route to the Hub would otherwise pass the gate and
// spend the run's first minute retrying. Nothing is downloaded.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"
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
  // What to do, as a message (envprobe.data.*) and its arguments, so that it is read in the
  // person's language; `fix` is its English text for the report. Empty when nothing to do.
  std::string fix_id;
  std::vector<core::MessageArg> fix_args;
  std::string fix;
};

// The CLI dataset name -> Hub repo/config/split (knowledge/environment.json).
using HubDataset = knowledge::HubDataset;

// Why the run could not download a Hub dataset from here: a message of the envprobe.hub.*
// family and its arguments.
struct HubRefusal {
  std::string why_id;
  std::vector<core::MessageArg> args;
};
// Asked about the Hub dataset `repo_id`: nothing when the run could download it.
using DatasetReachable = std::function<std::optional<HubRefusal>(const std::string& repo_id)>;

// `reachable` empty: a dataset that is not cached is taken as downloadable ("network").
std::vector<DataStatus> check_data(const std::vector<DataNeed>& needs, const HfPaths& paths, const DatasetReachable& reachable = {});

core::Json data_status_to_json(const DataStatus& s);

}  // namespace envprobe
