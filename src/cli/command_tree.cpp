#include "cli/command_tree.h"

#include "options/option_table.h"

namespace cli {

namespace {

// "TEXT:{accuracy,balanced,size}" -> its choices; "TEXT" -> none.
std::vector<std::string> choices_in(const std::string& type_name) {
  std::vector<std::string> out;
  auto open = type_name.find('{');
  auto close = type_name.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::string item;
  for (char c : type_name.substr(open + 1, close - open - 1)) {
    if (c == ',') {
      out.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  if (!item.empty()) out.push_back(item);
  return out;
}

CommandDoc walk(const CLI::App& app, std::vector<std::string> path) {
  CommandDoc doc;
  doc.path = path;
  doc.description = app.get_description();
  for (const CLI::Option* o : app.get_options()) {
    OptionDoc d;
    d.positional = !o->nonpositional();
    if (d.positional) {
      d.names = {o->get_name()};
    } else {
      for (const auto& s : o->get_snames()) d.names.push_back("-" + s);
      for (const auto& l : o->get_lnames()) d.names.push_back("--" + l);
    }
    d.takes_value = o->get_expected_max() != 0 && o->get_type_size() != 0;
    d.required = o->get_required();
    d.value_name = d.takes_value ? o->get_type_name() : "";
    d.choices = choices_in(d.value_name);
    // A plan option's value: what the option table knows (the targets, for --target).
    if (const auto* row = d.choices.empty() && d.takes_value ? options::find_plan_option(o->get_name()) : nullptr) {
      d.choices = options::suggestions(*row);
    }
    d.description = o->get_description();
    doc.options.push_back(std::move(d));
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    std::vector<std::string> sub_path = path;
    sub_path.push_back(sub->get_name());
    doc.commands.push_back(walk(*sub, sub_path));
  }
  return doc;
}

}  // namespace

CommandDoc command_tree(const CLI::App& app) { return walk(app, {}); }

}  // namespace cli
