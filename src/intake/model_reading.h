// Step 1's reading: everything intake learns from a model's files, before anything is
// judged or written. The file listing, config.json (and whether generation_config.json
// parses), the tokenizer files, the Quark templates for the model_type, and the weights:
// the exact inventory from the safetensors headers, or, without them, an estimate from the
// config. No tensor data is read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "intake/config_facts.h"
#include "intake/estimate.h"
#include "intake/linear_inventory.h"
#include "intake/model_files.h"
#include "intake/oracle_linears.h"
#include "intake/template_match.h"
#include "intake/weight_files.h"
#include "knowledge/model_families.h"

namespace intake {

struct ModelReading {
  std::vector<FileEntry> listing;
  ModelFacts facts;
  bool has_generation_config = false;
  std::optional<std::string> invalid_generation_config;  // where it is, when it does not parse
  std::vector<std::string> tokenizer_files;              // in listing order
  // tokenizer_config.json's auto_map targets ("tokenization_x.XTokenizer", ...): custom
  // tokenizer code in the model repo. quark-cli 0.13 loads the tokenizer with
  // trust_remote_code=True whatever its command line says, so this code would run.
  std::vector<std::string> tokenizer_auto_map;
  // For model types whose pad token quark-cli forces to a fixed id (knowledge/quark/<release>/
  // tokenizer_fixups.json): that id and the largest id tokenizer.json defines (nullopt when
  // there is no tokenizer.json to read). Read only for those model types.
  std::optional<std::int64_t> forced_pad_token_id;
  std::optional<std::int64_t> tokenizer_max_id;
  TemplateMatch templates;
  WeightFiles weights;
  std::uint64_t header_bytes = 0;            // 8 + the JSON header, over the shards read
  std::uint64_t declared_bytes = 0;          // the shards' file sizes
  std::vector<std::string> unknown_dtypes;   // first seen first
  std::vector<std::string> empty_shards;     // shards whose header lists no tensor ("{}")
  std::optional<LinearInventory> inventory;  // when every shard's header was read
  std::optional<Estimate> estimate;          // otherwise: counted from the config
  // Where `inventory` comes from: "safetensors_headers", or "model_oracle" when there were no
  // headers to read and the caller handed in the oracle's Linear set.
  std::string inventory_source = "safetensors_headers";
  // The model oracle as the caller handed it in (nullopt: not asked), for the record and the
  // forward-pass risk.
  std::optional<OracleLinears> oracle;

  bool exact() const { return inventory.has_value(); }
};

struct ReadOptions {
  MissingShards missing_shards = MissingShards::fail;
  // Threads that read shard headers (0: as many as pay on this machine). The reading and the
  // error reported are the same for any count.
  unsigned header_threads = 0;
  // The model oracle's answer, used instead of the config estimate when there are no headers.
  const OracleLinears* oracle = nullptr;
};

// Errors are bad input (config missing or malformed, a broken header or index, an index
// that disagrees with a header) or whatever `files` fails with (the network).
core::Result<ModelReading> read_model(ModelFiles& files, const knowledge::ModelFamilies& fam, const ReadOptions& options);

}  // namespace intake
