// Hashing benchmark for verification: the same files hashed by coreutils `sha256sum`,
// `openssl dgst -sha256` and verify::hash_files with 1..N threads, in one run.
//
//   hash_bench [--dir DIR] [--total-mib 1024] [--files 8] [--keep]
//
// The files are written first, so every contender reads them from the page cache: this
// measures hashing, not the disk (the disk is the limit only beyond the page cache).
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "runner/capture.h"
#include "verify/file_follower.h"
#include "verify/file_hasher.h"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// CPU seconds (user + system) of this process (RUSAGE_SELF) or of its reaped children.
double cpu_seconds(int who) {
  struct rusage u {};
  ::getrusage(who, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// On a shared machine the wall time follows the neighbours; GB per CPU second does not.
void row(const char* who, double secs, double cpu, double gb) {
  std::printf("| %-34s | %8.3f | %7.2f | %8.3f | %7.2f |\n", who, secs, gb / secs, cpu, gb / cpu);
}

// The early hasher's tail (verify/file_follower.h): one safetensors file as large as all the
// shards together (an export of one model.safetensors), read to its end by a follower as
// EarlyHasher::finish() does once quark-cli has exited, against openssl hashing that one file:
// both are one SHA-256 stream, so openssl's rate is the most a follower can reach.
void follower_tail(const std::string& dir, std::size_t bytes, std::mt19937_64& rng) {
  std::string json = R"({"t":{"dtype":"U8","shape":[)" + std::to_string(bytes) + R"(],"data_offsets":[0,)" + std::to_string(bytes) + "]}}";
  while (json.size() % 8 != 0) json += ' ';
  const std::string path = dir + "/model.safetensors";
  {
    std::ofstream out(path, std::ios::binary);
    for (int i = 0; i < 8; ++i) out.put(static_cast<char>((json.size() >> (8 * i)) & 0xFF));
    out << json;
    std::vector<std::uint64_t> block(1 << 17);
    for (std::size_t written = 0; written < bytes;) {
      for (auto& w : block) w = rng();
      std::size_t n = std::min(bytes - written, block.size() * sizeof(std::uint64_t));
      out.write(reinterpret_cast<const char*>(block.data()), static_cast<std::streamsize>(n));
      written += n;
    }
  }
  const double gb = static_cast<double>(bytes + 8 + json.size()) / 1e9;
  runner::CommandSpec spec;
  spec.argv = {"openssl", "dgst", "-sha256", path};
  auto t0 = std::chrono::steady_clock::now();
  double c0 = cpu_seconds(RUSAGE_CHILDREN);
  auto r = runner::capture(spec, 3600);
  if (r && r->ok()) row("openssl dgst -sha256, one file", seconds_since(t0), cpu_seconds(RUSAGE_CHILDREN) - c0, gb);
  auto f = verify::FileFollower::open(path, 0);
  if (!f) return;
  t0 = std::chrono::steady_clock::now();
  c0 = cpu_seconds(RUSAGE_SELF);
  f->advance(/*writer_done=*/true);
  if (f->complete()) row("FileFollower tail, one file", seconds_since(t0), cpu_seconds(RUSAGE_SELF) - c0, gb);
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "/tmp/qptq-hash-bench";
  long total_mib = 1024;
  int files = 8;
  bool keep = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--dir" && i + 1 < argc) dir = argv[++i];
    else if (a == "--total-mib" && i + 1 < argc) total_mib = std::atol(argv[++i]);
    else if (a == "--files" && i + 1 < argc) files = std::atoi(argv[++i]);
    else if (a == "--keep") keep = true;
  }
  std::filesystem::create_directories(dir);
  std::vector<std::string> names;
  std::mt19937_64 rng(42);
  const std::size_t per_file = static_cast<std::size_t>(total_mib) * 1024 * 1024 / static_cast<std::size_t>(files);
  std::vector<std::uint64_t> block(1 << 17);
  for (int f = 0; f < files; ++f) {
    names.push_back("shard-" + std::to_string(f) + ".bin");
    std::ofstream out(dir + "/" + names.back(), std::ios::binary);
    for (std::size_t written = 0; written < per_file;) {
      for (auto& w : block) w = rng();
      std::size_t n = std::min(per_file - written, block.size() * sizeof(std::uint64_t));
      out.write(reinterpret_cast<const char*>(block.data()), static_cast<std::streamsize>(n));
      written += n;
    }
  }
  const double gb = static_cast<double>(per_file) * files / 1e9;
  const unsigned cores = std::thread::hardware_concurrency();
  std::printf("%d files, %.3f GB total, %u hardware threads\n\n", files, gb, cores);
  std::printf("| %-34s | %8s | %7s | %8s | %7s |\n|---|---|---|---|---|\n", "hasher", "seconds", "GB/s", "CPU s", "GB/CPU-s");

  std::vector<std::string> paths;
  for (const auto& n : names) paths.push_back(dir + "/" + n);
  // Warm the page cache so that every contender starts equal.
  verify::hash_files(dir, names, cores);

  for (const char* tool : {"sha256sum", "openssl"}) {
    runner::CommandSpec spec;
    spec.argv =
        tool == std::string("openssl") ? std::vector<std::string>{"openssl", "dgst", "-sha256"} : std::vector<std::string>{"sha256sum"};
    spec.argv.insert(spec.argv.end(), paths.begin(), paths.end());
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpu_seconds(RUSAGE_CHILDREN);
    auto r = runner::capture(spec, 3600);
    double s = seconds_since(t0);
    double c = cpu_seconds(RUSAGE_CHILDREN) - c0;
    if (r && r->ok())
      row(tool == std::string("openssl") ? "openssl dgst -sha256 (1 process)" : "coreutils sha256sum (1 process)", s, c, gb);
  }
  std::vector<unsigned> counts;
  for (unsigned t = 1; t < cores; t *= 2) counts.push_back(t);
  counts.push_back(cores);
  for (unsigned t : counts) {
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpu_seconds(RUSAGE_SELF);
    auto d = verify::hash_files(dir, names, t);
    double s = seconds_since(t0);
    double c = cpu_seconds(RUSAGE_SELF) - c0;
    std::string label = "verify::hash_files, " + std::to_string(t) + " thread" + (t > 1 ? "s" : "");
    row(label.c_str(), s, c, gb);
    if (d.empty() || d[0].sha256.empty()) return 1;
  }
  follower_tail(dir, per_file * static_cast<std::size_t>(files), rng);
  if (!keep) std::filesystem::remove_all(dir);
  return 0;
}
