// Calibration and evaluation datasets that `quark-cli torch-llm-ptq` accepts for one Quark
// release (knowledge/quark/<release>/datasets.json), and the CLI's calibration defaults.
#pragma once

#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace knowledge {

struct CalibDataset {
  std::string name;    // the --dataset choice
  std::string hub_id;  // "" when the CLI cannot load it
  bool loadable = true;
  std::string note;
};

// As the release's datasets.json records quark-cli's own defaults (no values here: they are
// the file's).
struct CalibDefaults {
  std::string dataset;
  int num_calib_data = 0;
  int seq_len = 0;
  int batch_size = 0;
  std::string evaluation_dataset;  // --evaluation_dataset, when quark-cli evaluates
};

class DatasetCatalog {
 public:
  static core::Result<DatasetCatalog> load(const std::string& release);
  // knowledge/quark/<release>/datasets.json's document, read strictly.
  static core::Result<DatasetCatalog> from_json(const core::Json& doc, const std::string& release);

  const CalibDefaults& defaults() const { return m_defaults; }
  const std::vector<CalibDataset>& calibration() const { return m_calibration; }
  const CalibDataset* find(const std::string& name) const;
  std::vector<std::string> names() const;
  const std::vector<std::string>& evaluation() const { return m_evaluation; }

 private:
  CalibDefaults m_defaults;
  std::vector<CalibDataset> m_calibration;
  std::vector<std::string> m_evaluation;
};

}  // namespace knowledge
