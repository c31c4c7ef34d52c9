# group_signal.py ATFC DIR PHASE [ATFC-OPTIONS...]: the hunt for signals to
# the whole process group at every phase of `atfc tune` (as `timeout N` and
# Slurm's time limit send them). Tunes phases/PHASE's file (build:
# run-script.sh; ranks: run-script.sh with the options given, --ranks 2)
# into DIR/PHASE in a session of its own, waits until the phase is reached,
# sends SIGTERM to atfc and then to its process group (as `timeout` does:
# the process gets it twice), and prints one line:
#   PHASE: exit status S; run R; measured M; best.json B; left running L;
#   temporaries T
# then, where something was measured, resumes the run and prints whether a
# configuration was measured twice. This script adopts every orphan
# (PR_SET_CHILD_SUBREAPER), so that whatever the run leaves behind, in any
# process group, is seen and killed.
import ctypes
import os
import signal
import sqlite3
import subprocess
import sys
import time

atfc, root, phase = sys.argv[1], sys.argv[2], sys.argv[3]
options = sys.argv[4:]
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "phases")
files = {"build": "run-script.sh", "generation": "generation.sh",
         "compile-script": "compile-script.sh", "run-script": "run-script.sh",
         "opencl": "opencl.cl", "ranks": "run-script.sh"}
source = os.path.join(here, files[phase])
out = os.path.join(root, phase)
PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(p) for p in f.read().split()]
    except OSError:
        pass
    return found


def comm(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return "?"


def evaluations():
    try:
        db = sqlite3.connect(f"file:{out}/results.db?mode=ro", uri=True, timeout=5)
        return db.execute("SELECT count(*) FROM evaluations").fetchone()[0]
    except sqlite3.Error:
        return 0


def reached(process):
    if phase == "build":  # the compiler runs as atfc's child
        return any(not comm(c).startswith("tuner-") for c in children(process.pid))
    if phase == "generation":  # the tuner runs
        return any(comm(c).startswith("tuner-") for c in children(process.pid))
    return evaluations() >= 1  # measuring: a configuration is recorded


def run_state():
    try:
        db = sqlite3.connect(f"file:{out}/results.db?mode=ro", uri=True, timeout=5)
        row = db.execute("SELECT status FROM runs ORDER BY id DESC LIMIT 1").fetchone()
        return row[0] if row else "none"
    except sqlite3.Error:
        return "none"


def running(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in "ZX"
    except OSError:
        return False


def left_running():
    # Orphans come to this process (killed ones stay zombies until reaped
    # here); atfc's own children are gone with it.
    time.sleep(3)
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
    return ", ".join(sorted(names)) or "none"


command = [atfc, "tune", source, "-o", out] + options
log = open(os.path.join(root, phase + ".log"), "w")
process = subprocess.Popen(command, start_new_session=True, stdout=log, stderr=log)
deadline = time.monotonic() + 180
while not reached(process) and process.poll() is None and time.monotonic() < deadline:
    time.sleep(0.02)
if process.poll() is not None:
    print(f"{phase}: ended before the phase was reached, exit status {process.returncode}")
    sys.exit(1)
time.sleep(0.2 if phase == "build" else 1.0)
# As `timeout` sends it: to its child, then to the child's whole group.
os.kill(process.pid, signal.SIGTERM)
os.killpg(process.pid, signal.SIGTERM)
try:
    status = process.wait(timeout=60)
except subprocess.TimeoutExpired:
    os.killpg(process.pid, signal.SIGKILL)
    status = process.wait()
    print(f"{phase}: hung after SIGTERM")
status = status if status >= 0 else 128 - status
measured = evaluations()
# A build's own files (tuner-HASH-XXXXXXXX.cpp, .partial, .log) go with it.
temporaries = [f for f in (os.listdir(out) if os.path.isdir(out) else [])
               if f.startswith("tuner-") and f.count("-") > 1]
best = os.path.exists(os.path.join(out, "best.json"))
print(f"{phase}: exit status {status}; run {run_state()}; "
      f"measured {'some' if measured else 'none'}; "
      f"best.json {'written' if best else 'absent'}; left running {left_running()}; "
      f"temporaries {', '.join(temporaries) or 'none'}",
      flush=True)
if measured:
    resumed = subprocess.run(command + ["--resume"], stdout=log, stderr=log, timeout=300)
    db = sqlite3.connect(f"{out}/results.db")
    twice = db.execute("SELECT count(*) FROM (SELECT config_index FROM evaluations "
                       "WHERE reused = 0 GROUP BY config_index HAVING count(*) > 1)").fetchone()[0]
    print(f"{phase}: resumed with exit status {resumed.returncode}; run {run_state()}; "
          f"measured twice {twice}")
