// ANSI stripping, line splitting, tqdm parsing and stage detection on quark-style output.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "runner/ansi.h"
#include "runner/gpu_memory.h"
#include "runner/line_splitter.h"
#include "runner/log_watch.h"
#include "core/fs.h"
#include "core/text.h"
#include "support/temp_dir.h"

namespace runner {
namespace {

TEST(Ansi, StripsColoursAndCursorMoves) {
  EXPECT_EQ(strip_ansi("\x1b[32m\n[QUARK-INFO]: Loading model ...\x1b[0m"), "\n[QUARK-INFO]: Loading model ...");
  EXPECT_EQ(strip_ansi("a\x1b[2K\x1b[1Gb"), "ab");
  EXPECT_EQ(strip_ansi("x\x1b]0;title\x07y"), "xy");
  EXPECT_EQ(strip_ansi("plain ü"), "plain ü");
  EXPECT_EQ(strip_ansi("end\x1b"), "end");
}

TEST(LineSplitter, SplitsOnNewlineAndCarriageReturnAcrossChunks) {
  std::vector<std::pair<std::string, bool>> got;
  LineSplitter s([&](std::string_view l, bool cr) { got.emplace_back(std::string(l), cr); });
  s.feed("ab");
  s.feed("c\n 10%|#\r 20%|##\rdone\r\nlast");
  s.finish();
  ASSERT_EQ(got.size(), 5u);
  EXPECT_EQ(got[0], std::make_pair(std::string("abc"), false));
  EXPECT_EQ(got[1], std::make_pair(std::string(" 10%|#"), true));
  EXPECT_EQ(got[3], std::make_pair(std::string("done"), true));
  EXPECT_EQ(got[4], std::make_pair(std::string("last"), false));
}

TEST(Tqdm, ParsesPercentLabelAndPosition) {
  auto p = parse_tqdm("Calibrating:  45%|####5     | 9/20 [00:05<00:06,  1.80it/s]");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->percent, 45);
  EXPECT_EQ(p->label, "Calibrating");
  EXPECT_EQ(p->position, "9/20");
  EXPECT_FALSE(parse_tqdm("[QUARK-INFO]: Loading model ..."));
  EXPECT_FALSE(parse_tqdm("a | b"));
}

// The percentage is the child's text: a number atoi would overflow (undefined behaviour, and
// under UBSan an abort of the monitor) or one over 100 is no progress bar.
TEST(Tqdm, PercentagesOutOfRangeAreNoBar) {
  EXPECT_FALSE(parse_tqdm("Calibrating: 99999999999999999999%|####| 1/2"));
  EXPECT_FALSE(parse_tqdm("Calibrating: 250%|####| 1/2"));
  auto full = parse_tqdm("Export: 100%|##########| 2/2");
  ASSERT_TRUE(full);
  EXPECT_EQ(full->percent, 100);
}

TEST(LogWatch, FollowsQuarkMilestonesAndPerplexity) {
  auto w = LogWatch::from_knowledge();
  ASSERT_TRUE(w) << w.error().detail;
  const char* lines[] = {
      "[QUARK-INFO]: Working directory is now=/x/quark/experimental/cli/torch_llm/llm_ptq/",
      "[QUARK-INFO]: Loading model ...",
      "[QUARK-INFO]: Initializing tokenizer from /m",
      "[QUARK-INFO]: Loading dataset ...",
      "[QUARK-INFO]: Exporting hugging face format safetensors...",
      "[QUARK-INFO]: hf_format quantized model exported to /o successfully.",
      "[QUARK-INFO]: Evaluating ...",
      "[QUARK-INFO]: Perplexity: 9.7312",
  };
  double t = 0;
  for (const char* l : lines) w->feed(l, false, t += 1, "ts");
  // A calibration bar starts quantizing between dataset and export.
  EXPECT_FALSE(w->feed("Calibrating:  50%|#####     | 1/2 [00:01<00:01]", true, 3.5, "ts"));
  w->finish(10);
  std::vector<std::string> names;
  for (const auto& s : w->stages()) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"loading_model", "loading_dataset", "exporting", "evaluating"}));
  EXPECT_TRUE(w->export_done());
  ASSERT_TRUE(w->perplexity());
  EXPECT_DOUBLE_EQ(*w->perplexity(), 9.7312);
  EXPECT_DOUBLE_EQ(w->stages().back().seconds, 3);
}

TEST(LogWatch, CalibrationBarBeginsQuantizing) {
  auto w = LogWatch::from_knowledge();
  ASSERT_TRUE(w);
  w->feed("[QUARK-INFO]: Loading dataset ...", false, 1, "ts");
  EXPECT_TRUE(w->feed("Calibrating:   5%|5         | 1/20 [00:01<00:19]", true, 2, "ts"));
  EXPECT_EQ(w->current_stage(), "quantizing");
  w->feed("Calibrating:  10%|#         | 2/20 [00:02<00:18]", true, 3, "ts");
  EXPECT_EQ(w->stages().back().progress, "2/20");
  EXPECT_FALSE(w->export_done());
  EXPECT_FALSE(w->perplexity());
}

