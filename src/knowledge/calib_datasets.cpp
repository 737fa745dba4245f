#include "knowledge/calib_datasets.h"

#include "knowledge/release_data.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

core::Result<DatasetCatalog> DatasetCatalog::load(const std::string& release) {
  QPTQ_TRY_ASSIGN(core::Json doc, load_release_file(release, "datasets"));
  return from_json(doc, release);
}

core::Result<DatasetCatalog> DatasetCatalog::from_json(const core::Json& doc, const std::string& release) {
  StrictFields f{"knowledge/quark/" + release + "/datasets.json"};
  DatasetCatalog cat;
  const core::Json& d = f.object(doc, "", "defaults");
  cat.m_defaults.dataset = f.string(d, "/defaults", "dataset");
  cat.m_defaults.num_calib_data = static_cast<int>(f.integer(d, "/defaults", "num_calib_data"));
  cat.m_defaults.seq_len = static_cast<int>(f.integer(d, "/defaults", "seq_len"));
  cat.m_defaults.batch_size = static_cast<int>(f.integer(d, "/defaults", "batch_size"));
  cat.m_defaults.evaluation_dataset = f.string(d, "/defaults", "evaluation_dataset");
  const core::Json& list = f.array(doc, "", "calibration");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string at = "/calibration/" + std::to_string(i);
    CalibDataset c;
    c.name = f.string(list[i], at, "name");
    // null: a choice quark-cli lists but cannot load from the Hub
    c.hub_id = f.optional_string(list[i], at, "hub_id").value_or("");
    c.loadable = f.boolean(list[i], at, "loadable");
    c.note = f.optional_string(list[i], at, "note").value_or("");
    cat.m_calibration.push_back(std::move(c));
  }
  cat.m_evaluation = f.strings(doc, "", "evaluation");
  QPTQ_TRY(f.result());
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
