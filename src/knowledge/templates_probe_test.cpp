// The shipped template data must say what the REAL amd-quark says: every probe captured from
// an installed release (tests/fixtures/quark/<release>/<host>/probe.json) is compared with
// knowledge/quark/<release>/templates.json, template by template, field by field.
#include <gtest/gtest.h>

#include <set>

#include "core/json_io.h"
#include "knowledge/templates.h"
#include "support/temp_dir.h"

namespace {

// The probe writes a one-pattern field as a string, the shipped data always as a list.
std::vector<std::string> as_list(const core::Json& entry, const char* field) {
  auto one = core::json_string(entry, field);
  return one ? std::vector<std::string>{*one} : core::json_string_list(entry, field);
}

void expect_matches_probe(const std::string& release, const std::string& probe_path) {
  SCOPED_TRACE(probe_path);
  auto probe = core::read_json_file(test_support::source_path(probe_path));
  ASSERT_TRUE(probe) << probe.error().detail;
  auto set = knowledge::template_set(release);
  ASSERT_TRUE(set);
  const auto& shipped = (*set)->templates;

  std::set<std::string> probed;
  for (const auto& name : core::json_string_list(*probe, "templates")) probed.insert(name);
  std::set<std::string> ours;
  for (const auto& [name, t] : shipped) ours.insert(name);
  EXPECT_EQ(ours, probed);

  const core::Json* per = core::json_object(*probe, "per_template");
  ASSERT_NE(per, nullptr);
  for (const auto& [name, entry] : per->items()) {
    SCOPED_TRACE(name);
    auto it = shipped.find(name);
    ASSERT_NE(it, shipped.end());
    EXPECT_EQ(it->second.kv_layers_name, as_list(entry, "kv_layers_name"));
    EXPECT_EQ(it->second.q_layer_name, as_list(entry, "q_layer_name"));
    EXPECT_EQ(it->second.exclude_layers_name, as_list(entry, "exclude_layers_name"));
    EXPECT_EQ(it->second.gate_up_layers_name, as_list(entry, "gate_up_layers_name"));
  }
}

TEST(TemplatesProbe, Quark012MatchesTheRealProbe) { expect_matches_probe("0.12", "tests/fixtures/quark/0.12/cpu/probe.json"); }

TEST(TemplatesProbe, Quark013MatchesTheRealProbes) {
  expect_matches_probe("0.13", "tests/fixtures/quark/0.13/cpu/probe.json");
  expect_matches_probe("0.13", "tests/fixtures/quark/0.13/h200/probe.json");
}

}  // namespace
