// Where the seconds of `quark-ptq run` go besides quark-cli's own: the run flow
// marks the end of each of its steps, and run_manifest.yaml's `run.phases` records them, so a
// step 4 that takes longer than quark-cli says where the difference went.
#pragma once

#include <chrono>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "artifacts/run_manifest.h"

namespace flow {

class PhaseTimes {
 public:
  using Clock = std::chrono::steady_clock;

  PhaseTimes() : m_last(Clock::now()) {}

  // Ends the phase that began at the previous mark (or at construction) under `name`.
  void mark(std::string name) {
    auto now = Clock::now();
    m_phases.emplace_back(std::move(name), std::chrono::duration<double>(now - m_last).count());
    m_last = now;
  }
  // Starts the next phase now without recording the time since the last mark (spent elsewhere).
  void skip() { m_last = Clock::now(); }

  // gates 0.004, quark_cli 52.1, ... in the order marked, milliseconds kept.
  std::vector<artifacts::PhaseTime> recorded() const {
    std::vector<artifacts::PhaseTime> out;
    for (const auto& [name, seconds] : m_phases) out.push_back({name, std::round(seconds * 1000) / 1000});
    return out;
  }

 private:
  Clock::time_point m_last;
  std::vector<std::pair<std::string, double>> m_phases;
};

}  // namespace flow
