// What the user asked for on `quark-ptq plan`. Empty / nullopt means "let the planner decide".
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace plan {

struct PlanOptions {
  std::string target;                                          // --target
  std::string priority = "balanced";                           // --priority accuracy|balanced|size
  std::string scheme;                                          // --scheme
  std::string kv_cache;                                        // --kv-cache
  std::vector<std::string> algorithms;                         // --algo a,b
  std::vector<std::pair<std::string, std::string>> overrides;  // --override PATTERN=SCHEME
  std::vector<std::string> excludes;                           // --exclude PATTERN (replaces the template defaults)
  std::string calib_dataset;                                   // --calib-dataset
  std::optional<int> calib_samples;                            // --calib-samples
  std::optional<int> seq_len;                                  // --seq-len
  std::optional<int> batch_size;                               // --batch-size
  std::string eval;                                            // --eval none|smoke|full
  std::string eval_text;                                       // --eval-text FILE: held-out text for the evaluation
  bool multi_device = false;                                   // --multi-device
  bool trust_remote_code = false;                              // --trust-remote-code
  std::string python;                                          // --python
  std::string quark_version;                                   // --quark-version
  bool write_template = false;                                 // --write-template
};

}  // namespace plan
