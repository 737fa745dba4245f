# The bash completion made by `quark-ptq completion bash`, sourced in a real bash and asked
# what follows each partial line (COMP_WORDS / COMP_CWORD as bash sets them on TAB): command
# names, a command's options, the choices of the option table (priority, eval, the targets
# knowledge knows), a global option after the command, a nested command, files otherwise.
quark-ptq completion bash > completion.bash || exit 1
bash -n completion.bash && echo "syntax ok"
mkdir -p files && touch files/held-out.jsonl
ask() {
  # $@: the words of the line, the last one being completed ("" for a fresh word).
  bash --norc --noprofile -c 'source completion.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _quark_ptq; echo "${COMPREPLY[*]}"' ask "$@"
}
echo "pl -> $(ask quark-ptq pl)"
echo "plan --pri -> $(ask quark-ptq plan --pri)"
echo "plan --priority _ -> $(ask quark-ptq plan --priority '')"
echo "--workdir wd start m --output-dir o --eval _ -> $(ask quark-ptq --workdir wd start m --output-dir o --eval '')"
echo "plan --target mi3 -> $(ask quark-ptq plan --target mi3)"
echo "plan --lang _ -> $(ask quark-ptq plan --lang '')"
echo "data st -> $(ask quark-ptq data st)"
echo "data stage --a -> $(ask quark-ptq data stage --a)"
echo "plan --eval-text files/h -> $(ask quark-ptq plan --eval-text files/h)"
echo "confirm analysis --d -> $(ask quark-ptq confirm analysis --d)"
complete_line=$(bash --norc --noprofile -c 'source completion.bash; complete -p quark-ptq')
echo "$complete_line"
