#include "options/option_table.h"

#include <algorithm>
#include <array>

#include "core/fs.h"
#include "core/shell_quote.h"
#include "knowledge/calib_datasets.h"
#include "knowledge/plan_rules.h"
#include "knowledge/plan_targets.h"
#include "knowledge/release_data.h"

namespace options {

namespace {

using P = PlanOptions;

// In `quark-ptq plan --help` order: the recorded options and commands keep it too.
const std::array kPlanRows = {
    PlanOptionRow{"target", "--target", "target", "HW", Kind::text, &P::target, "help.plan.target"},
    PlanOptionRow{"priority", "--priority", "priority", "P", Kind::choice, &P::priority, "help.plan.priority"},
    PlanOptionRow{"scheme", "--scheme", "scheme", "S", Kind::text, &P::scheme, "help.plan.scheme"},
    PlanOptionRow{"kv_cache", "--kv-cache", "kv_cache", "S", Kind::text, &P::kv_cache, "help.plan.kv_cache"},
    PlanOptionRow{"algo", "--algo", "algo", "A,B", Kind::text, &P::algo, "help.plan.algo"},
    PlanOptionRow{"override", "--override", "overrides", "PATTERN=SCHEME", Kind::list, &P::overrides, "help.plan.override"},
    PlanOptionRow{"exclude", "--exclude", "excludes", "PATTERN", Kind::list, &P::excludes, "help.plan.exclude"},
    PlanOptionRow{"calib_dataset", "--calib-dataset", "calib_dataset", "D", Kind::text, &P::calib_dataset, "help.plan.calib_dataset"},
    PlanOptionRow{"calib_samples", "--calib-samples", "calib_samples", "N", Kind::count, &P::calib_samples, "help.plan.calib_samples"},
    PlanOptionRow{"seq_len", "--seq-len", "seq_len", "L", Kind::count, &P::seq_len, "help.plan.seq_len"},
    PlanOptionRow{"batch_size", "--batch-size", "batch_size", "B", Kind::count, &P::batch_size, "help.plan.batch_size"},
    PlanOptionRow{"eval", "--eval", "eval", "E", Kind::choice, &P::eval, "help.plan.eval"},
    PlanOptionRow{"eval_text", "--eval-text", "eval_text", "FILE", Kind::path, &P::eval_text, "help.plan.eval_text"},
    PlanOptionRow{"compare", "--compare", "compare", "S,S|auto", Kind::text, &P::compare, "help.plan.compare"},
    PlanOptionRow{"compare_max", "--compare-max", "compare_max", "N", Kind::count, &P::compare_max, "help.plan.compare_max"},
    PlanOptionRow{"multi_device", "--multi-device", "multi_device", "", Kind::flag, &P::multi_device, "help.plan.multi_device"},
    PlanOptionRow{"trust_remote_code", "--trust-remote-code", "trust_remote_code", "", Kind::flag, &P::trust_remote_code,
                  "help.plan.trust_remote_code"},
    PlanOptionRow{"python", "--python", "python", "PATH", Kind::text, &P::python, "help.plan.python"},
    PlanOptionRow{"quark_version", "--quark-version", "quark_version", "V", Kind::text, &P::quark_version, "help.plan.quark_version"},
    PlanOptionRow{"write_template", "--write-template", "write_template", "", Kind::flag, &P::write_template, "help.plan.write_template",
                  false},
    PlanOptionRow{"template_file", "--template-file", "template_file", "PATH", Kind::text, &P::template_file, "help.plan.template_file"},
};

std::string join(core::Lang lang, const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : lang == core::Lang::ja ? "、" : ", ") + s;
  return out;
}

// quark-cli's calibration defaults, as the newest shipped release documents them.
std::optional<knowledge::CalibDefaults> calib_defaults() {
  const auto& releases = knowledge::shipped_releases();
  if (releases.empty()) return std::nullopt;
  auto catalog = knowledge::DatasetCatalog::load(releases.back());
  if (!catalog) return std::nullopt;
  return catalog->defaults();
}

}  // namespace

std::span<const PlanOptionRow> plan_option_rows() { return kPlanRows; }

const PlanOptionRow* find_plan_option(std::string_view name) {
  for (const auto& row : kPlanRows) {
    if (row.key == name || row.flag == name || row.mcp_name == name) return &row;
  }
  return nullptr;
}

std::vector<std::string> choices(const PlanOptionRow& row) {
  if (row.kind != Kind::choice) return {};
  auto rules = knowledge::plan_rules();
  if (!rules) return {};
  if (row.key == "priority") return (*rules)->priorities;
  std::vector<std::string> intents{"none"};
  for (const auto& [name, budget] : (*rules)->evaluation.budgets) intents.push_back(name);
  // "none", then the budgets from the smallest: none, smoke, full.
  std::sort(intents.begin() + 1, intents.end(), [&](const std::string& a, const std::string& b) {
    return (*rules)->evaluation.budgets.at(a).windows < (*rules)->evaluation.budgets.at(b).windows;
  });
  return intents;
}

std::vector<std::string> suggestions(const PlanOptionRow& row) {
  if (row.kind == Kind::choice) return choices(row);
  std::vector<std::string> names;
  if (row.key == "target") {
    if (auto targets = knowledge::plan_targets()) {
      for (const auto& t : (*targets)->targets) names.push_back(t.name);
    }
  }
  return names;
}

