# stop_when.py N LOG -- COMMAND...: runs COMMAND in a process group of its
# own, waits (up to 120 s) until LOG has N lines, then sends SIGTERM to
# COMMAND's process (as `timeout` does first) and prints its exit status.
# The status is printed, not returned, so that a test can check it.
import os
import signal
import subprocess
import sys
import time

count, log = int(sys.argv[1]), sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]
process = subprocess.Popen(command, start_new_session=True)
deadline = time.monotonic() + 120
while time.monotonic() < deadline and process.poll() is None:
    with open(log) as f:
        if sum(1 for line in f if line.strip()) >= count:
            break
    time.sleep(0.05)
time.sleep(0.3)
process.send_signal(signal.SIGTERM)
try:
    status = process.wait(timeout=60)
except subprocess.TimeoutExpired:
    os.killpg(process.pid, signal.SIGKILL)
    status = process.wait()
print("exit status", status)
