#include "knowledge/calib_datasets.h"

#include "knowledge/release_data.h"

namespace knowledge {

core::Result<DatasetCatalog> DatasetCatalog::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "datasets"));
  DatasetCatalog cat;
  if (const core::Json* d = core::json_object(doc, "defaults")) {
    cat.m_defaults.dataset = core::json_string(*d, "dataset").value_or(cat.m_defaults.dataset);
    cat.m_defaults.num_calib_data = static_cast<int>(core::json_int(*d, "num_calib_data").value_or(512));
    cat.m_defaults.seq_len = static_cast<int>(core::json_int(*d, "seq_len").value_or(512));
    cat.m_defaults.batch_size = static_cast<int>(core::json_int(*d, "batch_size").value_or(1));
  }
  if (const core::Json* list = core::json_array(doc, "calibration")) {
    for (const auto& e : *list) {
      CalibDataset c;
      c.name = core::json_string(e, "name").value_or("");
      c.hub_id = core::json_string(e, "hub_id").value_or("");
      c.loadable = core::json_bool(e, "loadable").value_or(true);
      c.note = core::json_string(e, "note").value_or("");
      cat.m_calibration.push_back(std::move(c));
    }
  }
  cat.m_evaluation = core::json_string_list(doc, "evaluation");
  return cat;
}

const CalibDataset* DatasetCatalog::find(const std::string& name) const {
  for (const auto& c : m_calibration) {
    if (c.name == name) {
      return &c;
    }
  }
  return nullptr;
}

std::vector<std::string> DatasetCatalog::names() const {
  std::vector<std::string> out;
  for (const auto& c : m_calibration) {
    out.push_back(c.name);
  }
  return out;
}

}  // namespace knowledge
