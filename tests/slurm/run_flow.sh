#!/usr/bin/env bash
# Step 4 as a Slurm job through a real one-node cluster (scripts/slurm/cluster.sh): the workdir
# is prepared with --executor slurm, `quark-ptq run --approve DIGEST` submits it with the real
# sbatch and follows it with the real squeue/sacct, and the manifest must say truthfully how
# the job ended. The job runs the fake quark-cli (tests/fakes/quark-cli; its scenario reaches
# the job through Slurm's environment export), so every way a job ends can be made on purpose:
#
#   completed  the job succeeds: verified, run.job state completed, the output copied into the run log
#   failed     quark-cli exits 1 (CUDA out of memory): failed, diagnosed from the job's output
#   timeout    the job's time limit is lowered to 0 while it runs: TIMEOUT, slurm_time_limit
#   cancel     SIGINT to quark-ptq without a terminal: scancel, an interrupted run, exit 130
#   detach     SIGHUP to quark-ptq: the job runs on; `status` names it; a second `run` follows
#              it again once approved (refused without), verifies it, with no second job
#   question   Ctrl-C on a terminal asks: "follow" goes on, "detach" leaves the job running
#   node_fail  the node is set down under a job that may not be requeued: NODE_FAIL
#   preempted  a job of the higher tier partition takes the node: PREEMPTED
#   memory     quark-cli holds 200 MiB for a few seconds: sstat's samples of the batch step are
#              the run's peak host memory and its timeline, in the manifest and report.html
#   preflight_refused  prepare names a partition the cluster does not have: srun cannot start
#              the environment preflight; one line naming it, exit 6, the manifest untouched
#   submission_refused  an extra #SBATCH line asks for a node feature the cluster lacks: slurmctld
#              refuses it when prepare asks (sbatch --test-only; the preflight on the login node,
#              as the job-step preflight would carry the constraint and be refused first); one
#              line with its words, exit 6
#   time_limit_over  a time limit over the partition's (sinfo): refused by prepare, exit 6
#   gpu_evaluation  a GPU plan evaluated by quark-ptq: the job gets one of the cluster's GPUs
#              (generic resources of the test cluster, no device behind them), and after it the
#              evaluation runs as a job step of its own with one GPU (srun), not on this node;
#              an extra line's --constraint goes to both steps, its --mail-type to neither
#
# In every scenario prepare's environment preflight runs as a job step on the partition (srun):
# the manifest must name the node and the job id it ran as.
#   run_flow.sh QUARK_PTQ SOURCE_DIR SCENARIO
# Exit 77 (ctest: skipped) where slurm-wlm / munge are missing, unless CI is set.
set -euo pipefail
bin=$1
src=$2
scenario=$3
source "$src/tests/slurm/cluster_lib.bash"
cd "$work"

fail() {
  echo "FAIL [$scenario]: $*" >&2
  echo "--- run_manifest.yaml" >&2
  cat wd/run_manifest.yaml >&2 2> /dev/null || true
  echo "--- quark-ptq output" >&2
  cat run.out >&2 2> /dev/null || true
  echo "--- the job's output" >&2
  cat wd/logs/slurm-job.out >&2 2> /dev/null || true
  echo "--- slurmctld.log (tail)" >&2
  tail -n 30 "$work/cluster/log/slurmctld.log" >&2 2> /dev/null || true
  exit 1
}
# field PATH: a value of the manifest ("run/job/state"), printed as JSON.
field() {
  python3 - "$1" << 'EOF'
import json, sys, yaml
v = yaml.safe_load(open("wd/run_manifest.yaml"))
for k in sys.argv[1].split("/"):
    v = v.get(k) if isinstance(v, dict) else None
print(json.dumps(v))
EOF
}
expect() {
  local got
  got=$(field "$1")
  [ "$got" = "$2" ] || fail "$1 is $got, expected $2"
}
wait_for_state() {  # STATE SECONDS: until the manifest's run.job.state is STATE
  local i
  for ((i = 0; i < $2 * 5; i++)); do
    [ "$(field run/job/state)" = "\"$1\"" ] && return 0
    sleep 0.2
  done
  fail "the job never reached $1 (run.job.state $(field run/job/state))"
}

