#include "plan/target.h"

#include <algorithm>
#include <cctype>

#include "core/json_io.h"
#include "plan/rules.h"

namespace plan {

namespace {

Target target_from_spec(const knowledge::TargetSpec& e) {
  Target t;
  t.name = e.name;
  t.vendor = e.vendor;
  t.arch = e.arch;
  t.memory_gib = e.memory_gib;
  return t;
}

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

}  // namespace

std::string_view target_source_name(TargetSource s) {
  switch (s) {
    case TargetSource::option:
      return "option";
    case TargetSource::detected:
      return "detected";
    case TargetSource::unknown:
      break;
  }
  return "unknown";
}

std::vector<std::string> target_names() {
  std::vector<std::string> out;
  for (const auto& e : targets_table().targets) out.push_back(e.name);
  return out;
}

core::Result<Target> target_from_name(const std::string& name) {
  for (const auto& e : targets_table().targets) {
    if (e.name == name) {
      Target t = target_from_spec(e);
      t.source = TargetSource::option;
      return t;
    }
  }
  std::string all;
  for (const auto& n : target_names()) {
    all += (all.empty() ? "" : ", ") + n;
  }
  return core::make_error(core::ExitCode::usage, "plan.unknown_target").with("target", name).with("targets", all);
}

std::optional<Target> target_from_text(const std::string& text) {
  std::string haystack = upper(text);
  for (const auto& e : targets_table().targets) {
    for (const auto& m : e.match) {
      std::size_t pos = haystack.find(upper(m));
      if (pos == std::string::npos) {
        continue;
      }
      Target t = target_from_spec(e);
      t.source = TargetSource::detected;
      std::size_t start = haystack.rfind('\n', pos);
      start = start == std::string::npos ? 0 : start + 1;
      std::size_t end = text.find('\n', pos);
      t.evidence = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
      return t;
    }
  }
  return std::nullopt;
}

core::Result<Target> detect_target(const CaptureFn& capture) {
  std::string tried;
  for (const auto& d : targets_table().detectors) {
    auto path = runner::find_program(d.program);
    if (!path) {
      continue;
    }
    runner::CommandSpec spec;
    spec.argv = {*path};
    for (const auto& a : d.args) {
      spec.argv.push_back(a);
    }
    auto res = capture(spec, 30);
    if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
    tried += (tried.empty() ? "" : ", ") + d.program;
    if (!res || !res->ok()) {
      continue;
    }
    if (auto t = target_from_text(res->out)) {
      // One name per line for nvidia-smi; count how many lines name the same product.
      std::string up = upper(res->out);
      std::string needle = upper(t->evidence.empty() ? t->name : t->evidence);
      for (std::size_t p = up.find(needle); p != std::string::npos; p = up.find(needle, p + 1)) {
        ++t->device_count;
      }
      return *t;
    }
  }
  Target unknown;
  unknown.evidence = tried.empty() ? "no GPU tool (nvidia-smi, amd-smi, rocm-smi) on PATH" : "no known GPU named by " + tried;
  unknown.tools_tried = tried;
  return unknown;
}

}  // namespace plan
