#!/bin/sh
# Nodes of a cluster on one machine, for atfc's cluster tests.
#
# Each node is a network namespace with its own stack and address, joined
# to the others by a veth pair on a bridge that lives in a namespace of
# its own (the "switch"): the addresses exist only inside the namespaces
# made here, nothing is routed out, and the machine's own network is not
# touched. Processes on a node run under their own hostname (a UTS
# namespace) and its own /tmp (DIR/tmp-NODE), which is also its $TMPDIR
# (make check's, under the machine's /tmp, is not there: slurmstepd said
# so, and in that run a rank crashed), so Open MPI and Slurm see
# distinct hosts; the rest of the file system and its mounts are the
# machine's (nsenter, not `ip netns exec`, which mounts a
# /sys of its own without the cgroups slurmd needs), shared by every node as
# a cluster's home directories are.
#
#   nodes.sh up DIR N        make nodes n1..nN (state in DIR: names, hostfile)
#   nodes.sh run DIR NODE CMD...   run CMD on NODE (n1..nN)
#   nodes.sh agent HOST CMD...     Open MPI's launch agent (ssh's place)
#   nodes.sh lose DIR NODE   kill every process on NODE, then pull its cable;
#                            the node leaves DIR/hostfile (as a scheduler
#                            drains a node that stopped answering)
#   nodes.sh lose-after DIR NODE FILE LINES CMD...
#                            run CMD; once FILE has LINES lines, lose NODE;
#                            exit with CMD's status
#   nodes.sh slurm-up DIR    start Slurm on the nodes: munged (one, on a
#                            socket in DIR), slurmctld on n1, a slurmd per
#                            node; `run` then gives SLURM_CONF
#   nodes.sh wait-lines FILE LINES   wait (up to 5 min) until FILE has LINES lines
#   nodes.sh slurm-idle DIR  wait (up to 1 min) until Slurm runs no job
#   nodes.sh down DIR        stop Slurm, remove every node of DIR
#
# Names are made from DIR's absolute path (short: an interface name has at
# most 15 characters), so tests running at once do not meet and a run finds
# what a failed one left behind. `run` and `agent` give commands the
# environment Open MPI needs to start ranks on the nodes: this script as its
# launch agent, TCP on the nodes' subnet, and DIR/hostfile (2 slots a node).
set -eu

subnet=10.231.7
tag() { printf 'at%s' "$(cd "$1" && pwd | cksum | cut -c1-8)"; }

# The environment of a command on the nodes.
cluster_env() {
  export NODES_DIR="$(cd "$1" && pwd)"
  export OMPI_MCA_plm_rsh_agent="$NODES_DIR/nodes.sh agent"
  export OMPI_MCA_btl=tcp,self
  export OMPI_MCA_btl_tcp_if_include="$subnet.0/24"
  export OMPI_MCA_oob_tcp_if_include="$subnet.0/24"
  export OMPI_MCA_orte_default_hostfile="$NODES_DIR/hostfile"
  if [ -f "$NODES_DIR/slurm/slurm.conf" ]; then
    export SLURM_CONF="$NODES_DIR/slurm/slurm.conf"
  fi
}

node_ns() { printf '%s-%s' "$(tag "$1")" "$2"; }

case "$1" in
up)
  dir=$2 n=$3 t=$(tag "$2")
  "$0" down "$dir"
  cp "$0" "$dir/nodes.sh"
  : > "$dir/hosts"
  ip netns add "$t-sw"
  ip -n "$t-sw" link add br0 type bridge
  ip -n "$t-sw" link set br0 up
  : > "$dir/hostfile"
  i=1
  while [ "$i" -le "$n" ]; do
    ns="$t-n$i"
    ip netns add "$ns"
    ip -n "$ns" link set lo up
    # One end in the node, the other on the switch's bridge.
    ip link add "$t-$i" type veth peer name "$t-p$i"
    ip link set "$t-$i" netns "$ns"
    ip link set "$t-p$i" netns "$t-sw"
    ip -n "$ns" link set "$t-$i" name eth0
    ip -n "$ns" addr add "$subnet.$i/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$t-sw" link set "$t-p$i" master br0
    ip -n "$t-sw" link set "$t-p$i" up
    echo "$subnet.$i n$i" >> "$dir/hosts"
    mkdir -p "$dir/tmp-n$i"
    chmod 1777 "$dir/tmp-n$i"
    echo "$subnet.$i slots=2" >> "$dir/hostfile"
    i=$((i + 1))
  done
  echo "$n" > "$dir/nodes"
  ;;
run)
  dir=$2 node=$3
  shift 3
  cluster_env "$dir"
  exec nsenter --net="/run/netns/$(node_ns "$dir" "$node")" \
    unshare --uts --mount --propagation private sh -c \
    'hostname "$0"; mount --bind "$NODES_DIR/tmp-$0" /tmp; export TMPDIR=/tmp; exec "$@"' \
    "$node" "$@"
  ;;
agent)
  # Open MPI calls its agent as ssh: HOST COMMAND (one string for a shell).
  # The node's directory comes from NODES_DIR in the environment.
  host=$2
  shift 2
  cluster_env "$NODES_DIR"
  node=$(awk -v h="$host" '$1 == h || $2 == h { print $2 }' "$NODES_DIR/hosts")
  [ -n "$node" ] || { echo "nodes.sh: no node $host" >&2; exit 255; }
  exec nsenter --net="/run/netns/$(node_ns "$NODES_DIR" "$node")" \
    unshare --uts --mount --propagation private sh -c \
    'hostname "$0"; mount --bind "$NODES_DIR/tmp-$0" /tmp; export TMPDIR=/tmp; exec sh -c "$1"' \
    "$node" "$*"
  ;;