# A tiny source model as the fake quark-cli exports it, and a confirmed workdir for a CPU plan
# (the test node has no GPUs) with the fake Python environment, its quark-cli the fake one; the
# calibration data staged in $HOME's cache.
python3 "$src/tests/fakes/quark_model.py" source model
plan_set=(--set 'device_strategy="cpu"')
extra=()
if [ "$scenario" = gpu_evaluation ]; then
  # A single-device GPU plan that quark-ptq evaluates; the evaluator (the fake one) writes
  # down where it ran: the Slurm job and the GPU it was given, if any.
  echo '{"text": "held-out prose"}' > text.jsonl
  plan_set=(--set 'evaluation_intent="smoke"' --set "evaluation={\"intent\": \"smoke\", \"windows\": 4, \"seq_len\": 64,
    \"canary_tokens\": 8, \"max_ppl_increase_pct\": 5, \"budget_seconds\": 60, \"z\": 1.96, \"text\": \"$work/text.jsonl\"}")
  printf '#!/bin/sh\ncase "$*" in *quark-ptq-eval-ready*) echo %s; exit 0;; esac\necho "job=${SLURM_JOB_NAME:-} gpus=${SLURM_STEP_GPUS:-none}" >> %s\nexec "%s/tests/fakes/evaluator-python" "$@"\n' \
    "'{\"probe\": \"quark-ptq-eval-ready\", \"ready\": true, \"why\": \"\"}'" "$work/evaluated-on" "$src" > evalpy
  chmod +x evalpy
  printf '#SBATCH --constraint=qptq\n#SBATCH --mail-type=END\n' > placement.sbatch
  extra=(--eval-python "$work/evalpy" --sbatch-extra "$work/placement.sbatch")
fi
python3 "$src/tests/cli/prepare/make_workdir.py" wd --model "$work/model" --fake-python venv \
  --probe "$src/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME" \
  "${plan_set[@]}" > /dev/null
# The job runs the fake quark-cli where prepare finds quark-cli in that environment.
printf '#!/bin/sh\nexec python3 %s "$@"\n' "$src/tests/fakes/quark-cli" > venv/bin/quark-cli
case $scenario in
  node_fail) printf '#SBATCH --no-requeue\n' > extra.sbatch && extra=(--sbatch-extra "$work/extra.sbatch") ;;
  preempted) extra=(--cpus "$(sinfo --noheader --format=%c | head -n 1 | tr -d ' ')") ;;
esac
"$bin" --json --workdir wd prepare --output-dir "$work/out/tiny" --python "$work/venv/bin/python" \
  --executor slurm --partition debug --mem 1G --time-limit 10 "${extra[@]}" > prepared.json 2> prepare.err ||
  { cat prepare.err >&2; fail "prepare --executor slurm failed"; }
digest=$(python3 -c 'import json; print(json.load(open("prepared.json"))["digest"])')
# The environment was checked where the job runs: a job step of its own on the partition.
python3 - "$(field executor/preflight)" "$(sinfo --noheader --format=%N | head -n 1)" << 'EOF' || fail "executor.preflight: $(field executor/preflight)"
import json, sys
p = json.loads(sys.argv[1])
assert p["where"] == "job" and p["node"] == sys.argv[2] and p["partition"] == "debug", p
assert p["job_id"] and p["job_id"].isdigit(), p
assert p["srun"][1:3] == ["--job-name=qptq-preflight", "--partition=debug"] and "--mem=1024M" in p["srun"], p
EOF
[ "$(squeue --noheader --states=all --name=qptq-preflight --format=%T)" = COMPLETED ] || fail "the preflight job step did not complete"

# `run` in the background, its exit status in run.status once it ends.
start_run() {
  (
    code=0
    "$bin" --workdir wd run "$@" > run.out 2>&1 || code=$?
    echo "$code" > run.status
  ) &
  runner=$!
}
finish_run() {  # SECONDS
  local i
  for ((i = 0; i < $1 * 5; i++)); do
    [ -f run.status ] && { cat run.status; return 0; }
    sleep 0.2
  done
  fail "quark-ptq run did not end within $1 s"
}
# The pid of quark-ptq itself (the subshell's child).
ptq_pid() { pgrep -P "$runner" -f "$bin" | head -n 1; }

