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
  // `internal` cannot be produced on purpose. A golden case states its code in a .exit file,
  // or (cases that go on after the command, e.g. to inspect the manifest) as a line
  // "exit N" in its expected stdout.
  const std::set<int> not_yet = {1};
  std::set<int> seen = {0};  // a case without .exit expects 0
  std::regex exit_line(R"(^exit (\d+)$)", std::regex::multiline);
  for (const auto& e : std::filesystem::recursive_directory_iterator(test_support::source_path("tests/cli"))) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".exit") {
      seen.insert(std::stoi(slurp(e.path())));
    } else if (name.find(".stdout.") != std::string::npos) {
      std::string text = slurp(e.path());
      for (std::sregex_iterator it(text.begin(), text.end(), exit_line), end; it != end; ++it) seen.insert(std::stoi((*it)[1]));
    }
  }
  for (const auto& [name, code] : header_codes()) {
    if (not_yet.count(code) != 0) continue;
    EXPECT_TRUE(seen.count(code)) << "no golden test expects exit " << code << " (" << name << ")";
  }
}

}  // namespace
