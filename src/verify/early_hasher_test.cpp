// Early hashing: digests taken while the writer runs are reused only for the
// exact bytes they were taken of; the report always equals a cold verification's.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <utime.h>

#include <chrono>
#include <thread>

#include "core/sha256.h"
#include "verify/early_hasher.h"
#include "verify/verify_output.h"
#include "support/temp_dir.h"

namespace verify {
namespace {

// A safetensors file of one U8 tensor of `n` bytes of `fill`.
std::string one_tensor(std::size_t n, char fill) {
  std::string json = R"({"t":{"dtype":"U8","shape":[)" + std::to_string(n) + R"(],"data_offsets":[0,)" + std::to_string(n) + "]}}";
  while (json.size() % 8 != 0) json += ' ';
  std::string out(8, '\0');
  for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<char>((json.size() >> (8 * i)) & 0xFF);
  return out + json + std::string(n, fill);
}

// Sets a file's modification time `seconds` into the past (as if written then).
void age(const core::fs::path& p, int seconds) {
  struct stat st {};
  ASSERT_EQ(::stat(p.c_str(), &st), 0);
  struct utimbuf t {
    st.st_atime, st.st_mtime - seconds
  };
  ASSERT_EQ(::utime(p.c_str(), &t), 0);
}

// Runs an EarlyHasher over `dir` until it has taken `want` digests (or 5 s).
StampedDigests early_digests(const core::fs::path& dir, std::size_t want) {
  EarlyHasher h(dir, std::chrono::milliseconds(20), std::chrono::milliseconds(200));
  h.start();
  for (int i = 0; i < 250 && h.taken() < want; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return h.finish();
}

TEST(EarlyHasher, HashesOnlyCompleteQuietSafetensorsFiles) {
  test_support::TempDir d;
  std::string full = one_tensor(4096, 'a');
  d.write("out/done.safetensors", full);
  age(d.path() / "out/done.safetensors", 5);
  d.write("out/partial.safetensors", full.substr(0, full.size() - 1));
  age(d.path() / "out/partial.safetensors", 5);
  d.write("out/config.json", "{}");
  age(d.path() / "out/config.json", 5);
  StampedDigests got;
  {
    // Nothing has been quiet for an hour: the complete file is hashed all the same, but its
    // digest is to be checked again by its pieces, not believed by its stamp.
    EarlyHasher h(d.path() / "out", std::chrono::milliseconds(20), std::chrono::hours(1));
    h.start();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    got = h.finish();
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got.begin()->first, "done.safetensors");
    EXPECT_EQ(got.begin()->second.pieces.size(), 1u);
  }
  EarlyHasher h(d.path() / "out", std::chrono::milliseconds(20), std::chrono::milliseconds(100));
  h.start();
  for (int i = 0; i < 250 && h.taken() < 1; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // a few more scans
  got = h.finish();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got.begin()->first, "done.safetensors");
  EXPECT_EQ(got.begin()->second.sha256, core::sha256_hex(full));
  EXPECT_EQ(got.begin()->second.stamp.size, full.size());
  EXPECT_TRUE(got.begin()->second.pieces.empty());  // complete, quiet and unchanged: the stamp rule
}

// A model directory as quark-cli leaves it, for verify_output.
void write_export(const test_support::TempDir& d, char fill) {
  d.write("out/model.safetensors", one_tensor(1 << 16, fill));
  d.write("out/config.json", R"({"model_type": "llama", "quantization_config": {"quant_method": "quark"}})");
  d.write("out/tokenizer.json", "{}");
  d.write("out/tokenizer_config.json", "{}");
}

// The report without the fields that are timings or say how the digests were obtained.
core::Json comparable(const VerifyReport& r) {
  core::Json j = r.record().to_json();
  j.erase("hash_seconds");
  j.erase("seconds");
  j.erase("early_hashed_files");
  return j;
}

TEST(EarlyHasher, AFileRewrittenAfterEarlyHashingIsHashedAgain) {
  test_support::TempDir d;
  write_export(d, 'a');
  age(d.path() / "out/model.safetensors", 5);
  StampedDigests early = early_digests(d.path() / "out", 1);
  ASSERT_EQ(early.count("model.safetensors"), 1u);
  EXPECT_EQ(early["model.safetensors"].sha256, core::sha256_hex(one_tensor(1 << 16, 'a')));

  // The writer then rewrites the file in place with other bytes of the same size.
  d.write("out/model.safetensors", one_tensor(1 << 16, 'b'));
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  o.earlier = early;
  VerifyReport warm = verify_output(o);
  o.earlier.clear();
  VerifyReport cold = verify_output(o);
  EXPECT_EQ(comparable(warm), comparable(cold));
  EXPECT_EQ(warm.record().to_json()["early_hashed_files"], 0);
  bool found = false;
  for (const auto& f : warm.files) {
    if (f.path != "model.safetensors") continue;
    found = true;
    EXPECT_EQ(f.sha256, core::sha256_hex(one_tensor(1 << 16, 'b')));
    EXPECT_FALSE(f.early);
  }
  EXPECT_TRUE(found);

  // Quiet when hashed (the stamp rule), then same bytes and size but the modification time
  // moved: read again. (A digest kept with its pieces would be checked by them instead.)
  age(d.path() / "out/model.safetensors", 5);
  StampedDigests again = early_digests(d.path() / "out", 1);
  ASSERT_TRUE(again["model.safetensors"].pieces.empty());
  age(d.path() / "out/model.safetensors", 1);
  o.earlier = again;
  EXPECT_EQ(verify_output(o).record().to_json()["early_hashed_files"], 0);
  // Replaced by another file (a new inode) with identical bytes and mtime: read again.
  StampedDigests before_swap = early_digests(d.path() / "out", 1);
  struct stat st {};
  ASSERT_EQ(::stat((d.path() / "out/model.safetensors").c_str(), &st), 0);
  d.write("out/model.safetensors.new", one_tensor(1 << 16, 'b'));
  struct utimbuf t {
    st.st_atime, st.st_mtime
  };
  ASSERT_EQ(::utime((d.path() / "out/model.safetensors.new").c_str(), &t), 0);
  std::filesystem::rename(d.path() / "out/model.safetensors.new", d.path() / "out/model.safetensors");
  o.earlier = before_swap;
  // (mtime is whole seconds here and the inode differs, so the stamp does not match.)
  EXPECT_EQ(verify_output(o).record().to_json()["early_hashed_files"], 0);
}

TEST(EarlyHasher, AnUnchangedFileKeepsItsEarlyDigestAndTheReportEqualsAColdOne) {
  test_support::TempDir d;
  write_export(d, 'a');
  age(d.path() / "out/model.safetensors", 5);
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  o.earlier = early_digests(d.path() / "out", 1);
  ASSERT_EQ(o.earlier.size(), 1u);
  VerifyReport warm = verify_output(o);
  EXPECT_EQ(warm.record().to_json()["early_hashed_files"], 1);
  o.earlier.clear();
  VerifyReport cold = verify_output(o);
  EXPECT_EQ(cold.record().to_json()["early_hashed_files"], 0);
  EXPECT_EQ(comparable(warm), comparable(cold));
  // A planted wrong digest is believed only while the stamp matches: proof that it is reused.
  StampedDigests planted = early_digests(d.path() / "out", 1);
  planted["model.safetensors"].sha256 = std::string(64, '0');
  o.earlier = planted;
  bool reused = false;
  for (const auto& f : verify_output(o).files) reused = reused || f.sha256 == std::string(64, '0');
  EXPECT_TRUE(reused);
}

TEST(VerifyOutput, ReportsHashingProgressOnTheCallingThread) {
  test_support::TempDir d;
  write_export(d, 'a');
  struct Recorder : VerifyProgress {
    std::thread::id thread;
    int calls = 0;
    void on_hashing(std::uint64_t done, std::uint64_t total) override {
      thread = std::this_thread::get_id();
      ++calls;
      EXPECT_LE(done, total);
    }
  } rec;
  VerifyOptions o;
  o.output_dir = d.path() / "out";
  o.progress = &rec;
  VerifyReport r = verify_output(o);
  EXPECT_EQ(rec.calls, 0);  // done well within the first second: nothing to show
  EXPECT_GE(r.seconds, r.hash_seconds);
}

}  // namespace
}  // namespace verify
