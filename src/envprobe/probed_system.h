// The system facts of another machine, read from the probe's --system output
// (knowledge/probes/env_probe.py: the raw text of the files and tools quark-ptq reads itself
// here) with the same parsers as gather_system_facts: what prepare's Slurm preflight learns
// about the compute node. What that output does not carry (the AMD KFD topology) stays unknown,
// with a note, never taken from this host.
#pragma once

#include <string_view>

#include "envprobe/facts.h"

namespace envprobe {

// From the probe's JSON on stdout; a probe that did not answer, or answered without
// "system_raw", gives empty facts with a note saying so.
SystemFacts system_facts_from_probe(std::string_view probe_json);

}  // namespace envprobe
