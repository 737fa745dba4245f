// The estimate against the H100 runs through quark-ptq (tests/fixtures/envprobe/measured/
// h100-runs.json; scripts/device/estimate-h100.sh): three MoE shapes whose estimates had missed
// most, two of them run twice. Runs of one plan (plan_group) are compared as a group: time with
// their median (two runs of the Mixtral plan differ by 14 %, the Qwen3-MoE ones by 12 %), peaks
// with their largest (a memory limit must hold the worse run). Host peaks include the 0.1 s
// samples of the Mixtral plan, which saw the export's short peak that the 2 s monitor missed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

#include "core/json_io.h"
#include "manifest/estimate.h"
#include "manifest/estimate_inputs.h"
#include "support/temp_dir.h"

namespace manifest {
namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;

Estimate estimate_of(const core::Json& run) {
  const std::string dir = run["dir"].get<std::string>();
  auto plan = core::read_json_file(test_support::source_path(dir + "/quant_plan.json"));
  auto analysis = core::read_json_file(test_support::source_path(dir + "/model_analysis.json"));
  EXPECT_TRUE(plan.has_value() && analysis.has_value()) << dir;
  if (!plan || !analysis) return {};
  auto view = read_plan_view(*plan, *analysis);
  EXPECT_TRUE(view.has_value()) << dir;
  if (!view) return {};
  EstimateInputs in = plan_estimate_inputs(*view);
  in.gpus = {{static_cast<std::int64_t>(run["gpu_total_gib"].get<double>() * kGiB),
              static_cast<std::int64_t>(run["gpu_free_gib"].get<double>() * kGiB)}};
  in.cpu_count = run["cpu_count"].get<std::int64_t>();
  auto e = estimate_resources(in);
  EXPECT_TRUE(e.has_value()) << dir;
  return e ? *e : Estimate{};
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Group {
  const core::Json* first = nullptr;  // a run of the plan: its plan and analysis give the estimate
  std::vector<double> seconds, gpu_gib, host_gib;
};

TEST(EstimateCalibration, TheH100Runs) {
  auto doc = core::read_json_file(test_support::source_path("tests/fixtures/envprobe/measured/h100-runs.json"));
  ASSERT_TRUE(doc.has_value());
  ASSERT_GE((*doc)["runs"].size(), 5U);
  std::map<std::string, Group> groups;
  for (const char* list : {"runs", "fine_rss"}) {
    for (const auto& run : (*doc)[list]) {
      Group& g = groups[run["plan_group"].get<std::string>()];
      if (g.first == nullptr) g.first = &run;
      const core::Json& m = run["measured"];
      if (m.contains("quark_cli_seconds")) {
        g.seconds.push_back(m["quark_cli_seconds"].get<double>() + m["after_quark_cli_seconds"].get<double>());
      }
      if (m.contains("gpu_own_mib")) g.gpu_gib.push_back(m["gpu_own_mib"].get<double>() / 1024);
      g.host_gib.push_back(m["host_peak_mib"].get<double>() / 1024);
    }
  }
  ASSERT_EQ(groups.size(), 3U);
  for (const auto& [name, g] : groups) {
    Estimate e = estimate_of(*g.first);
    double seconds = median(g.seconds);
    double gpu = *std::max_element(g.gpu_gib.begin(), g.gpu_gib.end());
    double host = *std::max_element(g.host_gib.begin(), g.host_gib.end());
    double step4 = e.quark_cli_seconds + e.verify_seconds;
    double time_error = (step4 - seconds) / seconds;
    double gpu_error = (e.gpu_peak_gib - gpu) / gpu;
    double host_error = (e.host_peak_gib - host) / host;
    EXPECT_LT(std::abs(time_error), 0.20) << name << ": estimated " << step4 << " s, median measured " << seconds << " s";
    EXPECT_LT(std::abs(gpu_error), 0.15) << name << ": GPU estimated " << e.gpu_peak_gib << " GiB, measured " << gpu << " GiB";
    EXPECT_LT(std::abs(host_error), 0.15) << name << ": host estimated " << e.host_peak_gib << " GiB, measured " << host << " GiB";
    std::printf("%-62s time %6.1f s vs %6.1f (%+5.1f %%)  GPU %5.2f vs %5.2f GiB (%+5.1f %%)  host %5.2f vs %5.2f GiB (%+5.1f %%)\n",
                name.c_str(), step4, seconds, 100 * time_error, e.gpu_peak_gib, gpu, 100 * gpu_error, e.host_peak_gib, host,
                100 * host_error);
  }
}

}  // namespace
}  // namespace manifest
