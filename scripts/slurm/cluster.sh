#!/usr/bin/env bash
# A throwaway single-node Slurm for tests: munged, slurmctld and slurmd started by hand (no
# systemd: CI containers have none), bound to loopback, on ports free at start, with every
# key, state, spool, log and pid file under DIR. Nothing of the host's /etc/slurm or
# /etc/munge is read or written.
#
#   scripts/slurm/cluster.sh start DIR [PID]  # idempotent: an already running cluster in DIR is kept
#   scripts/slurm/cluster.sh stop DIR         # kills exactly the pids in DIR's pid files
#   scripts/slurm/cluster.sh env DIR          # prints SLURM_CONF=... for the client commands
#
# With PID, the cluster is stopped once that process has ended (checked every second): a
# test killed by its timeout does not leave daemons behind.
#
# Client commands (sbatch, squeue, sacct, scontrol, scancel) find this cluster through
# SLURM_CONF=DIR/etc/slurm.conf. Exit status of start: 0 up, 1 failed (with the logs' tail on
# stderr), 2 usage, 3 the Debian packages slurm-wlm / munge are missing.
#
# Accounting: `sacct` proper needs slurmdbd, and slurmdbd needs MySQL/MariaDB. This cluster
# keeps AccountingStorageType=accounting_storage/none and writes the job completion log
# (JobCompType=jobcomp/filetxt, DIR/jobcomp.log), which `sacct -c` reads; while a job is
# known to slurmctld (MinJobAge after its end) squeue and `scontrol show job` answer too.
set -euo pipefail
# The daemons live in sbin, which a user's PATH may lack.
PATH=$PATH:/usr/sbin:/sbin

usage() {
  echo "usage: $0 start DIR [PID] | stop DIR | env DIR" >&2
  exit 2
}
[ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$1" = start ] && [[ $3 =~ ^[0-9]+$ ]]; } || usage
action=$1
owner=${3:-}
case $action in
  start) mkdir -p "$2" ;;
  stop | env) [ -d "$2" ] || exit 0 ;;
  *) usage ;;
esac
dir=$(cd "$2" && pwd)
conf=$dir/etc/slurm.conf
pids=(munged slurmctld slurmd)

pid_file() {
  case $1 in
    munged) echo "$dir/munge/munged.pid" ;;
    *) echo "$dir/run/$1.pid" ;;
  esac
}

# The pid in $1's pid file when that process is alive and is the program named $1 (a pid
# file left from a dead daemon may name a pid reused by something else: never touch that).
live_pid() {
  local f p
  f=$(pid_file "$1")
  [ -s "$f" ] || return 1
  p=$(tr -dc 0-9 <"$f")
  [ -n "$p" ] && [ -r "/proc/$p/comm" ] || return 1
  [ "$(cat "/proc/$p/comm")" = "$1" ] && running "$p" || return 1
  echo "$p"
}

# Still running: not gone, and not a zombie (a container's init may never reap the daemons).
running() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}

logs_tail() {
  local f
  for f in "$dir/munge/munged.log" "$dir/log/slurmctld.log" "$dir/log/slurmd.log"; do
    [ -f "$f" ] || continue
    echo "--- last lines of $f" >&2
    tail -n 15 "$f" >&2
  done
}

stop() {
  local name p i
  rm -f "$dir/run/owner"  # the watcher of start's PID ends with it
  # Jobs still running (a test that failed before it ended its job) are cancelled while the
  # daemons can still do it: their steps would outlive slurmd otherwise.
  if live_pid slurmctld >/dev/null; then
    SLURM_CONF=$conf timeout 10 scancel --user="$(id -un)" 2>/dev/null || true
    for i in $(seq 30); do
      [ -z "$(SLURM_CONF=$conf timeout 5 squeue --noheader --states=RUNNING,COMPLETING,PENDING 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  # slurmd first, munged last: the daemons authenticate through munge while they shut down.
  for name in slurmd slurmctld munged; do
    p=$(live_pid "$name") || continue
    kill -TERM "$p" 2>/dev/null || true
    for i in $(seq 50); do
      running "$p" || break
      sleep 0.1
    done
    if running "$p"; then kill -KILL "$p" 2>/dev/null || true; fi
    rm -f "$(pid_file "$name")"
  done
}

all_running() {
  local name
  for name in "${pids[@]}"; do live_pid "$name" >/dev/null || return 1; done
}

# Two distinct TCP ports free on loopback now (the kernel picks them).
free_ports() {
  python3 - <<'EOF'
import socket
socks = []
for _ in range(2):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
print(" ".join(str(s.getsockname()[1]) for s in socks))
EOF
}

# `slurmd -C` prints the NodeName line for this host; keep the hardware fields of it.
node_hardware() {
  slurmd -C | sed -n 's/^NodeName=[^ ]* //p' | head -n 1 | sed 's/ *$//'
}

# With CommunicationParameters=NoCtldInAddrAny,NoInAddrAny the daemons bind to the address
# this host's name resolves to (slurm_setup_addr in Slurm's src/common/slurm_protocol_api.c),
# not to every interface: loopback-only where the name resolves to 127.x or ::1 (Debian's
# /etc/hosts has 127.0.1.1 for it). Elsewhere binding to that address would break the
# clients, which connect to 127.0.0.1: the daemons then listen on every interface, on the
# random ports chosen below, answering only to holders of DIR's munge key.
comm_params() {
  local addr
  addr=$(getent hosts "$(hostname)" | awk '{print $1; exit}')
  case $addr in
    127.* | ::1) echo "CommunicationParameters=NoCtldInAddrAny,NoInAddrAny" ;;
    *)
      echo "$0: $(hostname) resolves to '${addr:-nothing}', not to loopback: the daemons listen on every interface" >&2
      echo "# $(hostname) does not resolve to loopback: the daemons bind to every interface."
      ;;
  esac
}

