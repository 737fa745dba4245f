// Calibration and evaluation datasets that `quark-cli torch-llm-ptq` accepts for one Quark
// release (knowledge/quark/<release>/datasets.json), and the CLI's calibration defaults.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace knowledge {

struct CalibDataset {
  std::string name;    // the --dataset choice
  std::string hub_id;  // "" when the CLI cannot load it
  bool loadable = true;
  std::string note;
};

struct CalibDefaults {
  std::string dataset = "pileval";
  int num_calib_data = 512;
  int seq_len = 512;
  int batch_size = 1;
};

class DatasetCatalog {
 public:
  static core::Result<DatasetCatalog> load(const std::string& release);

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
