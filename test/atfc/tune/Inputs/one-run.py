# one-run.py DIR ATFC FILE: starts `ATFC tune FILE` (in DIR's environment,
# which names $STARTED), waits until it measures, then
#   1. runs a second `ATFC tune FILE` into the same output directory and
#      prints its exit status and messages (it must be refused at once);
#   2. kills the first atfc with SIGKILL and, 3 s later, prints how many of
#      its descendants (the tuner, its scripts) still run.
import os
import signal
import subprocess
import sys
import time

directory, atfc, source = sys.argv[1:4]
started = os.path.join(directory, "started")


def children_of(pid):
    """Every live descendant of pid, from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            parents.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


first = subprocess.Popen([atfc, "tune", source], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 120
while not os.path.exists(started) and time.monotonic() < deadline:
    time.sleep(0.1)

begin = time.monotonic()
second = subprocess.run([atfc, "tune", source], capture_output=True, text=True)
print(f"second: exit status {second.returncode} after {time.monotonic() - begin:.0f} s")
print(second.stderr.replace(str(first.pid), "FIRST_PID"), end="")

descendants = children_of(first.pid)
print(f"descendants before the kill: {'some' if descendants else 'none'}")
first.send_signal(signal.SIGKILL)
first.wait()
time.sleep(3)
print(f"still running 3 s after kill -9: {sum(alive(p) for p in descendants)}")
