# Every option of atfc that takes a path, in every subcommand and in a
# generated tuner, given an empty path: each must be a usage error (exit
# status 2) that names the option, and write nothing. `-o ''` was taken for
# the default (FILE.atf, report.html) or for standard output. The options
# are found in each --help (the value names PATH, DIR, FILE), so that a new
# one is hunted too; those known must be among them. Each empty path is
# given as two words (`-o ''`) and as one (`--output=`).
#
# usage: empty_paths.py ATFC TMPDIR SOURCE DATABASE RECORDED WISDOM
import os
import re
import subprocess
import sys

atfc, tmp, source, database, recorded, wisdom = sys.argv[1:7]
work = os.path.join(tmp, "work")
os.makedirs(work)

# What each subcommand needs besides the option tried, and the options
# known to take a path.
base = {
    ("emit",): ([source], {"--output"}),
    ("build",): ([source], {"--output"}),
    ("space",): ([source, "--", "64"], set()),
    ("tune",): ([source, "--", "64"], {"--output", "--prior"}),
    ("report",): ([database], {"--output"}),
    ("analyze",): ([database], {"--on"}),
    ("results",): ([database], set()),
    ("wisdom", "merge"): ([database, "-o", os.path.join(tmp, "w.json")],
                          {"--output", "--header", "--file"}),
    ("wisdom", "header"): ([wisdom], {"--output"}),
}
failures = []


def path_options(help_text):
    found = {}
    for line in help_text.splitlines():
        m = re.match(r"\s+(-\w,)?(--[\w-]+) (PATH|DIR|FILE)\b", line)
        if m:
            found[m.group(2)] = m.group(1)[:-1] if m.group(1) else None
    return found


def check(command, option):
    done = subprocess.run(command, capture_output=True, text=True, errors="replace",
                          timeout=120, stdin=subprocess.DEVNULL, cwd=work)
    output = done.stdout + done.stderr
    wanted = "needs a path, not an empty one"
    if done.returncode != 2 or wanted not in output or option not in output:
        failures.append("status %d: %r\n%s" % (done.returncode, command, output[-2000:]))
    if os.listdir(work):
        failures.append("wrote %r: %r" % (os.listdir(work), command))


tried = 0
for sub, (args, known) in base.items():
    help_text = subprocess.run([atfc, *sub, "--help"], capture_output=True, text=True).stdout
    options = path_options(help_text)
    if not known <= set(options):
        failures.append("atfc %s --help lacks %s" % (" ".join(sub), sorted(known - set(options))))
    for option, short in sorted(options.items()):
        spellings = [[option, ""], [option + "="]] + ([[short, ""]] if short else [])
        for words in spellings:
            check([atfc, *sub, *words, *args], words[0].split("=")[0])
            tried += 1

# atfc replay prints its own usage; its path options are known here.
for option in ("--space", "--report", "--prior"):
    for words in ([option, ""], [option + "="]):
        check([atfc, "replay", recorded, "--evaluations", "2", "--runs", "1", *words], option)
        tried += 1

# The generated tuner's own command line (atfc build prints its path).
built = subprocess.run([atfc, "build", source, "-o", os.path.join(tmp, "built")],
                       capture_output=True, text=True)
tuner = built.stdout.strip()
for option in ("--output", "--blanked", "--prior"):
    for words in ([option, ""], [option + "="]):
        check([tuner, "--tune", *words, "--", "64"], option)
        tried += 1

print("%d empty paths tried" % tried)
for failure in failures:
    print("FAILED:", failure)
sys.exit(1 if failures else 0)
