// Each argv element is quoted by one tested function and no value is ever
// interpreted by a shell. Thousands of random hostile words and environment values go into
// generated scripts whose command is a dumper of its own arguments (or environment); the
// scripts run under the real /bin/bash and /bin/sh (dash on Debian), and what the dumper
// received must be the input byte for byte. The seed is printed with every failure and can be
// replayed with QPTQ_PROPERTY_SEED=<seed>.
#include "cluster/batch_script.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "cluster/directives.h"
#include "runner/capture.h"
#include "support/temp_dir.h"

namespace cluster {
namespace {

// Pieces that mean something to some shell, terminal or parser, by kind.
const std::vector<std::string>& hostile_pieces() {
  static const std::vector<std::string> pieces = [] {
    const std::vector<std::vector<std::string>> kinds = {
        {" ", "  ", "\t", "\n", "\r"},
        {"'", "''", "\"", "\\", "\\n", "'\\''", "'\"'\"'", "\\'", "\\\"", "'$(id)'", "\"$(id)\""},
        {"$(id)", "$(", ")", "`id`", "`", "$HOME", "${HOME}", "$1", "$@", "$*", "$$", "$?", "$'\\n'", "$\"x\""},
        {"*", "?", "[a-z]", "[", "]", "{a,b}", "~", "~root"},
        {"-", "--", "-n", "-e", "-a", "%s", "%", "%%"},
        {"!", "!!", "#", ";", "&", "&&", "|", "<", ">", ">>", "(", ")", "=", "A=b", "IFS=x", "exec", "exit 3", "EOF"},
        {"\x01", "\x1b[31m", "\x7f", "\xe2\x80\xae"},
        {"日本語", "é", "\xf0\x9f\x98\x80", "\xff", "\xfe", "\xc3", "\xed\xa0\x80"},
        {"#SBATCH --wrap=x", "\n#SBATCH -p x\n"},
    };
    std::vector<std::string> all;
    for (const auto& k : kinds) all.insert(all.end(), k.begin(), k.end());
    return all;
  }();
  return pieces;
}

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : m_rng(seed) {}

  std::size_t below(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(m_rng); }

  // Any byte but NUL, which no argv element or environment value can hold.
  char byte() { return static_cast<char>(1 + below(255)); }

  std::string word() {
    switch (below(10)) {
      case 0:
        return "";
      case 1: {  // random bytes
        std::string w(1 + below(300), ' ');
        for (auto& c : w) c = byte();
        return w;
      }
      case 2:  // a single hostile piece, often where it does the most harm: first or alone
        return hostile_pieces()[below(hostile_pieces().size())];
      default: {  // a mix of pieces and bytes
        std::string w;
        for (std::size_t n = 1 + below(8); n > 0; --n) {
          if (below(4) == 0) {
            w += byte();
          } else {
            w += hostile_pieces()[below(hostile_pieces().size())];
          }
        }
        return w;
      }
    }
  }

  // About 100 KB: under Linux's 128 KiB limit for one argv element (MAX_ARG_STRLEN).
  std::string long_word() {
    std::string w;
    while (w.size() < 100 * 1024) w += below(2) == 0 ? word() : std::string(1, byte());
    w.resize(100 * 1024);
    return w;
  }