std::vector<core::MessageArg> help_args(core::Lang lang, const PlanOptionRow& row) {
  std::vector<core::MessageArg> args;
  if (row.kind == Kind::choice) args.push_back({"choices", join(lang, choices(row))});
  if (row.key == "target") {
    std::vector<std::string> names;
    if (auto targets = knowledge::plan_targets()) {
      for (const auto& t : (*targets)->targets) names.push_back(t.name);
    }
    args.push_back({"targets", join(lang, names)});
  } else if (row.key == "priority") {
    args.push_back({"default", PlanOptions{}.priority});
  } else if (row.key == "eval") {
    auto rules = knowledge::plan_rules();
    args.push_back({"default", rules ? (*rules)->default_evaluation_intent : ""});
  } else if (row.key == "compare_max") {
    auto rules = knowledge::plan_rules();
    args.push_back({"default", rules ? std::to_string((*rules)->comparison.max_candidates) : ""});
  } else if (auto d = calib_defaults(); d && row.key == "calib_dataset") {
    args.push_back({"default", d->dataset});
  } else if (d && row.key == "calib_samples") {
    args.push_back({"default", std::to_string(d->num_calib_data)});
  } else if (d && row.key == "seq_len") {
    args.push_back({"default", std::to_string(d->seq_len)});
  } else if (d && row.key == "batch_size") {
    args.push_back({"default", std::to_string(d->batch_size)});
  }
  return args;
}

std::string help_text(core::Lang lang, const PlanOptionRow& row) { return core::msg(lang, row.help_id, help_args(lang, row)); }

core::Json value_json(const PlanOptions& o, const PlanOptionRow& row) {
  return std::visit(
      [&o](auto member) -> core::Json {
        const auto& v = o.*member;
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::string>) {
          return v.empty() ? core::Json(nullptr) : core::Json(v);
        } else if constexpr (std::is_same_v<T, std::optional<int>>) {
          return v ? core::Json(*v) : core::Json(nullptr);
        } else if constexpr (std::is_same_v<T, bool>) {
          return v ? core::Json(true) : core::Json(nullptr);
        } else {
          return v.empty() ? core::Json(nullptr) : core::Json(v);
        }
      },
      row.field);
}

void copy_option(PlanOptions& dst, const PlanOptions& src, const PlanOptionRow& row) {
  std::visit([&](auto member) { dst.*member = src.*member; }, row.field);
}

core::Json to_json(const PlanOptions& o) {
  core::Json j = core::Json::object();
  for (const auto& row : kPlanRows) {
    if (!row.recorded) continue;
    if (core::Json v = value_json(o, row); !v.is_null()) j[std::string(row.key)] = std::move(v);
  }
  return j;
}

core::Result<PlanOptions> from_json(const core::Json& recorded) {
  PlanOptions o;
  if (!recorded.is_object()) return core::make_error(core::ExitCode::bad_input, "options.bad_recorded").with("key", "options");
  for (auto it = recorded.begin(); it != recorded.end(); ++it) {
    const PlanOptionRow* row = find_plan_option(it.key());
    auto bad = [&] { return core::make_error(core::ExitCode::bad_input, "options.bad_recorded").with("key", it.key()); };
    if (row == nullptr || row->key != it.key() || !row->recorded) return bad();
    const core::Json& v = it.value();
    bool ok = std::visit(
        [&](auto member) {
          auto& field = o.*member;
          using T = std::decay_t<decltype(field)>;
          if constexpr (std::is_same_v<T, std::string>) {
            if (!v.is_string()) return false;
            field = v.get<std::string>();
          } else if constexpr (std::is_same_v<T, std::optional<int>>) {
            if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > 1'000'000'000) return false;
            field = static_cast<int>(v.get<std::int64_t>());
          } else if constexpr (std::is_same_v<T, bool>) {
            if (!v.is_boolean()) return false;
            field = v.get<bool>();
          } else {
            if (!v.is_array()) return false;
            field.clear();
            for (const auto& item : v) {
              if (!item.is_string()) return false;
              field.push_back(item.get<std::string>());
            }
          }
          return true;
        },
        row->field);
    if (!ok) return bad();
  }
  return o;
}

namespace {

// Each set recorded row as (flag, value) - a flag row with no value, a list row once per value.
std::vector<std::pair<std::string_view, std::optional<std::string>>> given_words(const PlanOptions& o,
                                                                                 const std::vector<std::string_view>& leave_out) {
  std::vector<std::pair<std::string_view, std::optional<std::string>>> out;
  for (const auto& row : kPlanRows) {
    if (!row.recorded || std::find(leave_out.begin(), leave_out.end(), row.key) != leave_out.end()) continue;
    const core::Json v = value_json(o, row);
    if (v.is_null()) continue;
    if (v.is_boolean()) {
      out.emplace_back(row.flag, std::nullopt);
    } else if (v.is_array()) {
      for (const auto& item : v) out.emplace_back(row.flag, item.get<std::string>());
    } else {
      out.emplace_back(row.flag, v.is_string() ? v.get<std::string>() : std::to_string(v.get<std::int64_t>()));
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> plan_argv(const PlanOptions& o, const std::vector<std::string_view>& leave_out) {
  std::vector<std::string> argv;
  for (const auto& [flag, value] : given_words(o, leave_out)) {
    argv.emplace_back(flag);
    if (value) argv.push_back(*value);
  }
  return argv;
}

std::string plan_command(const PlanOptions& o, const std::vector<std::string_view>& leave_out) {
  std::string out = "quark-ptq plan";
  for (const auto& [flag, value] : given_words(o, leave_out)) {
    out += " ";
    out += flag;
    if (value) out += " " + core::shell_quote(*value);
  }
  return out;
}

void make_paths_absolute(PlanOptions& o) {
  for (const auto& row : kPlanRows) {
    if (row.kind != Kind::path) continue;
    auto& value = o.*std::get<std::string PlanOptions::*>(row.field);
    if (!value.empty()) value = core::absolute_path(value).string();
  }
}

}  // namespace options
