# stop_points.py ATFC DIR [--repeat N] [--points P,...] [-- ATFC-OPTIONS...]:
# the hunt for a SIGTERM (as `timeout` sends it: to atfc, then to its whole
# process group) that reaches `atfc tune --ranks 2` at any moment. Tunes
# stop.sh (2 configurations at once, 1 s each, 8 in all) N times (default 2)
# per point, a fresh output directory each, and stops it at each point:
#   0.2s, 1s, 2s   that long after atfc started (mpiexec starting, the
#                  frontend, the tuner's build)
#   tuners         once a tuner runs (the ranks generating the space,
#                  connecting)
#   result         once the first result is recorded (the ranks measuring)
#   midway         0.5 s after that (each rank mid-evaluation)
# A stop must end atfc within 30 s with exit status 143, leave nothing
# running and no temporary; a run that exists must be `interrupted` (never
# `running`), keep every result recorded before the signal (and all
# results after it), and have best.json when a result is valid; --resume
# then completes it measuring nothing twice. Prints a line per stop that
# failed and a summary; exits 1 when one failed. This script adopts every
# orphan (../../Inputs/signal_hunt.py), so that whatever a stop leaves
# behind is seen and killed.
import argparse
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Inputs"))
from signal_hunt import (adopt_orphans, children, comm, left_running, measured_twice, query,
                         stop_as_timeout, temporaries)

parser = argparse.ArgumentParser()
parser.add_argument("atfc")
parser.add_argument("root")
parser.add_argument("--repeat", type=int, default=2)
parser.add_argument("--points", default="0.2s,1s,2s,tuners,result,midway")
parser.add_argument("options", nargs="*")
args = parser.parse_args()
source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stop.sh")
adopt_orphans()


def evaluations(out):
    rows = query(out, "SELECT id, config_index, valid, costs, failure, reason FROM evaluations")
    return {r[0]: r[1:] for r in rows} if rows else {}


def tuner_runs(pid):
    below = children(pid)
    while below:
        pid = below.pop()
        if comm(pid).startswith("tuner-"):
            return True
        below += children(pid)
    return False


def stop(point, out):
    """Runs one stop; the problems found (empty: none)."""
    shutil.rmtree(out, ignore_errors=True)
    command = [args.atfc, "tune", source, "-o", out, "--ranks", "2"] + args.options
    log = open(out + ".log", "w")
    process = subprocess.Popen(command, start_new_session=True, stdout=log, stderr=log)
    started = time.monotonic()
    if point[0].isdigit():
        while time.monotonic() < started + float(point[:-1]) and process.poll() is None:
            time.sleep(0.01)
    elif point == "tuners":
        while not tuner_runs(process.pid) and process.poll() is None:
            time.sleep(0.005)
    else:
        deadline = started + 180
        while not evaluations(out) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        if point == "midway":
            time.sleep(0.5)
    if process.poll() is not None:
        return [f"atfc ended before the signal, exit status {process.returncode}"]
    before = evaluations(out)
    problems = []
    status, hung = stop_as_timeout(process, 30)
    if hung:
        problems.append("atfc did not end within 30 s of the signal")
    if status != 143:
        problems.append(f"exit status {status}")
    left = left_running(1)
    if left:
        problems.append("left running: " + ", ".join(left))
    left_files = temporaries(out)
    if left_files:
        problems.append("temporaries: " + ", ".join(left_files))
    runs = query(out, "SELECT status FROM runs") or []
    after = evaluations(out)
    if runs and runs[-1][0] != "interrupted":
        problems.append(f"run {runs[-1][0]}")
    lost = [i for i, e in before.items() if after.get(i) != e]
    if lost:
        problems.append(f"evaluations lost or changed: {lost}")
    if any(e[1] for e in after.values()) != os.path.exists(os.path.join(out, "best.json")):
        problems.append("best.json " + ("absent" if after else "written without a result"))
    if after:
        resumed = subprocess.run(command + ["--resume"], stdout=log, stderr=log, timeout=300)
        twice = measured_twice(out)
        final = query(out, "SELECT status FROM runs ORDER BY id DESC LIMIT 1")
        if resumed.returncode != 0 or final != [("finished",)] or twice != 0:
            problems.append(f"--resume: exit status {resumed.returncode}, run {final}, "
                            f"measured twice {twice}")
    if problems:
        log.close()
        with open(out + ".log", errors="replace") as said:
            tail = said.read().splitlines()[-8:]
        problems.append(f"{len(before)} evaluations at the signal, {len(after)} after; "
                        f"log {out}.log ends:\n    " + "\n    ".join(tail))
    return problems


points = args.points.split(",")
failed = 0
for repetition in range(args.repeat):
    for point in points:
        problems = stop(point, os.path.join(args.root, f"{point}-{repetition}"))
        if problems:
            failed += 1
            print(f"stop at {point} (#{repetition + 1}): " + "; ".join(problems), flush=True)
total = args.repeat * len(points)
print(f"{total - failed} of {total} stops ended the run interrupted, outputs written, "
      f"every result kept")
sys.exit(1 if failed else 0)