lose)
  dir=$2 ns=$(node_ns "$2" "$3")
  for pid in $(ip netns pids "$ns"); do kill -9 "$pid" 2>/dev/null || true; done
  ip -n "$ns" link del eth0 2>/dev/null || true
  address=$(awk -v n="$3" '$2 == n { print $1 }' "$dir/hosts")
  grep -v "^$address " "$dir/hostfile" > "$dir/hostfile.new" || true
  mv "$dir/hostfile.new" "$dir/hostfile"
  ;;
lose-after)
  dir=$2 node=$3 file=$4 lines=$5
  shift 5
  "$@" &
  job=$!
  tries=0
  while [ "$(wc -l < "$file")" -lt "$lines" ] && kill -0 "$job" 2>/dev/null; do
    tries=$((tries + 1))
    [ "$tries" -lt 6000 ] || { echo "nodes.sh: $file never reached $lines lines" >&2; break; }
    sleep 0.05
  done
  "$0" lose "$dir" "$node"
  status=0
  wait "$job" || status=$?
  exit "$status"
  ;;
slurm-up)
  dir=$(cd "$2" && pwd)
  n=$(cat "$dir/nodes")
  s=$dir/slurm
  mkdir -p "$s/munge" "$s/state" "$s/spool"
  chmod 700 "$s/munge"
  dd if=/dev/urandom of="$s/munge/munge.key" bs=1024 count=1 2> /dev/null
  chmod 600 "$s/munge/munge.key"
  munged --force --socket="$s/munge/socket" --key-file="$s/munge/munge.key" \
    --pid-file="$s/munge/pid" \
    --log-file="$s/munge/log" --seed-file="$s/munge/seed"
  {
    echo "ClusterName=atfc"
    echo "SlurmctldHost=n1($subnet.1)"
    echo "AuthType=auth/munge"
    echo "AuthInfo=socket=$s/munge/socket"
    echo "CredType=cred/munge"
    echo "SlurmUser=root"
    echo "SlurmdUser=root"
    echo "StateSaveLocation=$s/state"
    echo "SlurmdSpoolDir=$s/spool/%n"
    echo "SlurmctldPidFile=$s/slurmctld.pid"
    echo "SlurmdPidFile=$s/slurmd-%n.pid"
    echo "SlurmctldLogFile=$s/slurmctld.log"
    echo "SlurmdLogFile=$s/slurmd-%n.log"
    echo "ProctrackType=proctrack/linuxproc"
    echo "TaskPlugin=task/none"
    echo "JobAcctGatherType=jobacct_gather/none"
    echo "SelectType=select/cons_tres"
    echo "SelectTypeParameters=CR_Core"
    echo "MpiDefault=none"
    echo "ReturnToService=2"
    echo "SlurmctldTimeout=30"
    echo "SlurmdTimeout=30"
    echo "KillWait=5"
    i=1
    while [ "$i" -le "$n" ]; do
      echo "NodeName=n$i NodeAddr=$subnet.$i CPUs=2 State=UNKNOWN"
      i=$((i + 1))
    done
    echo "PartitionName=nodes Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
  } > "$s/slurm.conf"
  "$0" run "$dir" n1 slurmctld -f "$s/slurm.conf"
  i=1
  while [ "$i" -le "$n" ]; do
    mkdir -p "$s/spool/n$i"
    "$0" run "$dir" "n$i" slurmd -f "$s/slurm.conf" -N "n$i"
    i=$((i + 1))
  done
  # Ready when every node is idle.
  tries=0
  until [ "$("$0" run "$dir" n1 sinfo -h -o '%T %D' 2>/dev/null)" = "idle $n" ]; do
    tries=$((tries + 1))
    if [ "$tries" -ge 300 ]; then
      echo "nodes.sh: Slurm did not come up:" >&2
      "$0" run "$dir" n1 sinfo >&2 || true
      tail -5 "$s"/*.log >&2 || true
      exit 1
    fi
    sleep 0.1
  done
  ;;
wait-lines)
  tries=0
  until [ "$(wc -l < "$2")" -ge "$3" ]; do
    tries=$((tries + 1))
    [ "$tries" -lt 6000 ] || { echo "nodes.sh: $2 never reached $3 lines" >&2; exit 1; }
    sleep 0.05
  done
  ;;
slurm-idle)
  tries=0
  until [ -z "$("$0" run "$2" n1 squeue -h)" ]; do
    tries=$((tries + 1))
    [ "$tries" -lt 600 ] || { echo "nodes.sh: Slurm's jobs did not end" >&2; exit 1; }
    sleep 0.1
  done
  ;;
down)
  dir=$2 t=$(tag "$2")
  # munged is found by its socket (its pid file is gone once it runs).
  if [ -d "$dir/slurm" ]; then
    pkill -f -- "--socket=$(cd "$dir" && pwd)/slurm/munge/socket" 2>/dev/null || true
  fi
  n=$(cat "$dir/nodes" 2>/dev/null || echo 3)
  i=1
  while [ "$i" -le "$n" ]; do
    for pid in $(ip netns pids "$t-n$i" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
    ip netns del "$t-n$i" 2>/dev/null || true
    i=$((i + 1))
  done
  ip netns del "$t-sw" 2>/dev/null || true
  ;;
*)
  echo "usage: nodes.sh up|run|agent|lose|down ..." >&2
  exit 2
  ;;
esac