case $scenario in
  completed)
    "$bin" --workdir wd run --approve "$digest" > run.out 2>&1 || fail "run exited $?"
    expect run/status '"succeeded"'
    expect run/job/state '"completed"'
    expect run/job/exit_code 0
    expect result/status '"success"'
    grep -q "Submitted Slurm job" run.out || fail "no submission line"
    # The job's output reached the run log, and the stages were followed from it.
    grep -q "QUARK-INFO" "wd/$(field run/log | tr -d '"')" || fail "the run log lacks quark-cli's output"
    [ "$(field run/stages | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')" -ge 2 ] || fail "stages not followed"
    grep -q "^exec " wd/slurm/job.sbatch || fail "the batch script was not written"
    ;;
  failed)
    set +e
    FAKE_QUARK_SCENARIO=oom "$bin" --workdir wd run --approve "$digest" > run.out 2>&1
    code=$?
    set -e
    [ "$code" = 9 ] || fail "run exited $code, expected 9"
    expect run/status '"failed"'
    expect run/job/state '"failed"'
    expect run/job/exit_code 1
    expect run/diagnosis/rule '"gpu_oom_in_calibration"'
    ;;
  timeout)
    FAKE_QUARK_SCENARIO=hang start_run --approve "$digest"
    wait_for_state running 60
    scontrol update "jobid=$(field run/job/id | tr -d '"')" TimeLimit=0 > /dev/null
    [ "$(finish_run 90)" = 9 ] || fail "run exited $(cat run.status), expected 9"
    expect run/job/state '"timeout"'
    expect run/diagnosis/rule '"slurm_time_limit"'
    grep -q "time limit of 10 min" run.out || fail "the diagnosis does not name the time limit"
    ;;
  cancel)
    FAKE_QUARK_SCENARIO=hang start_run --approve "$digest"
    wait_for_state running 60
    kill -INT "$(ptq_pid)"
    [ "$(finish_run 60)" = 130 ] || fail "run exited $(cat run.status), expected 130"
    expect run/status '"interrupted"'
    expect run/job/state '"cancelled"'
    expect run/job/cancelled_by_quark_ptq true
    [ -z "$(squeue --noheader --jobs="$(field run/job/id | tr -d '"')" --states=PENDING,RUNNING 2> /dev/null)" ] || fail "the job still runs"
    ;;
  detach)
    FAKE_QUARK_SLEEP=3 start_run --approve "$digest"
    wait_for_state running 60
    kill -HUP "$(ptq_pid)"
    [ "$(finish_run 30)" = 130 ] || fail "run exited $(cat run.status), expected 130"
    grep -q "run_manifest.yaml records it" run.out || fail "no word on the detached job"
    expect run/status '"running"'
    job=$(field run/job/id)
    "$bin" --workdir wd status > status.out 2>&1 || true
    grep -q "Slurm job ${job//\"/}" status.out || fail "status does not name the job: $(cat status.out)"
    # Its document (--json, the MCP status tool) says where the job stands, asked of Slurm now.
    "$bin" --json --workdir wd status > status.json 2> /dev/null || true
    python3 -c 'import json,sys; d=json.load(open("status.json")); n=d.get("job_now") or {}; sys.exit(0 if n.get("id")==sys.argv[1] and n.get("state") in ("running","completing","completed") and d["next_action"]["id"]=="workflow.next_follow_job" else 1)' "${job//\"/}" ||
      fail "status --json: $(cat status.json)"
    # Followed again: without the person's approval nothing happens (the record that names the
    # job is in the writable workdir); with it, the same job is followed, no second job, then
    # verified.
    code=0
    "$bin" --workdir wd run > run.out 2>&1 || code=$?
    [ "$code" = 7 ] || fail "following again without an approval exited $code, expected 7"
    "$bin" --workdir wd run --approve "$digest" > run.out 2>&1 || fail "the second run exited $?"
    expect run/job/id "$job"
    expect run/status '"succeeded"'
    expect run/job/state '"completed"'
    expect result/status '"success"'
    [ "$(squeue --noheader --states=all --name=quark-ptq --format=%i | wc -l)" = 1 ] || fail "a second job was submitted"
    ;;
  question)
    # On a terminal Ctrl-C asks: "follow" goes on following, a second Ctrl-C answered
    # "detach" leaves the job running (exit 130) and the manifest keeps it.
    set +e
    FAKE_QUARK_SCENARIO=hang python3 "$src/tests/cli/start/pty_drive.py" --timeout 60 --transcript run.out \
      --expect 'Slurm job [0-9]+: running' --send $'\x03' --expect 'go on following \(follow\)\?' --send follow \
      --expect 'follow' --send $'\x03' --expect 'go on following \(follow\)\?' --send detach \
      -- "$bin" --workdir wd run --approve "$digest"
    code=$?
    set -e
    [ "$code" = 130 ] || fail "run on a terminal exited $code, expected 130"
    [ "$(grep -c 'go on following (follow)?' run.out)" = 2 ] || fail "the question was not asked twice"
    grep -q "was left running" run.out || fail "no word on the job left running"
    expect run/status '"running"'
    job=$(field run/job/id | tr -d '"')
    squeue --noheader --jobs="$job" --states=RUNNING | grep -q . || fail "the detached job does not run"
    scancel "$job"
    ;;
  node_fail)
    FAKE_QUARK_SCENARIO=hang start_run --approve "$digest"
    wait_for_state running 60
    node=$(sinfo --noheader --format=%N | head -n 1)
    scontrol update "nodename=$node" state=down reason=test > /dev/null
    code=$(finish_run 60)
    scontrol update "nodename=$node" state=resume > /dev/null
    [ "$code" = 9 ] || fail "run exited $code, expected 9"
    expect run/job/state '"node_fail"'
    expect run/diagnosis/rule '"slurm_node_fail"'
    ;;
  preempted)
    FAKE_QUARK_SCENARIO=hang start_run --approve "$digest"
    wait_for_state running 60
    cpus=$(sinfo --noheader --format=%c | head -n 1 | tr -d ' ')
    sbatch --parsable --partition=urgent --cpus-per-task="$cpus" --mem=64M --output=/dev/null --wrap=true > /dev/null
    [ "$(finish_run 60)" = 9 ] || fail "run exited $(cat run.status), expected 9"
    expect run/job/state '"preempted"'
    expect run/diagnosis/rule '"slurm_preempted"'
    ;;
  memory)
    # The fake quark-cli holds 200 MiB from calibration to its end (4 s and more); the
    # job's memory is sampled with sstat every 2 s while it runs (jobacct_gather: every 1 s).
    FAKE_QUARK_HOLD_MIB=200 FAKE_QUARK_SLEEP=4 "$bin" --workdir wd run --approve "$digest" > run.out 2>&1 || fail "run exited $?"
    expect run/status '"succeeded"'
    expect run/job/memory/sampled_by '"sstat"'
    python3 - "$(field run)" wd/report.html << 'EOF' || fail "the recorded memory is not the job's"
