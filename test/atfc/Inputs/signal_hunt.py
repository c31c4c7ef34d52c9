# signal_hunt.py: what the hunts for a stop at any moment share
# (tune/Inputs/group_signal.py, ranks/Inputs/stop_points.py). They send
# SIGTERM as `timeout` does, to atfc and then to its process group, and
# then look for what the stop left: processes still running (this process
# adopts every orphan, so that nothing escapes into another group unseen),
# a tuner's temporary files, and the run's state in results.db.
import ctypes
import os
import signal
import sqlite3
import subprocess
import time

PR_SET_CHILD_SUBREAPER = 36


def adopt_orphans():
    """Makes this process the parent of every orphan below it."""
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


def running(pid):
    """Whether pid runs (a zombie does not)."""
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


def query(out, sql):
    """The rows of sql over out/results.db, read-only; None when it cannot."""
    try:
        db = sqlite3.connect(f"file:{out}/results.db?mode=ro", uri=True, timeout=5)
        return db.execute(sql).fetchall()
    except sqlite3.Error:
        return None


def measured_twice(out):
    """How many configurations a run measured more than once."""
    rows = query(out, "SELECT count(*) FROM (SELECT config_index FROM evaluations "
                      "WHERE reused = 0 GROUP BY config_index HAVING count(*) > 1)")
    return rows[0][0] if rows else None


def stop_as_timeout(process, within):
    """SIGTERM to process, then to its group, as `timeout` sends it (the
    process gets it twice); its exit status as the shell shows it (143),
    and whether it had to be killed after `within` seconds."""
    os.kill(process.pid, signal.SIGTERM)
    os.killpg(process.pid, signal.SIGTERM)
    hung = False
    try:
        status = process.wait(timeout=within)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        status = process.wait()
        hung = True
    return (status if status >= 0 else 128 - status), hung


def left_running(settle):
    """The names of the orphans still running `settle` seconds after the
    stop (atfc's own children are gone with it), each killed and reaped."""
    time.sleep(settle)
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
    return sorted(names)


def temporaries(out):
    """A build's own files left in out (tuner-HASH-XXXXXXXX.cpp, .partial,
    .log), which go with an interrupted build."""
    return [f for f in (os.listdir(out) if os.path.isdir(out) else [])
            if f.startswith("tuner-") and f.count("-") > 1]
