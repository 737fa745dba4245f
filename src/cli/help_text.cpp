#include "cli/help_text.h"

#include <memory>
#include <sstream>

#include "cli/table.h"

namespace cli {

namespace {

// CLI11 names an option group in make_group without asking the formatter's labels; this
// formatter does, so the default group "Options" is shown in the help's language.
class CatalogFormatter final : public CLI::Formatter {
 public:
  std::string make_group(std::string group, bool is_positional, std::vector<const CLI::Option*> opts) const override {
    return CLI::Formatter::make_group(get_label(group), is_positional, std::move(opts));
  }
  // CLI11 pads the left column by bytes; "必須" takes 6 bytes and 4 columns, so the column is
  // padded by display width here (ASCII: the same bytes as CLI11's own detail::format_help).
  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    return help_line(make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt));
  }

 private:
  std::string help_line(const std::string& left, const std::string& description) const {
    const std::string name = "  " + left;
    const std::size_t width = static_cast<std::size_t>(display_width(name));
    const std::string indent(column_width_, ' ');
    std::ostringstream out;
    out << name;
    if (width < column_width_) out << std::string(column_width_ - width, ' ');
    if (!description.empty()) {
      if (width >= column_width_) out << "\n" << indent;
      for (const char c : description) {
        out.put(c);
        if (c == '\n') out << indent;
      }
    }
    out << "\n";
    return out.str();
  }
};

}  // namespace

std::string HelpText::operator()(std::string_view id, const std::vector<core::MessageArg>& args) const {
  m_used.emplace(id);
  return *m_texts.insert(core::msg(m_lang, id, args)).first;
}

core::Lang help_lang(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view a(argv[i]);
    if (a == "--") break;
    std::optional<core::Lang> lang;
    if (a == "--lang" && i + 1 < argc) lang = core::parse_lang(argv[i + 1]);
    if (a.rfind("--lang=", 0) == 0) lang = core::parse_lang(a.substr(7));
    if (lang) return *lang;
  }
  return core::lang_from_environment();
}

void use_help_frame(CLI::App& app, const HelpText& help) {
  auto formatter = std::make_shared<CatalogFormatter>();
  // The keys are CLI11's own words (its Formatter.hpp).
  formatter->label("Usage", help("help.label.usage"));
  formatter->label("OPTIONS", help("help.label.options_placeholder"));
  formatter->label("SUBCOMMAND", help("help.label.subcommand_placeholder"));
  formatter->label("Options", help("help.label.options"));
  formatter->label("Positionals", help("help.label.positionals"));
  formatter->label("REQUIRED", help("help.label.required"));
  app.formatter(formatter);
  app.set_help_flag("-h,--help", help("help.flag.help"));
  app.group(help("help.label.subcommands"));
}

}  // namespace cli
