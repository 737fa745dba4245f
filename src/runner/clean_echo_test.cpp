#include "runner/clean_echo.h"

#include <gtest/gtest.h>

namespace runner {
namespace {

std::string echo(EchoStyle style, std::initializer_list<std::string_view> chunks) {
  CleanEcho e(style);
  std::string out;
  for (auto c : chunks) out += e.feed(c);
  return out + e.finish();
}

// quark-cli's lines as they come: a coloured info line, then a tqdm bar split across reads.
const std::initializer_list<std::string_view> kOutput = {"\x1b[32m\n[QUARK-INFO]: Loading model ...\x1b[0m\n", "Calib:   0%|  | 0/2\r",
                                                         "Calib:  50%|# | 1/2\rCal", "ib: 100%|##| 2/2\r\n", "done"};

TEST(CleanEcho, RawIsTheBytesAsTheyCame) {
  EXPECT_EQ(echo(EchoStyle::raw, kOutput),
            "\x1b[32m\n[QUARK-INFO]: Loading model ...\x1b[0m\nCalib:   0%|  | 0/2\rCalib:  50%|# | 1/2\rCalib: 100%|##| 2/2\r\ndone");
}

TEST(CleanEcho, NoColorKeepsTheRedraws) {
  EXPECT_EQ(echo(EchoStyle::no_color, kOutput),
            "\n[QUARK-INFO]: Loading model ...\nCalib:   0%|  | 0/2\rCalib:  50%|# | 1/2\rCalib: 100%|##| 2/2\r\ndone");
}

TEST(CleanEcho, LinesShowEachBarAtItsLastState) {
  EXPECT_EQ(echo(EchoStyle::lines, kOutput), "\n[QUARK-INFO]: Loading model ...\nCalib: 100%|##| 2/2\ndone\n");
  // A bar the run left mid-redraw ends as its last state.
  EXPECT_EQ(echo(EchoStyle::lines, {"a 1%\ra 2%\r"}), "a 2%\n");
}

}  // namespace
}  // namespace runner
