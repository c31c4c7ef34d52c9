# send_signal.py SIGNAL TARGET FILE COMMAND...: runs COMMAND (atfc) in a session
# of its own, waits until FILE exists (the tuner has begun measuring) and a
# second more, then sends SIGNAL (a name: TERM, HUP, INT, KILL) to TARGET:
# "atfc" (atfc's pid alone, as kill(1) or a batch system would), "group"
# (atfc's process group, as a terminal would) or "tuner" (the tuner, atfc's
# child, alone). Prints the exit status (128 + the signal when a signal
# ended atfc itself, as a shell shows it).
import os
import signal
import subprocess
import sys
import time

name, target, started = sys.argv[1], sys.argv[2], sys.argv[3]
number = getattr(signal, "SIG" + name)
process = subprocess.Popen(
    sys.argv[4:], start_new_session=True,
    preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
deadline = time.monotonic() + 120
while not os.path.exists(started) and time.monotonic() < deadline:
    time.sleep(0.1)
time.sleep(1)
if target == "atfc":
    os.kill(process.pid, number)
elif target == "group":
    os.killpg(process.pid, number)
else:
    children = []
    for task in os.listdir(f"/proc/{process.pid}/task"):
        with open(f"/proc/{process.pid}/task/{task}/children") as f:
            children += [int(p) for p in f.read().split()]
    for child in children:
        os.kill(child, number)
status = process.wait(timeout=120)
sys.stdout.flush()
print(f"exit status {status if status >= 0 else 128 - status}")
