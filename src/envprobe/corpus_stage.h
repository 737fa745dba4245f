// `quark-ptq data stage`: puts a local corpus (.txt, .jsonl or .parquet with a text column)
// into the Hugging Face datasets cache under the ids quark-cli loads (pileval ->
// mit-han-lab/pile-val-backup, wikitext -> Salesforce/wikitext wikitext-2-raw-v1), so that
// calibration and evaluation work with HF_HUB_OFFLINE=1. The cache files are written by the
// real `datasets` library of the chosen Python environment, running the embedded script
// knowledge/probes/stage_hf_dataset.py (see docs/quark-facts.md for the layout); afterwards
// the same lookup that prepare's offline-readiness check uses must find every staged split.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace envprobe {

struct StageRequest {
  std::filesystem::path corpus;          // absolute
  std::vector<std::string> targets;      // "pileval", "wikitext"
  std::string python;                    // interpreter that has `datasets`
  std::filesystem::path datasets_cache;  // where the datasets library reads offline
};

struct StagedSplit {
  std::string target;
  std::string repo_id;
  std::string config;
  std::string split;
  std::filesystem::path path;  // the folder prepare's readiness check finds
  std::int64_t rows = 0;
};

struct StageResult {
  std::int64_t records = 0;
  std::string corpus_sha256;
  std::string datasets_version;
  std::vector<StagedSplit> splits;
  core::Json to_json() const;
};

// The targets `data stage --as` accepts.
const std::vector<std::string>& stage_targets();

core::Result<StageResult> stage_corpus(const StageRequest& req);

}  // namespace envprobe