TEST(GpuMemory, ParsesVendorToolOutput) {
  auto n = parse_nvidia_smi("1024\n2048\n");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->total_used_mib(), 3072);
  auto r = parse_rocm_smi_json(R"J({"card0": {"VRAM Total Memory (B)": "206141652992", "VRAM Total Used Memory (B)": "1073741824"}})J");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->total_used_mib(), 1024);
  auto a = parse_amd_smi_json(
      R"([{"gpu": 0, "mem_usage": {"total_vram": {"value": 196592, "unit": "MB"}, "used_vram": {"value": 283, "unit": "MB"}}}])");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->total_used_mib(), 283);
  EXPECT_FALSE(parse_nvidia_smi("No devices were found"));
}

// On a shared GPU the device total includes other jobs (docs/gpu-runs.md: another process held
// 132 GiB while quark-cli had 6): the run's own share comes from the per-process list.
TEST(GpuMemory, OwnShareComesFromTheProcessList) {
  auto apps = parse_nvidia_smi_apps("703, 135240\n4242, 6071\n4250, 12\n");
  ASSERT_EQ(apps.size(), 3u);
  EXPECT_EQ(apps[0].pid, 703);
  EXPECT_EQ(apps[0].used_mib, 135240);
  EXPECT_EQ(memory_of(apps, {4242, 4250, 4251}), 6083);
  EXPECT_FALSE(memory_of(apps, {1, 2}));  // not listed: unknown, not zero
  EXPECT_TRUE(parse_nvidia_smi_apps("No running processes found\n").empty());
  // Recorded on the H200 container: nvidia-smi lists the process under the PID it sees itself
  // (tests/fixtures/runner/h200-compute-apps.txt: a Python process holding 1 GiB).
  auto real = core::read_file(test_support::source_path("tests/fixtures/runner/h200-compute-apps.txt"));
  ASSERT_TRUE(real);
  auto lines = core::split_lines(*real);
  ASSERT_GE(lines.size(), 2u);
  int pid = std::atoi(std::string(lines[0].substr(lines[0].rfind(' ') + 1)).c_str());
  auto listed = parse_nvidia_smi_apps(std::string(lines[1]) + "\n");
  EXPECT_EQ(memory_of(listed, {pid}), 1542);
  EXPECT_TRUE(parse_nvidia_smi_apps("").empty());
}

}  // namespace
}  // namespace runner

namespace runner {
namespace {

// A real quark-cli 0.13 run on an H200 (Llama-3.1-8B, fp8, with evaluation): every stage is
// found from the real milestone lines, the export is seen, the perplexity is parsed.
TEST(LogWatch, FollowsARealQuark013Run) {
  auto raw = core::read_file(test_support::source_path("tests/fixtures/diagnose/real/0.13-h200-llama8b_fp8_eval.success.log"));
  ASSERT_TRUE(raw);
  auto w = LogWatch::from_knowledge();
  ASSERT_TRUE(w);
  double t = 0;
  LineSplitter split([&](std::string_view l, bool cr) { w->feed(strip_ansi(l), cr, t += 0.01, "ts"); });
  split.feed(*raw);
  split.finish();
  std::vector<std::string> names;
  for (const auto& s : w->stages()) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"loading_model", "loading_dataset", "quantizing", "exporting", "evaluating"}));
  EXPECT_TRUE(w->export_done());
  ASSERT_TRUE(w->perplexity());
  EXPECT_DOUBLE_EQ(*w->perplexity(), 309108.3125);
}

}  // namespace
}  // namespace runner

namespace runner {
namespace {

struct Followed {
  std::vector<std::string> stages;
  bool export_done = false;
};

Followed follow(const std::string& fixture) {
  Followed f;
  auto raw = core::read_file(test_support::source_path("tests/fixtures/diagnose/real/" + fixture));
  EXPECT_TRUE(raw) << fixture;
  auto w = LogWatch::from_knowledge();
  EXPECT_TRUE(w);
  if (!raw || !w) return f;
  double t = 0;
  LineSplitter split([&](std::string_view l, bool cr) { w->feed(strip_ansi(l), cr, t += 0.01, "ts"); });
  split.feed(*raw);
  split.finish();
  for (const auto& s : w->stages()) f.stages.push_back(s.name);
  f.export_done = w->export_done();
  return f;
}

// Runs through quark-ptq on the H200 (docs/gpu-runs.md): AWQ and MX print other progress bars
// than fp8 between the same milestones; a run cut during export has not exported.
TEST(LogWatch, FollowsRealAwqMxAndCutRuns) {
  const std::vector<std::string> all = {"loading_model", "loading_dataset", "quantizing", "exporting"};
  Followed awq = follow("0.13-h200-llama8b_8l_int4_awq.success.log");
  EXPECT_EQ(awq.stages, all);
  EXPECT_TRUE(awq.export_done);
  Followed mx = follow("0.13-h200-llama8b_mxfp4.success.log");
  EXPECT_EQ(mx.stages, all);
  EXPECT_TRUE(mx.export_done);
  Followed cut = follow("0.13-h200-llama8b_int4_awq.cut_in_export.log");
  EXPECT_EQ(cut.stages, all);
  EXPECT_FALSE(cut.export_done);
}

}  // namespace
}  // namespace runner
