// libFuzzer target: the bytes are a command line (arguments separated by NUL bytes) handed to
// the CLI's parse and bind layer, cli::parse_command_line: --help and --version anywhere,
// every subcommand's options and their checks. Nothing runs; a parse that succeeds must have
// chosen a command. CLI11's text goes to stdout (run with -close_fd_mask=1).
// Corpus: tests/fuzz/cli/.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/app.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"quark-ptq"};
  std::string cur;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      args.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(static_cast<char>(data[i]));
    }
  }
  if (!cur.empty()) args.push_back(cur);
  if (args.size() > 64) return 0;
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  auto line = cli::parse_command_line(static_cast<int>(args.size()), argv.data());
  if (!line.exit_code && (!line.command || !line.workdir.is_absolute())) __builtin_trap();
  return 0;
}
