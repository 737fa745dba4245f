# A model directory whose name is not UTF-8 (Latin-1 "mod\xe8le"): refused at analyze, exit 3,
# nothing written, the name shown escaped; before, it was analysed "complete" with a garbled path
# and failed only at prepare.
d=$(printf 'mod\xe8le')
mkdir "$d"
cp "$SRC"/examples/tiny-llama/* "$d"/
quark-ptq analyze "./$d"
echo "exit $?"
[ -e model_analysis.json ] && echo "analysis written" || echo "nothing written"
quark-ptq --lang ja analyze "./$d" 2>&1 >/dev/null | grep -c 'UTF-8'
