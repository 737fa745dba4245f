# Issue 18: a config.json with a UTF-8 byte-order mark is refused, naming the file, as
# transformers refuses it (before: analysed "complete", failing only when quark-cli loads it).
set -u
mkdir m && cp "$SRC/examples/tiny-llama/"* m/
{ printf '\xef\xbb\xbf'; cat "$SRC/examples/tiny-llama/config.json"; } > m/config.json
quark-ptq --workdir wd analyze ./m
