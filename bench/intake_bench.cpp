// intake_bench [DIR] [RUNS]: generates a DeepSeek-V3-sized checkpoint of header-only sparse
// shards (163 shards, ~46k tensors, ~5.9 MB of headers, ~1.37 TB declared) and measures, on
// the same files in the same run:
//   quark-ptq   the whole `quark-ptq analyze DIR` process (median wall and CPU time, peak RSS)
//   python (a)  an in-process loop of json.loads over the 163 headers (loop wall and CPU
//               time, peak RSS)
//   python (b)  interpreter start + import transformers, safetensors + AutoConfig +
//               safe_open over every shard, when those packages are importable
//               ($QPTQ_BENCH_PYTHON, else this checkout's .venv-quark/bin/python, else python3).
// Results go to stdout as a Markdown table (for docs/benchmarks.md). Not a test.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/atomic_file.h"
#include "core/fs.h"
#include "core/json_io.h"
#include "deepseek_v3_layout.h"
#include "support/safetensors_writer.h"

extern char** environ;

namespace {

namespace fs = std::filesystem;

struct Run {
  int status = -1;
  double seconds = 0;
  double cpu_seconds = 0;  // user + system of the child
  long peak_rss_kb = 0;
  std::string out;
};

// posix_spawn + wait4 for the child's own peak RSS; stdout captured through a file.
Run run(const std::vector<std::string>& argv, const fs::path& out_file) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  Run r;
  pid_t pid = 0;
  auto t0 = std::chrono::steady_clock::now();
  if (posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ) != 0) return r;
  int status = 0;
  struct rusage ru {};
  wait4(pid, &status, 0, &ru);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  posix_spawn_file_actions_destroy(&fa);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  r.peak_rss_kb = ru.ru_maxrss;
  r.cpu_seconds =
      static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
  auto text = core::read_file(out_file);
  if (text) r.out = *text;
  return r;
}

Run median_of(const std::vector<std::string>& argv, const fs::path& out, int runs) {
  std::vector<Run> all;
  for (int i = 0; i < runs; ++i) all.push_back(run(argv, out));
  std::vector<double> cpu;
  for (const auto& r : all) cpu.push_back(r.cpu_seconds);
  std::sort(cpu.begin(), cpu.end());
  std::sort(all.begin(), all.end(), [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
  Run m = all[all.size() / 2];
  m.cpu_seconds = cpu[cpu.size() / 2];
  for (const auto& r : all) m.peak_rss_kb = std::max(m.peak_rss_kb, r.peak_rss_kb);
  return m;
}

const char* kLoopA = R"PY(
import json, os, struct, sys, time
d = sys.argv[1]
shards = sorted(f for f in os.listdir(d) if f.endswith(".safetensors"))
best = None
best_cpu = None
for _ in range(int(sys.argv[2])):
    t0 = time.perf_counter()
    c0 = time.process_time()
    n = 0
    for s in shards:
        with open(os.path.join(d, s), "rb") as f:
            size = struct.unpack("<Q", f.read(8))[0]
            n += len(json.loads(f.read(size))) - 1
    dt = time.perf_counter() - t0
    dc = time.process_time() - c0
    best = dt if best is None or dt < best else best
    best_cpu = dc if best_cpu is None or dc < best_cpu else best_cpu
print(f"{best:.6f} {best_cpu:.6f} {n}")
)PY";

const char* kRouteB = R"PY(
import os, sys, time
t0 = time.perf_counter()
import transformers, safetensors
from safetensors import safe_open
t1 = time.perf_counter()
d = sys.argv[1]
cfg = transformers.AutoConfig.from_pretrained(d, trust_remote_code=False)
n = 0
for s in sorted(f for f in os.listdir(d) if f.endswith(".safetensors")):
    with safe_open(os.path.join(d, s), framework="np") as f:
        n += len(list(f.keys()))
t2 = time.perf_counter()
print(f"{t1 - t0:.6f} {t2 - t1:.6f} {n}")
)PY";

std::string python_for_b() {
  if (const char* p = std::getenv("QPTQ_BENCH_PYTHON")) return p;
  const std::string pinned = std::string(QPTQ_SOURCE_DIR) + "/.venv-quark/bin/python";  // scripts/setup-quark-env.sh
  if (fs::exists(pinned)) return pinned;
  return "python3";
}

}  // namespace

