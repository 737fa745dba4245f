// The PTQ algorithms of one Quark release (knowledge/quark/<release>/algorithms.json): which
// model types have a built-in configuration for each (an algorithm without one fails inside
// quark-cli after the model has loaded), and which scheme families each suits.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.h"

namespace knowledge {

struct Algorithm {
  std::string name;
  std::vector<std::string> suits_families;           // scheme families it is designed for
  std::vector<std::string> model_types_with_config;  // built-in configs

  bool has_config_for(const std::string& model_type) const;
  bool suits(const std::string& family) const;
};

class AlgorithmCatalog {
 public:
  static core::Result<AlgorithmCatalog> load(const std::string& release);

  bool verified() const { return m_verified; }
  const std::vector<Algorithm>& all() const { return m_algorithms; }
  const Algorithm* find(const std::string& name) const;
  std::vector<std::string> names() const;
  // Old names and their current one ("quarot" -> "rotation").
  const std::map<std::string, std::string>& renamed() const { return m_renamed; }

 private:
  bool m_verified = false;
  std::vector<Algorithm> m_algorithms;
  std::map<std::string, std::string> m_renamed;
};

}  // namespace knowledge
