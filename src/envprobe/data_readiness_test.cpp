#include "envprobe/data_readiness.h"

#include <gtest/gtest.h>

#include <map>

#include "support/temp_dir.h"

namespace envprobe {
namespace {

EnvGetter vars(std::map<std::string, std::string> m) {
  return [m](const std::string& name) -> std::optional<std::string> {
    auto it = m.find(name);
    if (it == m.end()) return std::nullopt;
    return it->second;
  };
}

TEST(DataReadiness, CacheLocationsFollowTheHfVariables) {
  HfPaths p = hf_paths(vars({{"HOME", "/h"}}));
  EXPECT_EQ(p.hub_cache, "/h/.cache/huggingface/hub");
  EXPECT_EQ(p.datasets_cache, "/h/.cache/huggingface/datasets");
  EXPECT_FALSE(p.hub_offline);
  HfPaths q = hf_paths(vars({{"HOME", "/h"}, {"HF_HOME", "/hf"}, {"HF_DATASETS_CACHE", "/ds"}, {"HF_HUB_OFFLINE", "1"}}));
  EXPECT_EQ(q.hub_cache, "/hf/hub");
  EXPECT_EQ(q.datasets_cache, "/ds");
  EXPECT_TRUE(q.hub_offline);
  EXPECT_TRUE(q.datasets_offline);
  EXPECT_TRUE(hf_paths(vars({{"HF_DATASETS_OFFLINE", "true"}})).datasets_offline);
  EXPECT_FALSE(hf_paths(vars({{"HF_HUB_OFFLINE", "0"}})).hub_offline);
}

TEST(DataReadiness, SnakeCaseLikeDatasets) {
  EXPECT_EQ(camelcase_to_snakecase("pile-val-backup"), "pile-val-backup");
  EXPECT_EQ(camelcase_to_snakecase("PileValBackup"), "pile_val_backup");
  EXPECT_EQ(camelcase_to_snakecase("HTTPServer"), "http_server");
  EXPECT_EQ(camelcase_to_snakecase("ultrachat_200k"), "ultrachat_200k");
}

TEST(DataReadiness, HubCacheModelNeedsEveryShard) {
  test_support::TempDir tmp;
  auto hub = tmp.path() / "hub";
  tmp.write("hub/models--org--m/refs/main", "abc123\n");
  tmp.write("hub/models--org--m/snapshots/abc123/config.json", "{}");
  tmp.write("hub/models--org--m/snapshots/abc123/model.safetensors.index.json",
            R"({"weight_map": {"a": "model-00001-of-00002.safetensors", "b": "model-00002-of-00002.safetensors"}})");
  tmp.write("hub/models--org--m/snapshots/abc123/model-00001-of-00002.safetensors", "x");
  EXPECT_FALSE(find_cached_model(hub, "org/m", std::nullopt).has_value());  // a shard is missing
  tmp.write("hub/models--org--m/snapshots/abc123/model-00002-of-00002.safetensors", "x");
  auto snap = find_cached_model(hub, "org/m", std::nullopt);
  ASSERT_TRUE(snap.has_value());
  EXPECT_EQ(snap->filename(), "abc123");
  EXPECT_FALSE(find_cached_model(hub, "org/m", std::string("v2")).has_value());  // no such ref
}

TEST(DataReadiness, DatasetsCacheLayoutThatWorksOffline) {
  test_support::TempDir tmp;
  auto ds = tmp.path() / "ds";
  EXPECT_FALSE(find_cached_dataset(ds, "Salesforce/wikitext", "wikitext-2-raw-v1", "test").has_value());
  tmp.write("ds/Salesforce___wikitext/wikitext-2-raw-v1/0.0.0/h1/dataset_info.json", "{}");
  tmp.write("ds/Salesforce___wikitext/wikitext-2-raw-v1/0.0.0/h1/wikitext-train.arrow", "x");
  EXPECT_FALSE(find_cached_dataset(ds, "Salesforce/wikitext", "wikitext-2-raw-v1", "test").has_value());  // other split
  tmp.write("ds/Salesforce___wikitext/wikitext-2-raw-v1/0.0.0/h1/wikitext-test.arrow", "x");
  EXPECT_TRUE(find_cached_dataset(ds, "Salesforce/wikitext", "wikitext-2-raw-v1", "test").has_value());
  // sharded arrow files
  tmp.write("ds/mit-han-lab___pile-val-backup/default/0.0.0/h2/dataset_info.json", "{}");
  tmp.write("ds/mit-han-lab___pile-val-backup/default/0.0.0/h2/pile-val-backup-validation-00000-of-00002.arrow", "x");
  EXPECT_TRUE(find_cached_dataset(ds, "mit-han-lab/pile-val-backup", "default", "validation").has_value());
}

TEST(DataReadiness, StatusesAndFixes) {
  test_support::TempDir tmp;
  tmp.write("model/config.json", "{}");
  tmp.write("model/model.safetensors", "x");
  HfPaths offline{tmp.path() / "hub", tmp.path() / "ds", true, true};
  auto s = check_data({{"model", (tmp.path() / "model").string(), std::nullopt},
                       {"model", "org/absent", std::nullopt},
                       {"calibration", "pileval", std::nullopt},
                       {"evaluation", "wikitext", std::nullopt}},
                      offline);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0].status, "local");
  EXPECT_EQ(s[1].status, "missing");
  EXPECT_NE(s[1].fix.find("hf download org/absent --revision main"), std::string::npos);
  EXPECT_EQ(s[2].status, "missing");
  EXPECT_NE(s[2].fix.find("quark-ptq data stage SOURCE --as pileval"), std::string::npos);
  EXPECT_EQ(s[3].hub_id, "Salesforce/wikitext (wikitext-2-raw-v1, test)");
  HfPaths online{tmp.path() / "hub", tmp.path() / "ds", false, false};
  auto n = check_data({{"model", "org/absent", std::nullopt}, {"calibration", "pileval", std::nullopt}}, online);
  // quark-cli cannot pin a revision: a Hub model is never left for the run to download
  EXPECT_EQ(n[0].status, "missing");
  EXPECT_NE(n[0].fix.find("cannot pin a Hub revision"), std::string::npos);
  EXPECT_EQ(n[1].status, "network");
}

}  // namespace
}  // namespace envprobe
