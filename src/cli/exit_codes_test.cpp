// docs/exit-codes.md is the one documented table: it must list exactly the codes of
// src/core/exit_code.h, and every code must be expected by at least one golden CLI test.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/exit_code.h"
#include "support/temp_dir.h"

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::map<std::string, int> header_codes() {
  std::map<std::string, int> out;
  std::string text = slurp(test_support::source_path("src/core/exit_code.h"));
  std::regex row(R"(^\s*([a-z_]+)\s*=\s*(\d+),)", std::regex::multiline);
  for (std::sregex_iterator it(text.begin(), text.end(), row), end; it != end; ++it) out[(*it)[1]] = std::stoi((*it)[2]);
  return out;
}

std::map<std::string, int> doc_codes() {
  std::map<std::string, int> out;
  std::string text = slurp(test_support::source_path("docs/exit-codes.md"));
  std::regex row(R"(^\|\s*(\d+)\s*\|\s*([a-z_]+)\s*\|)", std::regex::multiline);
  for (std::sregex_iterator it(text.begin(), text.end(), row), end; it != end; ++it) out[(*it)[2]] = std::stoi((*it)[1]);
  return out;
}

TEST(ExitCodes, DocMatchesHeader) {
  auto header = header_codes();
  ASSERT_GE(header.size(), 13U);
  EXPECT_EQ(doc_codes(), header);
  EXPECT_EQ(header["not_approved"], core::to_int(core::ExitCode::not_approved));
  EXPECT_EQ(header["interrupted"], core::to_int(core::ExitCode::interrupted));
}

TEST(ExitCodes, EveryCodeIsExercised) {
  // Codes whose commands live in branches not merged here. Remove each one as its branch
  // lands with a golden test expecting it; `internal` cannot be produced on purpose.
  const std::set<int> not_yet = {1, 6, 8, 9, 11, 130};
  std::set<int> seen = {0};  // a case without .exit expects 0
  for (const auto& e : std::filesystem::recursive_directory_iterator(test_support::source_path("tests/cli"))) {
    if (e.path().string().size() < 8 || e.path().extension() != ".exit") continue;
    seen.insert(std::stoi(slurp(e.path())));
  }
  for (const auto& [name, code] : header_codes()) {
    if (not_yet.count(code) != 0) continue;
    EXPECT_TRUE(seen.count(code)) << "no golden test expects exit " << code << " (" << name << ")";
  }
}

}  // namespace
