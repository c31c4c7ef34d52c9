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
# orphan (PR_SET_CHILD_SUBREAPER), so that whatever a stop leaves behind is
# seen and killed.
import argparse
import ctypes
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("atfc")
parser.add_argument("root")
parser.add_argument("--repeat", type=int, default=2)
parser.add_argument("--points", default="0.2s,1s,2s,tuners,result,midway")
parser.add_argument("options", nargs="*")
args = parser.parse_args()
source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stop.sh")
PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def query(out, sql):
    try:
        db = sqlite3.connect(f"file:{out}/results.db?mode=ro", uri=True, timeout=5)
        return db.execute(sql).fetchall()
    except sqlite3.Error:
        return None


def evaluations(out):
    rows = query(out, "SELECT id, config_index, valid, costs, failure, reason FROM evaluations")
    return {r[0]: r[1:] for r in rows} if rows else {}


def children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(p) for p in f.read().split()]
    except OSError:
        pass
    return found


def running(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in "ZX"
    except OSError:
        return False


def comm(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return "?"


def tuner_runs(pid):
    below = children(pid)
    while below:
        pid = below.pop()
        if comm(pid).startswith("tuner-"):
            return True
        below += children(pid)
    return False


def left_running():
    # Orphans come to this process; killed ones stay zombies until reaped.
    time.sleep(1)
    names = []
    for pid in children(os.getpid()):
        if running(pid):
            names.append(comm(pid))
        os.kill(pid, signal.SIGKILL)
    while True:
        try:
            if os.waitpid(-1, 0)[0] <= 0:
                break
        except ChildProcessError:
            break
    return names


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
    os.kill(process.pid, signal.SIGTERM)
    os.killpg(process.pid, signal.SIGTERM)
    problems = []
    try:
        status = process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        status = process.wait()
        problems.append("atfc did not end within 30 s of the signal")
    status = status if status >= 0 else 128 - status
    if status != 143:
        problems.append(f"exit status {status}")
    left = left_running()
    if left:
        problems.append("left running: " + ", ".join(left))
    temporaries = [f for f in (os.listdir(out) if os.path.isdir(out) else [])
                   if f.startswith("tuner-") and f.count("-") > 1]
    if temporaries:
        problems.append("temporaries: " + ", ".join(temporaries))
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
        twice = query(out, "SELECT count(*) FROM (SELECT config_index FROM evaluations "
                           "WHERE reused = 0 GROUP BY config_index HAVING count(*) > 1)")
        final = query(out, "SELECT status FROM runs ORDER BY id DESC LIMIT 1")
        if resumed.returncode != 0 or final != [("finished",)] or twice != [(0,)]:
            problems.append(f"--resume: exit status {resumed.returncode}, run {final}, "
                            f"measured twice {twice}")
    if problems:
        problems.append(f"{len(before)} evaluations at the signal, {len(after)} after; "
                        f"log {out}.log")
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
