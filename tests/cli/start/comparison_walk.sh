# start walks a comparison (plan --compare) past checkpoint 2: step 3 prepares every candidate,
# checkpoint 3 asks once for all of their commands, step 4 runs them (each verified and
# evaluated), and checkpoint 4 shows the table with the recommendation and asks which
# candidate to accept; the answer is recorded in that candidate's workdir.
source "$SRC/tests/cli/compare/lib.bash"
compare_planned || exit 1
export VIRTUAL_ENV="$PWD/venv"
python3 "$SRC/tests/cli/start/pty_drive.py" --timeout 180 --transcript t.txt --eof \
  --expect 'Shall I run these 2 exact commands\?' --send yes \
  --expect 'Accept which candidate\?' --send fp8 \
  -- quark-ptq --lang en --workdir wd start "$PWD/model" --output-dir "$PWD/out" --eval-python "$PWD/evalpy" > /dev/null
echo "start: exit $?"
grep -E "^Step [34]|^== Candidate|^\* fp8 is recommended|^Accept which" t.txt | sed "s|$PWD/||g" | cut -c1-100
python3 -c 'import json; c = json.load(open("wd/candidates/fp8/checkpoints.json"))["confirmations"][-1]; print(c["checkpoint"], c["decision"], c["user_words"])'
quark-ptq --workdir wd status | grep -E "^  4  " | sed -E 's/ +/ /g' | cut -d' ' -f2-5
# Resumed, everything is done: nothing runs again and nothing is asked.
python3 "$SRC/tests/cli/start/pty_drive.py" --timeout 180 --transcript t2.txt --eof \
  -- quark-ptq --lang en --workdir wd start "$PWD/model" --output-dir "$PWD/out" --eval-python "$PWD/evalpy" > /dev/null
echo "resumed: exit $?"
echo "runs: $(run_logs)"