write_conf() {
  local host ctld_port slurmd_port user hw
  host=$(hostname -s)
  read -r ctld_port slurmd_port < <(free_ports)
  user=$(id -un)
  hw=$(node_hardware)
  [ -n "$hw" ] || { echo "$0: slurmd -C printed no node line" >&2; exit 1; }
  mkdir -p "$dir/etc" "$dir/munge" "$dir/run" "$dir/log" "$dir/state" "$dir/spool" "$dir/tmp"
  chmod 0700 "$dir/munge"
  : >"$dir/etc/plugstack.conf"
  printf 'AutoDetect=off\nName=gpu File=/dev/null\nName=gpu File=/dev/zero\n' >"$dir/etc/gres.conf"
  cat >"$conf" <<EOF
# Generated by scripts/slurm/cluster.sh for $host: a one-node test cluster on loopback.
ClusterName=qptq
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
$(comm_params)
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
# cred_expire is also how long a requeued job waits before it may start again (default 120 s).
AuthInfo=socket=$dir/munge/munge.socket,cred_expire=5
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$dir/etc/plugstack.conf
TmpFS=$dir/tmp
MpiDefault=none
MailProg=/bin/true
SwitchType=switch/none
# No cgroups in containers: processes are tracked by parentage, tasks are not confined.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=256
# Memory is sampled every second and a job over its --mem is killed (OUT_OF_MEMORY): the
# enforcement that cgroups would give, which containers do not have.
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=1
JobAcctGatherParams=OverMemoryKill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.log
# Ended jobs stay visible to squeue and scontrol for five minutes; a time limit ends a job
# at once (no grace) and its tasks get SIGKILL one second after SIGTERM.
MinJobAge=300
KillWait=1
OverTimeLimit=0
InactiveLimit=0
# A node set down by scontrol stays down until resumed (tests resume it themselves).
ReturnToService=1
SchedulerType=sched/backfill
# Schedule at once: a submitted job within a second (not batched for 3 s), and a job whose
# begin time has come (a requeued one) within two (not at the next full pass, every 60 s).
SchedulerParameters=batch_sched_delay=0,sched_interval=2,bf_interval=2
# A job of the higher tier partition "urgent" cancels (PREEMPTED) a job of "debug" in its way.
PreemptType=preempt/partition_prio
PreemptMode=CANCEL
# Two GPUs as generic resources with no device behind them (gres.conf names /dev/null and
# /dev/zero): Slurm allocates them and sets CUDA_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES for a job
# or step that asks (--gpus), so GPU jobs are scheduled as on a GPU partition. The node has the
# feature "qptq", for --constraint.
GresTypes=gpu
NodeName=$host NodeAddr=127.0.0.1 NodeHostname=$host $hw Gres=gpu:2 Features=qptq State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP PriorityTier=1
PartitionName=urgent Nodes=$host MaxTime=INFINITE State=UP PriorityTier=2
# A partition whose jobs may run 5 minutes at most (a time limit over it is refused by prepare).
PartitionName=short Nodes=$host MaxTime=5 State=UP PriorityTier=1
EOF
}

start_munged() {
  [ -s "$dir/munge/munge.key" ] || {
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chmod 0600 "$dir/munge/munge.key"
  }
  munged --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed"
}

wait_idle() {
  local host state i
  host=$(hostname -s)
  # 150 x 0.1 s: the daemons answer within a second or two here; 15 s means something is wrong.
  for i in $(seq 150); do
    state=$(SLURM_CONF=$conf sinfo -h -n "$host" -o %t 2>/dev/null || true)
    case $state in
      idle | mix | alloc) return 0 ;;
    esac
    sleep 0.1
  done
  echo "$0: the node $host did not become idle within 15 s (sinfo says: '${state:-no answer}')" >&2
  return 1
}

start() {
  command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null || {
    echo "$0: slurmctld, slurmd or munged not found (Debian packages slurm-wlm and munge)" >&2
    exit 3
  }
  if [ -f "$conf" ] && all_running; then
    wait_idle || { logs_tail; exit 1; }
    watch_owner
    return 0
  fi
  stop
  # A fresh cluster: job ids start at 1 again, so the state and the completion log of an
  # earlier one would answer for jobs of this one; its logs would mislead a failure's tail.
  rm -rf "$dir/state" "$dir/spool" "$dir/jobcomp.log" "$dir/log" "$dir/munge/munged.log"
  write_conf
  start_munged || { logs_tail; exit 1; }
  # -i: ignore state files from an earlier run of this DIR (jobs it knew are gone).
  SLURM_CONF=$conf slurmctld -i || { logs_tail; exit 1; }
  SLURM_CONF=$conf slurmd || { logs_tail; exit 1; }
  wait_idle || { logs_tail; exit 1; }
  watch_owner
}

# A detached watcher (its own session, no descriptor of ours) that stops the cluster when the
# owner has ended, and ends itself when stop has removed DIR/run/owner.
watch_owner() {
  [ -n "$owner" ] || return 0
  echo "$owner" >"$dir/run/owner"
  local self
  self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
  setsid bash -c 'while [ -f "$2/run/owner" ] && kill -0 "$3" 2>/dev/null; do sleep 1; done
                  [ -f "$2/run/owner" ] && exec bash "$1" stop "$2"' watcher "$self" "$dir" "$owner" </dev/null >/dev/null 2>&1 &
}

case $action in
  start) start ;;
  stop) stop ;;
  env) echo "SLURM_CONF=$conf" ;;
  *) usage ;;
esac