import json, sys
run, html = json.loads(sys.argv[1]), open(sys.argv[2]).read()
peak = run["peak"]["group_rss_mib"]
# 200 MiB held by python3 with the fake's modules imported (about 20-60 MiB of its own).
assert isinstance(peak, int) and 200 <= peak <= 330, f"peak {peak} MiB for 200 MiB held"
assert run["peak"]["host_memory_mib"] == peak, run["peak"]
assert run["job"]["memory"]["samples"] >= 1 and run["job"]["memory"]["sstat_max_rss_mib"] == peak, run["job"]["memory"]
held = [s for s in run["timeline"] if s["group_rss_mib"] >= 200]
assert held and all(s["group_rss_mib"] <= peak for s in run["timeline"]), run["timeline"]
assert run["monitor"]["samples"] == len(run["timeline"])
# report.html draws the host series and names the peak.
assert 'class="host"' in html.split("<figure", 1)[-1] and f"{peak} MiB" in html, "report.html has no host memory"
print(f"peak {peak} MiB recorded for 200 MiB held; {len(run['timeline'])} samples")
EOF
    grep -q "host (quark-cli) $(field run/peak/group_rss_mib) MiB" run.out || fail "run's summary does not name the peak"
    ;;
  preflight_refused)
    before=$(sha256sum wd/run_manifest.yaml)
    code=0
    "$bin" --workdir wd prepare --output-dir "$work/out/tiny" --python "$work/venv/bin/python" \
      --executor slurm --partition nope --mem 1G > refused.out 2>&1 || code=$?
    [ "$code" = 6 ] || fail "prepare on a partition the cluster lacks exited $code, expected 6: $(cat refused.out)"
    [ "$(wc -l < refused.out)" = 1 ] || fail "not one line: $(cat refused.out)"
    grep -q "could not start as a job step on partition nope: srun: error: Unable to allocate resources: Invalid partition name specified" refused.out ||
      fail "the line does not name the partition and srun's words: $(cat refused.out)"
    [ "$(sha256sum wd/run_manifest.yaml)" = "$before" ] || fail "the manifest was changed"
    ;;
  gpu_evaluation)
    expect executor/resources/gpus 1
    python3 - "$(field executor/evaluation_step)" << 'EOF' || fail "executor.evaluation_step: $(field executor/evaluation_step)"
