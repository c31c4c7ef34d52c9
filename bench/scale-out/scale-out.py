#!/usr/bin/env python3
"""Throughput of `atfc tune --ranks N` with a run script that sleeps.

    python3 bench/scale-out/scale-out.py BUILD/tools/atfc/atfc [EVALUATIONS] [RANKS...]
        [--sleep SECONDS] [--rounds K] [--nodes N] [--new-output]

For each number of ranks (default 1 2 4 8) it tunes bench/scale-out/sleeping.sh
(its run script sleeping SECONDS, default 0.2) for EVALUATIONS configurations
(default 96) into a fresh output directory and prints a Markdown table: the
tuning loop's seconds (the run's elapsed time in best.json, from the first
proposal to the last result), configurations per second, the loop's speed-up
over 1 rank, the efficiency against the ideal (ranks / SECONDS per second),
the whole command's wall time (MPI start and tuner build included), the wall
time's speed-up over 1 rank, and rank 0's CPU time per configuration
(ATFC_RANKS_STATS: the searching tuner and its launcher; 1 rank: the tuner,
from its rusage).

With --rounds K it measures the numbers of ranks K times, alternating (1 4 1 4
...), so that a machine's changing load reaches each alike, and adds the
medians; speed-ups are against the same round's 1 rank where there is one.

With --new-output every run tunes into an output directory of its own
that holds no tuner: the tuner comes from the per-user tuner cache
(ATFC_TUNER_CACHE, here a directory of the run's own, filled by the build
beforehand), as it does for a user's `atfc tune -o NEW`. Without it, each
run starts from a copy of the directory the tuner was built in.

With --nodes N (root only) the ranks run on N nodes made on this machine
(test/atfc/cluster/Inputs/nodes.sh: a network namespace each, 2 slots a
node): `atfc tune --ranks R` starts on node n1 and Open MPI places ranks 1
to R-1 over the nodes, across its TCP transport; 1 rank still runs alone.
The work directory is then under $HOME, as a cluster's shared home (each
node has a /tmp of its own).
"""
import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("atfc")
parser.add_argument("evaluations", nargs="?", type=int, default=96)
parser.add_argument("ranks", nargs="*", type=int)
parser.add_argument("--sleep", type=float, default=0.2)
parser.add_argument("--rounds", type=int, default=1)
parser.add_argument("--nodes", type=int, default=0)
parser.add_argument("--new-output", action="store_true")
options = parser.parse_args()
atfc = os.path.abspath(options.atfc)
evaluations = options.evaluations
all_ranks = options.ranks or [1, 2, 4, 8]

env = dict(os.environ, ATFC_RANKS_STATS="1")
if os.geteuid() == 0:
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")

work = tempfile.mkdtemp(prefix="atfc-scale-out-",
                        dir=os.path.expanduser("~") if options.nodes else None)
nodes = os.path.join(here, "..", "..", "test", "atfc", "cluster", "Inputs", "nodes.sh")
on_nodes = []
if options.nodes:
    os.mkdir(os.path.join(work, "nodes"))
    subprocess.run([nodes, "up", os.path.join(work, "nodes"), str(options.nodes)], check=True)
    on_nodes = [nodes, "run", os.path.join(work, "nodes"), "n1"]
source = os.path.join(work, "sleeping.sh")
with open(os.path.join(here, "sleeping.sh")) as f:
    text = f.read().replace('"sleep 0.2"', f'"sleep {options.sleep:g}"')
with open(source, "w") as f:
    f.write(text)
if options.new_output:
    env["ATFC_TUNER_CACHE"] = os.path.join(work, "tuners")
# Build the tuner once, so that every run finds it cached.
subprocess.run([atfc, "build", source, "-o", os.path.join(work, "cache")], check=True,
               stdout=subprocess.DEVNULL, env=env)


def measure(ranks, out):
    if not options.new_output:
        shutil.copytree(os.path.join(work, "cache"), out)
    command = [atfc, "tune", source, "-o", out, "--abort-condition",
               f"evaluations({evaluations})"]
    if ranks > 1:
        command = on_nodes + command + ["--ranks", str(ranks)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    run = json.load(open(os.path.join(out, "best.json")))["run"]
    assert run["evaluations"] == evaluations, run
    stats = re.search(r"searching tuner ([0-9.]+) ms per message; launcher ([0-9.]+) ms per "
                      r"message, ([0-9.]+)% of a core .* after ([0-9]+) ms", done.stderr)
    if stats:
        search, relay, core, init = stats.groups()
        cpu = f"{float(search):.3f} + {float(relay):.3f} ({core} % of a core; {init} ms MPI start)"
    else:
        # Alone, the tuner's CPU time includes the run scripts it starts.
        used = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        cpu = f"{used * 1e3 / evaluations:.3f} (all processes)"
    return run["elapsed_seconds"], wall, cpu


rows = []
results = {ranks: [] for ranks in all_ranks}
for round in range(options.rounds):
    alone = None
    for ranks in all_ranks:
        loop, wall, cpu = measure(ranks, os.path.join(work, f"ranks-{ranks}-{round}"))
        if ranks == 1:
            alone = (loop, wall)
        base_loop, base_wall = alone or (evaluations * options.sleep, evaluations * options.sleep)
        results[ranks].append((loop, wall, base_loop / loop, base_wall / wall))
        rate = evaluations / loop
        rows.append(f"| {ranks} | {loop:.2f} | {rate:.2f} | {base_loop / loop:.2f}x | "
                    f"{rate * options.sleep / ranks:.0%} | {wall:.2f} | "
                    f"{base_wall / wall:.2f}x | {cpu} |")

print(f"{evaluations} configurations, run script `sleep {options.sleep:g}`"
      + (f", ranks on {options.nodes} nodes" if options.nodes else "") + ":\n")
print("| ranks | loop s | configs/s | loop speed-up | efficiency | wall s | wall speed-up | "
      "rank 0 CPU ms/config (searching tuner + launcher) |")
print("|---|---|---|---|---|---|---|---|")
print("\n".join(rows))
if options.rounds > 1:
    print(f"\nMedians of {options.rounds} rounds:\n")
    print("| ranks | loop s | loop speed-up | wall s | wall speed-up |")
    print("|---|---|---|---|---|")
    for ranks, values in results.items():
        median = [statistics.median(v[i] for v in values) for i in range(4)]
        print(f"| {ranks} | {median[0]:.2f} | {median[2]:.2f}x | {median[1]:.2f} | "
              f"{median[3]:.2f}x |")
if options.nodes:
    subprocess.run([nodes, "down", os.path.join(work, "nodes")], check=True)
shutil.rmtree(work)
