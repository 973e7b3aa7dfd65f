#!/usr/bin/env bash
# private-cluster.sh — a private single-node Slurm cluster in one directory,
# for the `slurm` ctest and bench/slurm_sweep.sh (docs/cluster.md).
#
#   private-cluster.sh start DIR [CPUS]   munged, slurmctld, slurmd in the
#                                         foreground (backgrounded here) on
#                                         free ports, everything under DIR;
#                                         waits until the node is idle;
#                                         writes DIR/env (source it: SLURM_CONF)
#   private-cluster.sh stop DIR           cancels the cluster's jobs, stops the
#                                         three daemons by their process ids
#                                         (DIR/*.pid), waits for them to exit
#
# Nothing outside DIR is written or read except the Slurm and munge binaries:
# its own munge key and socket (the socket's directory mode 755: munged
# insists), its own slurm.conf, state and spool directories, and ports picked
# free at start, so several clusters (e.g. the sanitized ctest suite's, next to
# the normal one's) run side by side.  Exit status of start: 0 up; 77 Slurm or
# munge is not installed, or the cluster did not come up (reason on stderr,
# logs in DIR) — the caller skips; anything else is a usage error.
set -u

die77() { echo "private-cluster: $*" >&2; exit 77; }

need_tools() {
  for t in munged slurmctld slurmd sbatch squeue sinfo scancel; do
    command -v "$t" >/dev/null 2>&1 || PATH="$PATH:/usr/sbin:/sbin" command -v "$t" >/dev/null 2>&1 ||
      die77 "$t not found (scripts/setup.sh installs slurmctld slurmd slurm-client munge)"
  done
  export PATH="$PATH:/usr/sbin:/sbin"
}

free_ports() { # two free TCP ports on localhost
  /usr/bin/python3 - <<'PY'
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
for s in socks:
    s.close()
PY
}

start() {
  dir=$1; cpus=${2:-$(nproc)}
  need_tools
  mkdir -p "$dir" || exit 2
  dir=$(cd "$dir" && pwd)
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  chmod 755 "$dir" "$dir/munge"
  user=$(id -un)
  # munge: a fresh key, socket/pid/seed in DIR/munge.
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 600 "$dir/munge/munge.key"
  sock="$dir/munge/munge.socket"
  munged --foreground --force --socket="$sock" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munge.seed" \
    --log-file="$dir/log/munged.log" >"$dir/log/munged.out" 2>&1 &
  echo $! >"$dir/munged.pid"
  for _ in $(seq 50); do [ -S "$sock" ] && break; sleep 0.1; done
  [ -S "$sock" ] || die77 "munged did not start: $(tail -3 "$dir/log/munged.out" "$dir/log/munged.log" 2>/dev/null)"
  read -r ctld_port slurmd_port <<<"$(free_ports)"
  cat >"$dir/slurm.conf" <<CONF
# private single-node cluster (scripts/slurm/private-cluster.sh)
ClusterName=sonnxcts
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/state/slurmctld.pid
SlurmdPidFile=$dir/spool/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=main Nodes=localhost Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
  export SLURM_CONF="$dir/slurm.conf"
  printf 'export SLURM_CONF=%q\n' "$SLURM_CONF" >"$dir/env"
  slurmctld -D -i -f "$SLURM_CONF" >"$dir/log/slurmctld.out" 2>&1 &
  echo $! >"$dir/slurmctld.pid"
  slurmd -D -N localhost -f "$SLURM_CONF" >"$dir/log/slurmd.out" 2>&1 &
  echo $! >"$dir/slurmd.pid"
  for _ in $(seq 150); do
    state=$(sinfo -h -n localhost -o %T 2>/dev/null)
    [ "$state" = idle ] && { echo "private-cluster: up in $dir (slurmctld port $ctld_port, slurmd port $slurmd_port, $cpus CPUs)"; return 0; }
    sleep 0.2
  done
  echo "private-cluster: node state '${state:-?}' after 30 s; logs:" >&2
  tail -5 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" "$dir/log/"*.out >&2 2>/dev/null
  stop "$dir"
  exit 77
}

stop() {
  dir=$1
  [ -f "$dir/env" ] && . "$dir/env"
  export PATH="$PATH:/usr/sbin:/sbin"
  # Jobs first (their steps are children of slurmd's slurmstepd), so nothing
  # outlives the daemons.
  if [ -n "${SLURM_CONF:-}" ] && [ -f "$dir/slurmctld.pid" ] &&
     kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    scancel --full --quiet --user "$(id -un)" 2>/dev/null
    for _ in $(seq 50); do
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  for d in slurmd slurmctld munged; do
    f="$dir/$d.pid"
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
    fi
    rm -f "$f"
  done
  # When slurmctld was already gone no job could be cancelled: what is left
  # of this cluster's jobs (slurmstepd and the job's processes, started by
  # our slurmd, recognised by SLURM_CONF=DIR/slurm.conf together with a job
  # id in their environment; never this shell or its ancestors) is stopped
  # by process id.
  [ -f "$dir/slurm.conf" ] || return 0
  keep=" $$ "; p=$$
  while [ "$p" -gt 1 ] 2>/dev/null; do
    p=$(awk '{ print $4 }' "/proc/$p/stat" 2>/dev/null || echo 1); keep="$keep$p "
  done
  left=""
  for e in /proc/[0-9]*/environ; do
    pid=${e#/proc/}; pid=${pid%/environ}
    case "$keep" in *" $pid "*) continue ;; esac
    env=$( { tr '\0' '\n' <"$e"; } 2>/dev/null ) || continue
    printf '%s\n' "$env" | grep -qx "SLURM_CONF=$dir/slurm.conf" || continue
    if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = slurmstepd ] ||
       printf '%s\n' "$env" | grep -q '^SLURM_JOB_ID='; then
      left="$left $pid"
    fi
  done
  if [ -n "$left" ]; then
    echo "private-cluster: stopping leftover job processes:$left" >&2
    kill -KILL $left 2>/dev/null
  fi
  return 0
}

case "${1:-}" in
  start) [ $# -ge 2 ] || { echo "usage: $0 start DIR [CPUS]" >&2; exit 2; }; start "$2" "${3:-}" ;;
  stop) [ $# -eq 2 ] || { echo "usage: $0 stop DIR" >&2; exit 2; }; stop "$2" ;;
  *) echo "usage: $0 start DIR [CPUS] | stop DIR" >&2; exit 2 ;;
esac
