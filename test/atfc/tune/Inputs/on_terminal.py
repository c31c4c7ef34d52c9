# on_terminal.py [--term-when FILE] COMMAND...: runs COMMAND as the
# foreground job of a new pseudo-terminal set to `stty tostop` (a background
# process group that writes to it is stopped by SIGTTOU), and prints what
# it wrote there and its exit status. With --term-when, SIGTERM goes to
# COMMAND a second after FILE exists. A COMMAND still running after 40 s
# gets SIGTERM, 10 s later SIGKILL of its group, and the output says so:
# the hang this guards against cannot stall the test suite.
import os
import pty
import select
import signal
import sys
import time

args = sys.argv[1:]
term_when = None
if args[:1] == ["--term-when"]:
    term_when, args = args[1], args[2:]
pid, master = pty.fork()
if pid == 0:
    os.execvp("sh", ["sh", "-c", 'stty tostop && exec "$@"', "sh"] + args)

output = b""
start = time.monotonic()
seen_at = termed = killed = None
status = None
while status is None:
    ready, _, _ = select.select([master], [], [], 0.1)
    if ready:
        try:
            output += os.read(master, 65536)
        except OSError:
            pass
    done, wait_status = os.waitpid(pid, os.WNOHANG)
    if done == pid:
        status = wait_status
        break
    now = time.monotonic()
    if term_when and seen_at is None and os.path.exists(term_when):
        seen_at = now
    if seen_at is not None and now > seen_at + 1 and not termed:
        termed = now
        os.kill(pid, signal.SIGTERM)
    if now > start + 40 and not termed:
        termed = now
        print("hung: SIGTERM after 40 s", flush=True)
        os.kill(pid, signal.SIGTERM)
    if termed and now > termed + 10 and not killed:
        killed = True
        print("hung through SIGTERM: SIGKILL", flush=True)
        os.killpg(pid, signal.SIGKILL)
while True:
    try:
        ready, _, _ = select.select([master], [], [], 0.2)
        data = os.read(master, 65536) if ready else b""
    except OSError:
        data = b""
    if not data:
        break
    output += data
sys.stdout.write(output.decode(errors="replace").replace("\r", "\n"))
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
print(f"exit status {code}")
