#include "plan/probe.h"

#include <algorithm>

#include "core/atomic_file.h"
#include "core/local_secret.h"
#include "core/embedded.h"
#include "core/sha256.h"
#include "runner/python_script.h"

namespace plan {

namespace {

constexpr std::string_view kProbePath = "knowledge/probes/quark_capabilities.py";

core::Result<runner::CaptureResult> run(const ProbeSettings& s, const runner::CommandSpec& spec) {
  return s.capture(spec, s.timeout_seconds);
}

std::string tail(const std::string& text, std::size_t n) { return text.size() <= n ? text : text.substr(text.size() - n); }

std::string one_line(std::string text) {
  for (auto& c : text) {
    if (c == '\n' || c == '\r') {
      c = ' ';
    }
  }
  return text;
}

struct ProbeRun {
  ProbeResult result;
  std::string raw;  // stdout, as cached
};

core::Result<ProbeRun> run_probe(const ProbeSettings& s, bool versions_only) {
  std::vector<std::string> args;
  if (versions_only) args.emplace_back("--versions");
  auto res = run(s, runner::python_script(s.python, probe_script(), std::move(args)));
  // Ctrl-C / SIGTERM while the probe ran: a stop (exit 130), not an unusable Python.
  if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
  if (!res) {
    return core::make_error(core::ExitCode::env_not_ready, "plan.python_unusable").with("python", s.python).with_detail(res.error().detail);
  }
  if (!res->ok()) {
    return core::make_error(core::ExitCode::env_not_ready, "plan.probe_failed")
        .with("python", s.python)
        .with_detail(one_line(tail(res->err, 300)));
  }
  QPTQ_TRY_ASSIGN(ProbeResult parsed, parse_probe(res->out, "capability probe of " + s.python));
  return ProbeRun{std::move(parsed), res->out};
}

std::string cache_file(const ProbeSettings& s, const std::string& versions_raw) {
  // The versions probe's whole answer: versions, interpreter, quark-cli and dist-info mtimes.
  core::Json key = {{"python", s.python}, {"versions", versions_raw}, {"probe", core::sha256_hex(probe_script())}};
  return s.cache_dir + "/probe-" + core::sha256_hex(core::canonical_dump(key)).substr(0, 24) + ".json";
}

// quark-cli comes from the same environment as the interpreter: beside it first.
std::string resolve_cli(const std::string& python, const std::string& reported) {
  std::string beside = (core::fs::path(python).parent_path() / "quark-cli").string();
  return core::is_regular_file(beside) ? beside : reported;
}

// The entry's code under the secret: over everything in it but the code itself.
std::string entry_code(const std::string& secret, core::Json entry) {
  entry.erase("mac");
  return core::hmac_sha256_hex(secret, core::canonical_dump(entry));
}

std::optional<InstalledQuark> read_cache(const std::string& path, const std::string& secret) {
  if (!core::is_regular_file(path)) {
    return std::nullopt;
  }
  auto doc = core::read_json_file(path);
  if (!doc || !doc->is_object()) {
    return std::nullopt;
  }
  // Written by someone without this user's secret: not an answer of ours.
  if (core::json_string(*doc, "mac").value_or("") != entry_code(secret, *doc)) {
    return std::nullopt;
  }
  auto probe_text = core::json_string(*doc, "probe");
  auto help_text = core::json_string(*doc, "help");
  if (!probe_text || !help_text) {
    return std::nullopt;
  }
  auto probe = parse_probe(*probe_text, path);
  auto help = parse_help(*help_text, path);
  if (!probe || !help) {
    return std::nullopt;
  }
  InstalledQuark q{*probe, *help, true, "", true};
  return q;
}

}  // namespace

std::string_view probe_script() { return core::embedded_file(kProbePath).value_or(""); }

std::string default_cache_dir(const EnvFn& env) {
  if (auto x = env("XDG_CACHE_HOME"); x && !x->empty()) {
    return *x + "/quark-ptq";
  }
  if (auto h = env("HOME"); h && !h->empty()) {
    return *h + "/.cache/quark-ptq";
  }
  return "";
}

std::string cache_secret(const EnvFn& env) {
  auto secret = core::local_secret(core::default_config_dir(env("XDG_CONFIG_HOME").value_or(""), env("HOME").value_or("")));
  return secret ? *secret : "";
}

std::string torch_extensions_dir(const EnvFn& env) {
  if (auto t = env("TORCH_EXTENSIONS_DIR"); t && !t->empty()) return *t;
  if (auto x = env("XDG_CACHE_HOME"); x && !x->empty()) return *x + "/torch_extensions";
  if (auto h = env("HOME"); h && !h->empty()) return *h + "/.cache/torch_extensions";
  return "";
}

core::Result<std::optional<ProbedVersions>> probe_versions(const ProbeSettings& s) {
  QPTQ_TRY_ASSIGN(ProbeRun first, run_probe(s, true));
  if (!first.result.quark_installed) return std::optional<ProbedVersions>{};
  ProbedVersions v{std::move(first.result), std::move(first.raw), ""};
  if (!s.cache_dir.empty() && !s.cache_secret.empty()) v.cache_path = cache_file(s, v.raw);
  return std::optional<ProbedVersions>{std::move(v)};
}

core::Result<InstalledQuark> probe_capabilities(const ProbeSettings& s, const ProbedVersions& versions) {
  const std::string& cache_path = versions.cache_path;
  if (!cache_path.empty()) {
    if (auto cached = read_cache(cache_path, s.cache_secret)) {
      cached->probe.quark_cli = resolve_cli(s.python, cached->probe.quark_cli);
      return std::move(*cached);
    }
  }
  const ProbeNotice notice{s.python, s.extensions_dir, cache_path};
  if (s.on_probing) s.on_probing(notice);
  QPTQ_TRY_ASSIGN(ProbeRun full, run_probe(s, false));
  InstalledQuark q;
  q.probe = std::move(full.result);
  std::string help_text;
  std::string cli = resolve_cli(s.python, q.probe.quark_cli.empty() ? versions.result.quark_cli : q.probe.quark_cli);
  q.probe.quark_cli = cli;
  if (q.probe.torch_llm_ptq_help) {
    // Formatted by Quark's own parser inside the probe: what `quark-cli torch-llm-ptq --help` prints.
    if (auto help = parse_help(*q.probe.torch_llm_ptq_help, "torch-llm-ptq help from the capability probe of " + s.python)) {
      q.help = std::move(*help);
      q.help_ok = true;
      help_text = *q.probe.torch_llm_ptq_help;
    }
  }
  if (!q.help_ok && cli.empty()) {
    q.help_problem = "quark-cli not found beside " + s.python;
  } else if (!q.help_ok) {
    // An older Quark: its help from quark-cli itself. A wide terminal keeps argparse from wrapping; the parser copes either way.
    runner::CommandSpec help_command{{cli, "torch-llm-ptq", "--help"}, {{"COLUMNS", "2000"}, {"PYTHONSAFEPATH", "1"}}, {}, "/"};
    auto res = run(s, help_command);
    if (!res && res.error().code == core::ExitCode::interrupted) return core::fail(std::move(res).error());
    if (!res) {
      q.help_problem = res.error().detail.empty() ? cli + " could not be started" : res.error().detail;
    } else if (!res->ok()) {
      q.help_problem = cli + " torch-llm-ptq --help failed: " + one_line(tail(res->err, 300));
    } else {
      auto help = parse_help(res->out, cli + " torch-llm-ptq --help");
      if (help) {
        q.help = std::move(*help);
        q.help_ok = true;
        help_text = res->out;
      } else {
        q.help_problem = cli + " torch-llm-ptq --help printed no usage";
      }
    }
  }
  // Only a complete answer is cached, so a broken environment is probed again next time.
  if (!cache_path.empty() && q.help_ok && q.probe.complete) {
    if (core::create_directories(s.cache_dir)) {
      core::Json entry = {{"python", s.python}, {"probe", full.raw}, {"help", help_text}};
      entry["mac"] = entry_code(s.cache_secret, entry);
      // A cache that cannot be written only costs a probe next time.
      if (core::write_file_atomic(cache_path, core::dump_pretty(entry)) && s.on_cached) s.on_cached(notice);
    }
  }
  return q;
}

core::Result<std::optional<InstalledQuark>> probe_installed(const ProbeSettings& s) {
  QPTQ_TRY_ASSIGN(auto versions, probe_versions(s));
  if (!versions) return std::optional<InstalledQuark>{};
  QPTQ_TRY_ASSIGN(InstalledQuark q, probe_capabilities(s, *versions));
  return std::optional<InstalledQuark>{std::move(q)};
}

std::vector<ExtensionBuild> extensions_being_built(const std::string& extensions_dir) {
  std::vector<ExtensionBuild> out;
  if (extensions_dir.empty()) return out;
  std::error_code ec;
  auto look = [&out, &ec](const core::fs::path& dir, auto& self, int depth) -> void {
    for (core::fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      if (!it->is_directory(ec)) continue;
      if (core::fs::exists(it->path() / "lock", ec)) {
        out.push_back({it->path().filename().string(), it->path().string()});
      } else if (depth > 0) {
        self(it->path(), self, depth - 1);
      }
    }
    ec.clear();
  };
  look(core::fs::path(extensions_dir), look, 1);
  std::sort(out.begin(), out.end(), [](const ExtensionBuild& a, const ExtensionBuild& b) { return a.dir < b.dir; });
  return out;
}

}  // namespace plan
