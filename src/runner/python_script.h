// The one way quark-ptq starts Python on a script of its own (the probes, the model oracle,
// the data stager, the evaluator). The directory quark-ptq was started in - a workdir that
// agents and scripts can write, or wherever the MCP server was launched - must never be on the
// child's import path: `python -c` puts the current directory first, so a planted json.py
// would run inside the probe. The child therefore starts in "/" and, on Python 3.11 and later,
// with PYTHONSAFEPATH set (older interpreters ignore the variable; "/" is still not theirs to
// write). `-I` is not used: it would also drop the person's PYTHONPATH and user site-packages,
// where their Quark may live.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "runner/command.h"

namespace runner {

// `python -c SCRIPT ARGS...`, isolated from the caller's directory as above. Paths in ARGS
// must be absolute (the child does not start where the caller is).
CommandSpec python_script(const std::string& python, std::string_view script, std::vector<std::string> args = {});

}  // namespace runner