import json, sys
s = json.loads(sys.argv[1])
assert s["srun"][1:4] == ["--job-name=qptq-evaluate", "--partition=debug", "--gpus=1"] and s["srun"][-1] == "--quit-on-interrupt", s
assert s["time_limit_minutes"] == 12 and "--time=0-00:12:00" in s["srun"], s
assert "--constraint=qptq" in s["srun"] and s["left_out"] == ["#SBATCH --mail-type=END"], s
EOF
    python3 - "$(field executor/preflight)" << 'EOF' || fail "executor.preflight: $(field executor/preflight)"
import json, sys
p = json.loads(sys.argv[1])
assert "--constraint=qptq" in p["srun"] and p["left_out"] == ["#SBATCH --mail-type=END"], p
EOF
    FAKE_EVAL=pass "$bin" --workdir wd run --approve "$digest" > run.out 2>&1 || fail "run exited $?"
    expect run/job/state '"completed"'
    expect evaluation/verdict '"pass"'
    grep -q "as a Slurm job step of its own: .*--job-name=qptq-evaluate" run.out || fail "run does not say where the evaluation runs"
    # The evaluator ran in a job step named qptq-evaluate that Slurm gave a GPU, after the job.
    [ "$(cat evaluated-on)" = "job=qptq-evaluate gpus=0" ] || fail "the evaluator ran as: $(cat evaluated-on)"
    [ "$(squeue --noheader --states=all --name=qptq-evaluate --format=%T)" = COMPLETED ] || fail "the evaluation's step did not complete"
    ;;
  submission_refused | time_limit_over)
    before=$(sha256sum wd/run_manifest.yaml)
    code=0
    if [ "$scenario" = submission_refused ]; then
      printf '#SBATCH --constraint=nosuchfeature\n' > nofeature.sbatch
      "$bin" --workdir wd prepare --output-dir "$work/out/tiny" --python "$work/venv/bin/python" \
        --executor slurm --partition debug --mem 1G --sbatch-extra "$work/nofeature.sbatch" --preflight login > refused.out 2>&1 || code=$?
      want="slurmctld would not take this job (sbatch --test-only: allocation failure: Invalid feature specification)"
    else
      "$bin" --workdir wd prepare --output-dir "$work/out/tiny" --python "$work/venv/bin/python" \
        --executor slurm --partition short --mem 1G --time-limit 10 > refused.out 2>&1 || code=$?
      want="the job's time limit of 10 min is more than partition short allows (5 min)"
    fi
    [ "$code" = 6 ] || fail "prepare exited $code, expected 6: $(cat refused.out)"
    [ "$(wc -l < refused.out)" = 1 ] || fail "not one line: $(cat refused.out)"
    grep -qF "$want" refused.out || fail "the line does not say why: $(cat refused.out)"
    [ "$(sha256sum wd/run_manifest.yaml)" = "$before" ] || fail "the manifest was changed"
    [ -z "$(squeue --noheader --states=all --name=quark-ptq)" ] || fail "a job was submitted"
    # The same with the limit the partition allows is taken, and says what slurmctld answered.
    if [ "$scenario" = time_limit_over ]; then
      "$bin" --workdir wd prepare --output-dir "$work/out/tiny" --python "$work/venv/bin/python" \
        --executor slurm --partition short --mem 1G --time-limit 5 > taken.out 2>&1 || fail "prepare within the limit: $(cat taken.out)"
      grep -q "Asked of slurmctld (sbatch --test-only, nothing submitted): sbatch: Job [0-9]* to start at .* in partition short" taken.out ||
        fail "checkpoint 3 does not show slurmctld's answer: $(cat taken.out)"
      expect executor/submission_check/partition_limit_minutes 5
    fi
    ;;
  *)
    echo "run_flow.sh: unknown scenario $scenario" >&2
    exit 2
    ;;
esac
echo "ok [$scenario]"
