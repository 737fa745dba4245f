#include "cluster/batch_script.h"

#include "cluster/sh_quote.h"

namespace cluster {

namespace {

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

bool has_nul(std::string_view s) { return s.find('\0') != std::string_view::npos; }

core::Error job_error(std::string id) { return core::make_error(core::ExitCode::bad_input, std::move(id)); }

}  // namespace

core::Result<std::string> batch_script(const BatchJob& job) {
  if (job.argv.empty() || job.argv.front().empty()) return job_error("cluster.argv_empty");
  // exec would read a leading '-' as its own option (bash: `exec -a NAME` renames the
  // program), quoted or not; dash's exec takes no `--` to stop that. No program is named so.
  if (job.argv.front().front() == '-') return job_error("cluster.argv0_dash").with("program", job.argv.front());
  for (std::size_t i = 0; i < job.argv.size(); ++i) {
    if (has_nul(job.argv[i])) return job_error("cluster.argv_nul").with("index", std::to_string(i));
  }
  for (const auto& e : job.env) {
    if (!is_identifier(e.name)) return job_error("cluster.env_name").with("name", e.name);
    if (e.value && has_nul(*e.value)) return job_error("cluster.env_nul").with("name", e.name);
  }
  if (!job.workdir.empty() && (job.workdir.front() != '/' || has_nul(job.workdir))) {
    return job_error("cluster.workdir_not_absolute").with("path", job.workdir);
  }
  QPTQ_TRY_ASSIGN(auto lines, directive_lines(job.directives));

  // sbatch reads #SBATCH lines only up to the first command, so nothing below them (an argv
  // word holding "\n#SBATCH ..." included) can be taken for a directive.
  std::string s = "#!/bin/bash\n";
  for (const auto& l : lines) s += l + "\n";
  s += "# Written by quark-ptq from the approved command. Every word is in single quotes, which the\n"
       "# shell takes literally; exec makes the command's exit status the job's.\n";
  // An absolute path: cd consults no CDPATH, and it cannot be taken for an option of cd.
  if (!job.workdir.empty()) s += "cd " + sh_quote(job.workdir) + " || exit 1\n";
  for (const auto& e : job.env) {
    s += e.value ? "export " + e.name + "=" + sh_quote(*e.value) + "\n" : "unset -v " + e.name + "\n";
  }
  s += "exec";
  for (const auto& a : job.argv) s += " " + sh_quote(a);
  s += "\n";
  return s;
}

}  // namespace cluster
