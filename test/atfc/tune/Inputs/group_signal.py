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
# (../../Inputs/signal_hunt.py), so that whatever the run leaves behind, in
# any process group, is seen and killed.
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Inputs"))
from signal_hunt import (adopt_orphans, children, comm, left_running, measured_twice, query,
                         stop_as_timeout, temporaries)

atfc, root, phase = sys.argv[1], sys.argv[2], sys.argv[3]
options = sys.argv[4:]
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "phases")
files = {"build": "run-script.sh", "generation": "generation.sh",
         "compile-script": "compile-script.sh", "run-script": "run-script.sh",
         "opencl": "opencl.cl", "ranks": "run-script.sh"}
source = os.path.join(here, files[phase])
out = os.path.join(root, phase)
adopt_orphans()


def evaluations():
    rows = query(out, "SELECT count(*) FROM evaluations")
    return rows[0][0] if rows else 0


def reached(process):
    if phase == "build":  # the compiler runs as atfc's child
        return any(not comm(c).startswith("tuner-") for c in children(process.pid))
    if phase == "generation":  # the tuner runs
        return any(comm(c).startswith("tuner-") for c in children(process.pid))
    return evaluations() >= 1  # measuring: a configuration is recorded


def run_state():
    rows = query(out, "SELECT status FROM runs ORDER BY id DESC LIMIT 1")
    return rows[0][0] if rows else "none"


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
status, hung = stop_as_timeout(process, 60)
if hung:
    print(f"{phase}: hung after SIGTERM")
measured = evaluations()
best = os.path.exists(os.path.join(out, "best.json"))
print(f"{phase}: exit status {status}; run {run_state()}; "
      f"measured {'some' if measured else 'none'}; "
      f"best.json {'written' if best else 'absent'}; "
      f"left running {', '.join(left_running(3)) or 'none'}; "
      f"temporaries {', '.join(temporaries(out)) or 'none'}",
      flush=True)
if measured:
    resumed = subprocess.run(command + ["--resume"], stdout=log, stderr=log, timeout=300)
    print(f"{phase}: resumed with exit status {resumed.returncode}; run {run_state()}; "
          f"measured twice {measured_twice(out)}")
