// The whole command line: parse argv with CLI11, run the chosen command, return the exit
// code. main() is one call to this, so tests can drive the real front end in-process.
#pragma once

namespace cli {

int run_app(int argc, char** argv);

}  // namespace cli
