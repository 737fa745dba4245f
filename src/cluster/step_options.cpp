#include "cluster/step_options.h"

#include <array>
#include <cctype>
#include <optional>

#include "cluster/directives.h"
#include "core/text.h"

namespace cluster {

namespace {

// Options that say what a step is or when it starts, not where it runs: a short step waiting on
// the job's dependency or begin time, held, mailing the person, with another environment or
// directory than quark-ptq gives it, is not the check or the evaluation that was approved.
constexpr std::array<std::string_view, 9> k_not_for_steps = {"dependency", "begin", "hold",  "mail-type", "mail-user",
                                                             "export",     "chdir", "input", "deadline"};

bool is_name_char(char c) { return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-'; }

// The option a long name given on a line stands for: exact, else a unique prefix (getopt_long).
std::optional<std::string> resolve(const ClientOptions& o, std::string_view name) {
  if (o.values.count(name) != 0) return std::string(name);
  std::optional<std::string> found;
  for (const auto& [full, value] : o.values) {
    if (full.compare(0, name.size(), name) != 0) continue;
    if (found) return std::nullopt;
    found = full;
  }
  return found;
}

// The srun options of one line, or nullopt when the line is left out.
std::optional<std::vector<std::string>> line_options(std::string_view line, const ClientOptions& sbatch, const ClientOptions& srun) {
  constexpr std::string_view k_magic = "#SBATCH";
  if (line.substr(0, k_magic.size()) != k_magic) return std::nullopt;
  auto words = sbatch_words(line.substr(k_magic.size()));
  if (!words || words->empty()) return std::nullopt;
  std::vector<std::string> out;
  auto emit = [&](const std::string& name, std::optional<std::string> value) -> bool {
    for (auto n : k_not_for_steps) {
      if (n == name) return false;
    }
    if (srun.values.count(name) == 0) return false;
    out.push_back("--" + name + (value ? "=" + *value : ""));
    return true;
  };
  for (std::size_t i = 0; i < words->size(); ++i) {
    const std::string& w = (*words)[i];
    if (w.size() > 2 && w.compare(0, 2, "--") == 0) {
      auto eq = w.find('=');
      auto name = resolve(sbatch, std::string_view(w).substr(2, eq == std::string::npos ? std::string::npos : eq - 2));
      if (!name) return std::nullopt;
      std::optional<std::string> value;
      if (eq != std::string::npos) {
        value = w.substr(eq + 1);
      } else if (sbatch.values.find(*name)->second == ClientOptions::Value::required) {
        if (i + 1 >= words->size()) return std::nullopt;
        value = (*words)[++i];
      }
      if (!emit(*name, value)) return std::nullopt;
    } else if (w.size() >= 2 && w[0] == '-' && w[1] != '-') {
      // "-Hp gpu": H takes nothing, p takes the rest of the word or the next one.
      for (std::size_t j = 1; j < w.size(); ++j) {
        auto letter = sbatch.letters.find(w[j]);
        if (letter == sbatch.letters.end()) return std::nullopt;
        const std::string& name = letter->second;
        if (sbatch.values.find(name)->second != ClientOptions::Value::required) {
          if (!emit(name, std::nullopt)) return std::nullopt;
          continue;
        }
        std::string value = w.substr(j + 1);
        if (value.empty()) {
          if (i + 1 >= words->size()) return std::nullopt;
          value = (*words)[++i];
        }
        if (!emit(name, value)) return std::nullopt;
        break;
      }
    } else {
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace

ClientOptions parse_client_help(std::string_view help) {
  ClientOptions out;
  for (std::string_view line : core::split_lines(help)) {
    std::string_view rest = core::trim(line, " ");
    char letter = 0;
    if (rest.size() >= 4 && rest[0] == '-' && rest[1] != '-' && rest[2] == ',' && rest[3] == ' ') {
      letter = rest[1];
      rest = core::trim(rest.substr(4), " ");
    }
    if (rest.size() < 3 || rest.compare(0, 2, "--") != 0) continue;
    std::size_t end = 2;
    while (end < rest.size() && is_name_char(rest[end])) ++end;
    if (end == 2) continue;
    std::string name(rest.substr(2, end - 2));
    ClientOptions::Value value = ClientOptions::Value::none;
    if (end < rest.size() && rest[end] == '=') value = ClientOptions::Value::required;
    if (end + 1 < rest.size() && rest[end] == '[' && rest[end + 1] == '=') value = ClientOptions::Value::optional;
    // A name listed twice ("--exclusive[=user]", "--exclusive[=mcs]") keeps its first reading.
    out.values.emplace(name, value);
    if (letter != 0) out.letters.emplace(letter, name);
  }
  return out;
}

StepExtras step_extras(const std::vector<std::string>& extra_lines, const ClientOptions& sbatch, const ClientOptions& srun) {
  StepExtras out;
  for (const auto& line : extra_lines) {
    auto options = sbatch.empty() || srun.empty() ? std::nullopt : line_options(line, sbatch, srun);
    if (!options) {
      out.left_out.push_back(line);
      continue;
    }
    out.options.insert(out.options.end(), options->begin(), options->end());
  }
  return out;
}

}  // namespace cluster
