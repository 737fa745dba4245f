// A command line CLI11 refused, as one of our errors: its kind of refusal (a required option
// missing, an unexpected argument, a refused value...) in the run's language, naming what was
// wrong and the --help to read. CLI11's exceptions stop here (app.cpp is its adapter).
#pragma once

#include <CLI/CLI.hpp>

#include "core/error.h"

namespace cli {

// `app` is the top-level app whose parse threw `e`: the subcommands it had reached say which
// --help to read (the one of the command that owns the option named, else the deepest).
core::Error usage_error(const CLI::ParseError& e, const CLI::App& app);

}  // namespace cli
