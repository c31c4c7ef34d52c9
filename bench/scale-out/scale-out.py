#!/usr/bin/env python3
"""Throughput of `atfc tune --ranks N` with a run script that sleeps 200 ms.

    python3 bench/scale-out/scale-out.py BUILD/tools/atfc/atfc [EVALUATIONS] [RANKS...]

For each number of ranks (default 1 2 4 8) it tunes bench/scale-out/sleeping.sh
for EVALUATIONS configurations (default 96) into a fresh output directory and
prints a Markdown table: the tuning loop's seconds (the run's elapsed time in
best.json, from the first proposal to the last result), configurations per
second, the speed-up over 1 rank, the efficiency against the ideal (ranks x 5
per second), the whole command's wall time (MPI start and tuner build
included), and rank 0's CPU time per configuration (ATFC_RANKS_STATS: the
searching tuner and its launcher; 1 rank: the tuner, from its rusage).
"""
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
atfc = os.path.abspath(sys.argv[1])
evaluations = int(sys.argv[2]) if len(sys.argv) > 2 else 96
all_ranks = [int(r) for r in sys.argv[3:]] or [1, 2, 4, 8]

env = dict(os.environ, ATFC_RANKS_STATS="1", OMPI_MCA_rmaps_base_oversubscribe="1")
if os.geteuid() == 0:
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")

work = tempfile.mkdtemp(prefix="atfc-scale-out-")
source = os.path.join(work, "sleeping.sh")
shutil.copy(os.path.join(here, "sleeping.sh"), source)
# Build the tuner once, so that every run finds it cached.
subprocess.run([atfc, "build", source, "-o", os.path.join(work, "cache")], check=True,
               stdout=subprocess.DEVNULL, env=env)

rows = []
base = None
for ranks in all_ranks:
    out = os.path.join(work, f"ranks-{ranks}")
    shutil.copytree(os.path.join(work, "cache"), out)
    command = [atfc, "tune", source, "-o", out, "--abort-condition",
               f"evaluations({evaluations})"]
    if ranks > 1:
        command += ["--ranks", str(ranks)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    run = json.load(open(os.path.join(out, "best.json")))["run"]
    assert run["evaluations"] == evaluations, run
    loop = run["elapsed_seconds"]
    rate = evaluations / loop
    base = base or rate
    stats = re.search(r"searching tuner ([0-9.]+) ms per message; launcher ([0-9.]+) ms per "
                      r"message, ([0-9.]+)% of a core .* after ([0-9]+) ms", done.stderr)
    if stats:
        search, relay, core, init = stats.groups()
        cpu = f"{float(search):.3f} + {float(relay):.3f} ({core} % of a core; {init} ms MPI start)"
    else:
        # Alone, the tuner's CPU time includes the run scripts it starts.
        used = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        cpu = f"{used * 1e3 / evaluations:.3f} (all processes)"
    rows.append(f"| {ranks} | {loop:.2f} | {rate:.2f} | {rate / base:.2f}x | "
                f"{rate / (ranks * 5):.0%} | {wall:.2f} | {cpu} |")

print(f"{evaluations} configurations, run script `sleep 0.2`:\n")
print("| ranks | loop s | configs/s | speed-up | efficiency | wall s | "
      "rank 0 CPU ms/config (searching tuner + launcher) |")
print("|---|---|---|---|---|---|---|")
print("\n".join(rows))
shutil.rmtree(work)
