# job_signal.py ATFC DIR PHASE [ATFC-OPTIONS...]: the hunt for a stop that
# reaches every process of the run, as a batch system's cancel sends it
# (Slurm's scancel signals each process of the job, systemd's stop each of
# the unit's cgroup), in the worst order: SIGTERM first to every process a
# tuner started (a script, its children, a device worker), and only a moment
# later to the tuners, atfc and the rest. Tunes phases/PHASE's file
# (run-script, compile-script, opencl; ranks: run-script.sh with the options
# given, --ranks 2)
# into DIR/PHASE, waits until a configuration is recorded, stops it so and
# prints one line:
#   PHASE: exit status S; run R; failed F; left running L
# then resumes the run and prints what the resumed run measured. A
# measurement that the stop cut short says nothing about its configuration:
# it once was recorded as failed ("killed by signal 15"), and --resume
# never measured it again.
import os
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Inputs"))
from signal_hunt import adopt_orphans, children, comm, left_running, measured_twice, query

atfc, root, phase = sys.argv[1], sys.argv[2], sys.argv[3]
options = sys.argv[4:]
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "phases")
files = {"compile-script": "compile-script.sh", "run-script": "run-script.sh",
         "opencl": "opencl.cl", "ranks": "run-script.sh"}
source = os.path.join(here, files[phase])
out = os.path.join(root, phase)
adopt_orphans()


def count(where):
    rows = query(out, "SELECT count(*) FROM evaluations" + where)
    return rows[0][0] if rows else 0


def run_state():
    rows = query(out, "SELECT status FROM runs ORDER BY id DESC LIMIT 1")
    return rows[0][0] if rows else "none"


def descendants(pid):
    """Every process below pid, each with whether a tuner is above it."""
    found, stack = [], [(c, False) for c in children(pid)]
    while stack:
        p, below_tuner = stack.pop()
        found.append((p, below_tuner))
        tuner = comm(p).startswith("tuner-")
        stack += [(c, below_tuner or tuner) for c in children(p)]
    return found


def stop_as_job(process, within):
    """SIGTERM to what the tuners started, then, 0.2 s later, to every other
    process of the run (atfc last); atfc's exit status as the shell shows
    it, and whether it had to be killed after `within` seconds."""
    def terminate(pid):
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass  # it ended meanwhile (a script's short-lived child)

    everything = descendants(process.pid)
    for pid, below_tuner in everything:
        if below_tuner:
            terminate(pid)
    time.sleep(0.2)
    for pid, below_tuner in everything:
        if not below_tuner:
            terminate(pid)
    terminate(process.pid)
    try:
        status = process.wait(timeout=within)
        return (status if status >= 0 else 128 - status), False
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return None, True


command = [atfc, "tune", source, "-o", out] + options
log = open(os.path.join(root, phase + ".log"), "w")
process = subprocess.Popen(command, start_new_session=True, stdout=log, stderr=log)
deadline = time.monotonic() + 180
while count("") < 1 and process.poll() is None and time.monotonic() < deadline:
    time.sleep(0.02)
if process.poll() is not None:
    print(f"{phase}: ended before measuring, exit status {process.returncode}")
    sys.exit(1)
# Mid-measurement: the configurations take a second or more each.
time.sleep(0.5)
status, hung = stop_as_job(process, 60)
before = count("")
print(f"{phase}: exit status {'hung' if hung else status}; run {run_state()}; "
      f"failed {count(' WHERE valid = 0')}; "
      f"left running {', '.join(left_running(3)) or 'none'}",
      flush=True)
resumed = subprocess.run(command + ["--resume"], stdout=log, stderr=log, timeout=300)
print(f"{phase}: resumed with exit status {resumed.returncode}; run {run_state()}; "
      f"failed {count(' WHERE valid = 0')}; measured twice {measured_twice(out)}; "
      f"more than before {'yes' if count('') > before else 'no'}")
