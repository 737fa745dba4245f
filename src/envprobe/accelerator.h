// One view of the accelerators from the Python probe (torch) and the system facts (tools,
// /sys, /proc). The kind is decided by positive evidence only: "cpu" needs a torch that
// imported, sees no device, and no GPU driver or device on the system; otherwise it is a
// vendor or "unknown".
#pragma once

#include "envprobe/facts.h"

namespace envprobe {

Accelerator merge_accelerator(const PythonFacts& py, const SystemFacts& sys);

// "gfx942:sramecc+:xnack-" -> "gfx942"
std::string gfx_base(const std::string& gcn_arch_name);

}  // namespace envprobe
