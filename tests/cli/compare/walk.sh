# A comparison from checkpoint 3 to checkpoint 4 on the fakes: prepare writes one workdir per
# candidate and one digest over their commands; run --approve runs both candidates one after
# another, each verified and evaluated as a single run is (int4_wo_128's output is the fake's
# fp8, so it does not verify and is not evaluated); the table and the recommendation follow,
# report.html shows both; accept --candidate decides checkpoint 4 in that candidate's workdir and
# --remove-others removes the other candidate's output (only what the comparison made there).
source "$SRC/tests/cli/compare/lib.bash"
compare_prepared || exit 1
grep -E "^(Step 3|Candidate|Total|Checkpoint 3)" prepare.txt | sed 's/~[0-9.]* /~N /g'
ls wd wd/candidates
[ ! -e out ] && echo "nothing created outside the workdir before the approval"
quark-ptq validate wd/comparison_manifest.yaml > /dev/null && echo "comparison manifest: valid"
quark-ptq --workdir wd status | sed -n 's/^Next: //p'
quark-ptq --workdir wd run --approve "$DIGEST" > run.txt 2> run.err
echo "run exit $?"
grep -E "^== |^verification|^evaluation" run.txt | sed 's/ in [0-9]* s / in N s /'
# The table's first five columns (time and memory vary from run to run), then the rest.
sed -n '/^Checkpoint 4: the comparison/,/^$/p' run.txt | sed -E 's/[0-9.]+ KiB/S KiB/; s/^  -[- ]+$/  RULE/; s/  +/|/g' | cut -d'|' -f1-6
sed -n '/^\* /,$p' run.txt | sed -E 's/[0-9.]+ KiB/S KiB/'
grep -c 'class="candidate' wd/report.html > /dev/null && grep -o 'int4_wo_128\|fp8' wd/report.html | sort | uniq -c | awk '{print ($1 > 0) ? $2 " in report.html" : ""}'
mkdir -p elsewhere && touch elsewhere/keep && ln -s "$PWD/elsewhere" out/planted
quark-ptq --workdir wd accept --candidate fp8 --remove-others | sed "s|$PWD/||"
ls out elsewhere
quark-ptq --workdir wd status | grep -E "^  4  "
python3 -c 'import json; c = json.load(open("wd/candidates/fp8/checkpoints.json"))["confirmations"]; print([(e["checkpoint"], e["decision"], e.get("via", "")) for e in c])'
