# interrupt.py FILE COMMAND...: runs COMMAND in a process group of its own,
# as a terminal would (SIGINT at its default action), waits until FILE
# exists (the tuner has begun measuring), and a second later presses Ctrl-C:
# SIGINT to the whole group. Prints its exit status.
import os
import signal
import subprocess
import sys
import time

process = subprocess.Popen(
    sys.argv[2:], start_new_session=True,
    preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
deadline = time.monotonic() + 120
while not os.path.exists(sys.argv[1]) and time.monotonic() < deadline:
    time.sleep(0.1)
time.sleep(1)
os.killpg(process.pid, signal.SIGINT)
status = process.wait(timeout=60)
sys.stdout.flush()
print(f"exit status {status}")
