# Every whole-number option of every atfc subcommand, and of a generated
# tuner, given hostile values (negative, zero, huge, beyond 64 bits, not
# decimal): each must end in a usage error that names the option, or run
# sanely; never a signal, an abort, std::bad_alloc or a hang. The
# options are found in each --help (CLI11's value names N, UINT, INT), so
# that a new option is hunted too; those known must be among them.
#
# usage: count_options.py ATFC TMPDIR SOURCE DATABASE RECORDED
import os
import re
import subprocess
import sys

atfc, tmp, source, database, recorded = sys.argv[1:6]
values = ["-1", "-0", "0", "1", "+1", "0x10", "1e3", "1.5", "", " 1", "nan",
          "1000000000", "4294967291", "4294967296", "9223372036854775808",
          "18446744073709551615", "18446744073709551616", "9" * 300]

# What each subcommand needs besides the option tried, and the options
# known to be there (a help that lost one fails the test).
base = {
    "tune": ([source, "-o", os.path.join(tmp, "tune"), "--abort-condition",
              "evaluations(2)", "--", "64"], {"--seed", "--threads"}),
    "space": ([source, "--", "64"], {"--list", "--threads", "--repetitions"}),
    "analyze": ([database], {"--cost-classes", "--run"}),
    "report": ([database, "-o", os.path.join(tmp, "r.html")], {"--run"}),
    "results": ([database], {"--run"}),
}
# Another task bounds --ranks (it starts mpiexec with that many ranks).
skipped = {("tune", "--ranks")}
replay_counts = {"--evaluations": "3", "--runs": "2", "--seed": "1", "--threads": "1",
                 "--parallel": "1"}

failures = []


def check(command, option):
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace",
                              timeout=120, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        failures.append("hang: %r" % command)
        return
    output = done.stdout + done.stderr
    if done.returncode < 0 or done.returncode >= 128:
        failures.append("status %d: %r\n%s" % (done.returncode, command, output[-2000:]))
    for bad in ("terminate called", "bad_alloc", "Aborted", "Segmentation", "internal error"):
        if bad in output:
            failures.append("%s: %r\n%s" % (bad, command, output[-2000:]))
    if done.returncode != 0 and option not in output and "error" not in output:
        failures.append("no message: %r\n%s" % (command, output[-2000:]))
    if done.returncode != 0 and len(output) > 4000:
        failures.append("a message of %d bytes: %r" % (len(output), command))


def integer_options(help_text):
    found = set()
    for line in help_text.splitlines():
        m = re.match(r"\s+(?:-\w,)?(--[\w-]+) (N|UINT|INT)\b", line)
        if m:
            found.add(m.group(1))
    return found


tried = 0
for sub, (args, known) in base.items():
    help_text = subprocess.run([atfc, sub, "--help"], capture_output=True, text=True).stdout
    options = integer_options(help_text)
    if not known <= options:
        failures.append("atfc %s --help lacks %s" % (sub, sorted(known - options)))
    for option in sorted(options):
        if (sub, option) in skipped:
            continue
        for value in values:
            # Before the other words: FILE and `--` stay where they are.
            check([atfc, sub, option, value] + args, option)
            tried += 1

for option in replay_counts:
    for value in values:
        rest = []
        for other, default in replay_counts.items():
            if other != option:
                rest += [other, default]
        check([atfc, "replay", recorded, option, value] + rest, option)
        tried += 1

# A generated tuner reads its own options (Invocation/TunerCommandLine.h).
built = subprocess.run([atfc, "build", source, "-o", os.path.join(tmp, "built")],
                       capture_output=True, text=True)
tuner = built.stdout.strip().splitlines()[-1] if built.returncode == 0 else ""
if not os.access(tuner, os.X_OK):
    failures.append("no tuner built: %r" % (built.stdout + built.stderr))
else:
    for option in ("--list", "--threads", "--repetitions", "--seed"):
        for value in values:
            check([tuner, "--space", option, value, "--", "64"], option)
            tried += 1

print("%d option values tried" % tried)
if failures:
    print("\n".join(failures))
    sys.exit(1)
