#include "cli/completion_script.h"

#include "core/shell_quote.h"

namespace cli {

namespace {

std::string words(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& w : items) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The option names and subcommand names that may follow `cmd`.
std::vector<std::string> candidates(const CommandDoc& cmd) {
  std::vector<std::string> out;
  for (const auto& c : cmd.commands) out.push_back(c.path.back());
  for (const auto& o : cmd.options) {
    if (o.positional) continue;
    for (const auto& n : o.names) {
      if (n.rfind("--", 0) == 0) out.push_back(n);
    }
  }
  return out;
}

void all_commands(const CommandDoc& cmd, std::vector<const CommandDoc*>& out) {
  out.push_back(&cmd);
  for (const auto& c : cmd.commands) all_commands(c, out);
}

std::string key_of(const CommandDoc& cmd) {
  std::string key;
  for (const auto& p : cmd.path) key += (key.empty() ? "" : " ") + p;
  return key;
}

}  // namespace

std::string bash_completion(const CommandDoc& top) {
  std::vector<const CommandDoc*> commands;
  all_commands(top, commands);
  std::string out =
      "# bash completion for quark-ptq (made by `quark-ptq completion bash` from its command line).\n"
      "# bash: source it, or put it in ~/.local/share/bash-completion/completions/quark-ptq.\n"
      "# zsh: autoload -U bashcompinit && bashcompinit, then source it.\n"
      "_quark_ptq() {\n"
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
      "  local path=\"\" i w\n"
      "  COMPREPLY=()\n"
      "  # The command path so far: the words that name commands; the values of options skipped.\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    w=\"${COMP_WORDS[i]}\"\n"
      "    case \"$w\" in\n"
      "      -*) _quark_ptq_value \"$path\" \"$w\" '' && ((i++)); continue;;\n"
      "    esac\n"
      "    _quark_ptq_is_command \"$path\" \"$w\" && path=\"${path:+$path }$w\"\n"
      "  done\n"
      "  COMPREPLY=()\n"
      "  # The value of an option of this command, or of a global option (they may come after it).\n"
      "  if [ \"$COMP_CWORD\" -gt 1 ] && { _quark_ptq_value \"$path\" \"$prev\" \"$cur\" || _quark_ptq_value '' \"$prev\" \"$cur\"; }; "
      "then\n"
      "    return\n"
      "  fi\n"
      "  case \"$path\" in\n";
  for (const CommandDoc* cmd : commands) {
    out += "    " + core::shell_quote(key_of(*cmd)) + ") COMPREPLY=($(compgen -W " + core::shell_quote(words(candidates(*cmd))) +
           " -- \"$cur\"));;\n";
  }
  out +=
      "  esac\n"
      "  [ ${#COMPREPLY[@]} -gt 0 ] || COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      "}\n"
      "# Whether option $2 of command path $1 takes a value; if so, the candidates for $3 in\n"
      "# COMPREPLY: its choices, or file names.\n"
      "_quark_ptq_value() {\n"
      "  case \"$1|$2\" in\n";
  for (const CommandDoc* cmd : commands) {
    for (const auto& o : cmd->options) {
      if (o.positional || !o.takes_value) continue;
      std::string pattern;
      for (const auto& n : o.names) pattern += (pattern.empty() ? "" : "|") + core::shell_quote(key_of(*cmd) + "|" + n);
      out += "    " + pattern + ")\n";
      if (o.choices.empty()) {
        out += "      COMPREPLY=($(compgen -f -- \"$3\"));;\n";
      } else {
        out += "      COMPREPLY=($(compgen -W " + core::shell_quote(words(o.choices)) + " -- \"$3\"));;\n";
      }
    }
  }
  out +=
      "    *) return 1;;\n"
      "  esac\n"
      "}\n"
      "# Whether word $2 names a subcommand of command path $1.\n"
      "_quark_ptq_is_command() {\n"
      "  case \"$1|$2\" in\n";
  for (const CommandDoc* cmd : commands) {
    for (const auto& c : cmd->commands) out += "    " + core::shell_quote(key_of(*cmd) + "|" + c.path.back()) + ") return 0;;\n";
  }
  out +=
      "  esac\n"
      "  return 1\n"
      "}\n"
      "complete -F _quark_ptq quark-ptq\n";
  return out;
}

}  // namespace cli
