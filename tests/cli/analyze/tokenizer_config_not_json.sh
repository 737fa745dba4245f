# Issue 33: a tokenizer_config.json that is not JSON passed every checkpoint and failed only
# after the run (quark-cli loads the tokenizer from it). analyze refuses it, naming the file
# and where parsing stopped, quoting none of it; nothing is written.
set -u
cp -r "$SRC/examples/tiny-llama" m
printf '{"tokenizer_class": "LlamaTokenizer", "hf_SECRET": tru' > m/tokenizer_config.json
quark-ptq --workdir wd analyze m || echo "exit $?"
[ -e wd/model_analysis.json ] && echo "analysis written" || echo "nothing written"