 private:
  std::mt19937_64 m_rng;
};

std::uint64_t seed() {
  if (const char* s = std::getenv("QPTQ_PROPERTY_SEED")) return std::strtoull(s, nullptr, 10);
  return std::random_device{}();
}

// Where two byte strings first differ, with a little context as escaped text (a 100 KB word
// printed whole would bury the failure).
std::string first_difference(const std::string& want, const std::string& got) {
  std::size_t i = 0;
  while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
  auto show = [](const std::string& s, std::size_t at) {
    std::string out;
    for (std::size_t k = at; k < s.size() && k < at + 40; ++k) {
      auto b = static_cast<unsigned char>(s[k]);
      if (b >= 0x20 && b < 0x7f) {
        out += static_cast<char>(b);
      } else {
        static const char hex[] = "0123456789abcdef";
        out += std::string("\\x") + hex[b >> 4] + hex[b & 15];
      }
    }
    return out;
  };
  std::size_t from = i >= 20 ? i - 20 : 0;
  return "sizes " + std::to_string(want.size()) + " / " + std::to_string(got.size()) + ", first difference at byte " + std::to_string(i) +
         "\n  want: " + show(want, from) + "\n  got:  " + show(got, from);
}

const char* const k_shells[] = {"/bin/bash", "/bin/sh"};

std::string run_script(const std::string& shell, const std::filesystem::path& script, const runner::CommandSpec& base = {}) {
  runner::CommandSpec spec = base;
  spec.argv = {shell, script.string()};
  auto r = runner::capture(spec, 30);
  if (!r) return "<could not start " + shell + ": " + r.error().id + ">";
  if (!r->ok()) return "<" + shell + " failed: " + r->err + ">";
  return r->out;
}

TEST(BatchScriptProperty, HostileArgvComesBackByteForByteFromBashAndDash) {
  const std::uint64_t s = seed();
  SCOPED_TRACE("seed " + std::to_string(s) + " (replay: QPTQ_PROPERTY_SEED=" + std::to_string(s) + ")");
  Generator gen(s);
  test_support::TempDir dir;
  auto path = dir.path() / "job.sh";
  std::size_t words = 0;
  for (int round = 0; round < 500; ++round) {
    BatchJob job;
    // printf reuses its format for every argument and prints %s arguments as they are; the
    // leading "x" tells an empty argument list from one empty argument.
    job.argv = {"/usr/bin/printf", "%s\\0", "x"};
    std::string want = std::string("x") + '\0';
    for (std::size_t n = gen.below(12); n > 0; --n) {
      std::string w = gen.below(150) == 0 ? gen.long_word() : gen.word();
      want += w + '\0';
      job.argv.push_back(std::move(w));
      ++words;
    }
    job.workdir = dir.path().string();
    job.directives.job_name = "x";
    auto script = batch_script(job);
    ASSERT_TRUE(script) << script.error().id;
    dir.write("job.sh", *script);
    for (const auto& sh : k_shells) {
      std::string got = run_script(sh, path);
      ASSERT_TRUE(got == want) << sh << " round " << round << ": " << first_difference(want, got);
    }
  }
  RecordProperty("words", static_cast<int>(words));
  EXPECT_GT(words, 1500u);
}

TEST(BatchScriptProperty, HostileEnvironmentValuesComeBackAndUnsetNamesAreGone) {
  const std::uint64_t s = seed();
  SCOPED_TRACE("seed " + std::to_string(s) + " (replay: QPTQ_PROPERTY_SEED=" + std::to_string(s) + ")");
  Generator gen(s ^ 0x9e3779b97f4a7c15ull);
  test_support::TempDir dir;
  auto path = dir.path() / "job.sh";
  const std::vector<std::string> names = {"QPTQ_A", "QPTQ_B", "qptq_c", "_QPTQ1", "QPTQ_E"};
  for (int round = 0; round < 150; ++round) {
    BatchJob job;
    job.argv = {"/usr/bin/env", "-0"};
    // Every name starts set in the shell's own environment, so that an unset has to work.
    runner::CommandSpec base;
    std::map<std::string, std::optional<std::string>> want;
    for (const auto& n : names) {
      base.env_set.push_back({n, "inherited"});
      want[n] = "inherited";
    }
    for (std::size_t k = gen.below(8); k > 0; --k) {
      const auto& n = names[gen.below(names.size())];
      std::optional<std::string> v;
      if (gen.below(4) != 0) v = gen.below(100) == 0 ? gen.long_word() : gen.word();
      job.env.push_back({n, v});
      want[n] = v;
    }
    auto script = batch_script(job);
    ASSERT_TRUE(script) << script.error().id;
    dir.write("job.sh", *script);
    for (const auto& sh : k_shells) {
      std::string out = run_script(sh, path, base);
      std::map<std::string, std::string> got;
      for (std::size_t at = 0; at < out.size();) {
        auto end = out.find('\0', at);
        std::string kv = out.substr(at, end - at);
        at = end == std::string::npos ? out.size() : end + 1;
        auto eq = kv.find('=');
        if (eq != std::string::npos && want.count(kv.substr(0, eq)) > 0) got[kv.substr(0, eq)] = kv.substr(eq + 1);
      }
      for (const auto& [n, v] : want) {
        if (!v) {
          EXPECT_EQ(got.count(n), 0u) << sh << " round " << round << ": " << n << " was unset";
        } else {
          ASSERT_EQ(got.count(n), 1u) << sh << " round " << round << ": " << n << " missing";
          ASSERT_TRUE(got[n] == *v) << sh << " round " << round << " " << n << ": " << first_difference(*v, got[n]);
        }
      }
    }
  }
}

// The #SBATCH lines sbatch would read from a script: those before the first line that is
// neither blank nor a comment (sbatch stops there), as _opt_batch_script in src/sbatch/opt.c.
std::vector<std::string> directives_sbatch_reads(const std::string& script) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < script.size()) {
    auto end = script.find('\n', at);
    std::string line = script.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? script.size() : end + 1;
    if (line.rfind("#SBATCH", 0) == 0) {
      out.push_back(line);
      continue;
    }
    auto first = line.find_first_not_of(" \t\r\v\f");
    if (first != std::string::npos && line[first] != '#') break;
  }
  return out;
}

TEST(BatchScriptProperty, NoArgvWordOrValueBecomesADirectiveAndEscapedValuesReadBack) {
  const std::uint64_t s = seed();
  SCOPED_TRACE("seed " + std::to_string(s) + " (replay: QPTQ_PROPERTY_SEED=" + std::to_string(s) + ")");
  Generator gen(s ^ 0x5bd1e995ull);
  for (int round = 0; round < 3000; ++round) {
    BatchJob job;
    job.argv = {"/usr/bin/true"};
    for (std::size_t n = gen.below(6); n > 0; --n) job.argv.push_back(gen.word());
    job.env = {{"QPTQ_V", gen.word()}};
    job.workdir = "/" + gen.word();
    if (job.workdir.find('\0') != std::string::npos) continue;
    // A job name of hostile text: without control characters it is taken and quoted for
    // sbatch's reader; with one it is refused.
    std::string name = gen.word();
    job.directives.job_name = name;
    auto script = batch_script(job);
    bool has_control = name.empty();
    for (char c : name) has_control = has_control || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
    if (has_control) {
      ASSERT_FALSE(script) << "round " << round;
      continue;
    }
    ASSERT_TRUE(script) << "round " << round << ": " << script.error().id;
    auto lines = directives_sbatch_reads(*script);
    ASSERT_EQ(lines.size(), 1u) << "round " << round;
    auto read = sbatch_words(std::string_view(lines[0]).substr(7));
    ASSERT_TRUE(read) << "round " << round;
    ASSERT_EQ(read->size(), 1u) << "round " << round << ": " << lines[0];
    ASSERT_TRUE(read->front() == "--job-name=" + name)
        << "round " << round << ": " << first_difference("--job-name=" + name, read->front());
  }
}

}  // namespace
}  // namespace cluster
