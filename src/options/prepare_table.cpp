#include "options/prepare_table.h"

#include <array>

#include "core/fs.h"
#include "core/json_io.h"
#include "core/shell_quote.h"
#include "knowledge/estimate_constants.h"

namespace options {

namespace {

using P = PrepareOptions;

// In `quark-ptq prepare --help` order.
const std::array kPrepareRows = {
    PrepareOptionRow{"output_dir", "--output-dir", "output_dir", "DIR", Kind::text, &P::output_dir, "help.prepare.output_dir", true, true},
    PrepareOptionRow{"python", "--python", "python", "PATH", Kind::text, &P::python, "help.prepare.python"},
    PrepareOptionRow{"eval_python", "--eval-python", "eval_python", "PATH", Kind::text, &P::eval_python, "help.prepare.eval_python"},
    PrepareOptionRow{"overwrite", "--overwrite", "overwrite", "", Kind::flag, &P::overwrite, "help.prepare.overwrite"},
    PrepareOptionRow{"executor", "--executor", "executor", "E", Kind::choice, &P::executor, "help.prepare.executor"},
    PrepareOptionRow{"partition", "--partition", "partition", "NAME", Kind::text, &P::partition, "help.prepare.partition"},
    PrepareOptionRow{"gpus", "--gpus", "gpus", "N", Kind::count, &P::gpus, "help.prepare.gpus"},
    PrepareOptionRow{"cpus", "--cpus", "cpus", "N", Kind::count, &P::cpus, "help.prepare.cpus"},
    PrepareOptionRow{"mem", "--mem", "mem", "SIZE", Kind::text, &P::mem, "help.prepare.mem"},
    PrepareOptionRow{"time_limit", "--time-limit", "time_limit", "TIME", Kind::text, &P::time_limit, "help.prepare.time_limit"},
    PrepareOptionRow{"account", "--account", "account", "NAME", Kind::text, &P::account, "help.prepare.account"},
    PrepareOptionRow{"sbatch_extra", "--sbatch-extra", "sbatch_extra", "FILE", Kind::path, &P::sbatch_extra, "help.prepare.sbatch_extra"},
    PrepareOptionRow{"preflight", "--preflight", "preflight", "WHERE", Kind::choice, &P::preflight, "help.prepare.preflight"},
};

}  // namespace

std::span<const PrepareOptionRow> prepare_option_rows() { return kPrepareRows; }

const PrepareOptionRow* find_prepare_option(std::string_view name) {
  for (const auto& row : kPrepareRows) {
    if (row.key == name || row.flag == name || row.mcp_name == name) return &row;
  }
  return nullptr;
}

std::vector<std::string> choices(const PrepareOptionRow& row) {
  if (row.key == "executor") return {"local", "slurm"};
  if (row.key == "preflight") return {"job", "login"};
  return {};
}

std::vector<std::string> suggestions(const PrepareOptionRow& row) { return choices(row); }

std::vector<core::MessageArg> help_args(core::Lang lang, const PrepareOptionRow& row) {
  std::vector<core::MessageArg> args;
  if (row.kind == Kind::choice) {
    std::string list;
    for (const auto& c : choices(row)) list += (list.empty() ? "" : lang == core::Lang::ja ? "、" : ", ") + c;
    args.push_back({"choices", list});
  }
  if (row.key == "executor") args.push_back({"default", PrepareOptions{}.executor});
  auto number = [](double v) {
    return v == static_cast<double>(static_cast<long long>(v)) ? std::to_string(static_cast<long long>(v)) : core::Json(v).dump();
  };
  if (auto k = knowledge::estimate_constants(); k && row.key == "mem") {
    args.push_back({"margin", number((*k)->slurm.memory_margin_pct)});
  } else if (k && row.key == "time_limit") {
    args.push_back({"margin", number((*k)->slurm.time_margin_pct)});
    args.push_back({"minimum", number((*k)->slurm.minimum_minutes)});
  }
  return args;
}

std::string help_text(core::Lang lang, const PrepareOptionRow& row) { return core::msg(lang, row.help_id, help_args(lang, row)); }

void make_paths_absolute(PrepareOptions& o) {
  for (const auto& row : kPrepareRows) {
    if (row.kind != Kind::path) continue;
    auto& value = o.*std::get<std::string PrepareOptions::*>(row.field);
    if (!value.empty()) value = core::absolute_path(value).string();
  }
}

std::string prepare_command(const PrepareOptions& o) {
  const PrepareOptions defaults;
  std::string out = "quark-ptq prepare";
  for (const auto& row : kPrepareRows) {
    std::visit(
        [&](auto member) {
          const auto& v = o.*member;
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::string>) {
            if (!v.empty() && v != defaults.*member) out += " " + std::string(row.flag) + " " + core::shell_quote(v);
          } else if constexpr (std::is_same_v<T, std::optional<int>>) {
            if (v) out += " " + std::string(row.flag) + " " + std::to_string(*v);
          } else if constexpr (std::is_same_v<T, bool>) {
            if (v) out += " " + std::string(row.flag);
          } else {
            for (const auto& item : v) out += " " + std::string(row.flag) + " " + core::shell_quote(item);
          }
        },
        row.field);
  }
  return out;
}

}  // namespace options