int main(int argc, char** argv) {
  fs::path dir = argc > 1 ? fs::path(argv[1]) : fs::temp_directory_path() / "qptq-bench-deepseek-v3";
  int runs = argc > 2 ? std::atoi(argv[2]) : 21;
  fs::path src = std::getenv("QPTQ_BENCH_SOURCE") != nullptr ? std::getenv("QPTQ_BENCH_SOURCE") : QPTQ_SOURCE_DIR;
  if (!fs::exists(dir / "model.safetensors.index.json")) {
    auto tensors = bench::deepseek_v3_tensors();
    test_support::write_checkpoint(dir, tensors, 163);
    // The published config, as a BF16 checkpoint (the FP8 release would add scale tensors).
    auto cfg = core::read_json_file(src / "tests/fixtures/models/deepseek-v3/config.json");
    if (!cfg) return 2;
    cfg->erase("quantization_config");
    if (!core::write_file_atomic(dir / "config.json", core::dump_pretty(*cfg)) || !core::write_file_atomic(dir / "tokenizer.json", "{}") ||
        !core::write_file_atomic(dir / "tokenizer_config.json", "{}")) {
      return 2;
    }
  }
  std::uint64_t header_bytes = 0;
  std::uint64_t declared = 0;
  int shards = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".safetensors") continue;
    ++shards;
    declared += fs::file_size(e.path());
    auto prefix = core::read_range(e.path(), 0, 8);
    std::uint64_t n = 0;
    for (int i = 7; prefix && prefix->size() == 8 && i >= 0; --i) {
      n = (n << 8) | static_cast<unsigned char>((*prefix)[static_cast<std::size_t>(i)]);
    }
    header_bytes += 8 + n;
  }
  fs::path work = fs::temp_directory_path() / "qptq-bench-work";
  fs::create_directories(work);
  fs::path out = work / "stdout.txt";

  const char* binary = std::getenv("QPTQ_BENCH_BINARY") != nullptr ? std::getenv("QPTQ_BENCH_BINARY") : QPTQ_BINARY;
  std::vector<std::string> qptq = {binary, "analyze", dir.string(), "--workdir", work.string(), "--json"};
  run(qptq, out);  // warm the page cache
  Run q = median_of(qptq, out, runs);
  std::string tensors = "?";
  if (auto pos = q.out.find("\"tensor_count\": "); pos != std::string::npos) {
    tensors = q.out.substr(pos + 16, q.out.find_first_of(",\n", pos + 16) - pos - 16);
  }

  Run a = run({"python3", "-c", kLoopA, dir.string(), std::to_string(std::max(5, runs / 2))}, out);
  double a_loop = -1;
  double a_cpu = -1;
  if (a.status != 0 || std::sscanf(a.out.c_str(), "%lf %lf", &a_loop, &a_cpu) != 2) a_loop = a_cpu = -1;

  std::string py = python_for_b();
  Run probe = run({py, "-c", "import transformers, safetensors"}, out);
  std::optional<Run> b;
  double b_imports = 0;
  double b_work = 0;
  if (probe.status == 0) {
    b = run({py, "-c", kRouteB, dir.string()}, out);
    std::sscanf(b->out.c_str(), "%lf %lf", &b_imports, &b_work);
  }

  std::printf("checkpoint: %s: %d shards, %s tensors, %.2f MB of headers, %.2f TB declared\n", dir.c_str(), shards, tensors.c_str(),
              static_cast<double>(header_bytes) / 1e6, static_cast<double>(declared) / 1e12);
  std::printf("\n| path | time | peak RSS |\n|---|---|---|\n");
  std::printf("| `quark-ptq analyze` whole process (median of %d, warm cache) | %.1f ms (CPU %.1f ms) | %.1f MB |\n", runs, q.seconds * 1e3,
              q.cpu_seconds * 1e3, static_cast<double>(q.peak_rss_kb) / 1024.0);
  if (a_loop >= 0) {
    std::printf(
        "| (a) Python in-process loop of json.loads over the headers (best of runs) | %.1f ms (CPU %.1f ms) | %.1f MB (whole interpreter) "
        "|\n",
        a_loop * 1e3, a_cpu * 1e3, static_cast<double>(a.peak_rss_kb) / 1024.0);
  }
  if (b) {
    std::printf("| (b) python + import transformers/safetensors + AutoConfig + safe_open x%d | %.1f ms (imports %.0f ms) | %.1f MB |\n",
                shards, b->seconds * 1e3, b_imports * 1e3, static_cast<double>(b->peak_rss_kb) / 1024.0);
  } else {
    std::printf(
        "| (b) python + import transformers/safetensors + AutoConfig + safe_open | not measured: `%s` cannot import transformers and "
        "safetensors here | - |\n",
        py.c_str());
  }
  if (a_loop > 0) {
    // Wall time is what a user waits for; CPU time is steadier on a loaded machine.
    std::printf("\nspeed-up over (a): %.1fx wall, %.1fx CPU\n", a_loop / q.seconds, a_cpu / q.cpu_seconds);
  }
  if (b) std::printf("speed-up over (b): %.0fx\n", b->seconds / q.seconds);
  return q.status == 0 ? 0 : 1;
}
