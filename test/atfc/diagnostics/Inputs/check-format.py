"""Checks the messages of failing atfc commands (format.test).

Usage: check-format.py MESSAGES ERRORS
Every line that names a severity must be a diagnostic in the one format;
at least ERRORS lines must be errors; no line may start with a prefix atfc
used to print before it had one format.
"""
import re
import sys

DIAGNOSTIC = re.compile(r"^(atfc|[^ :]+(:[0-9]+(:[0-9]+)?)?): (error|warning|note): \S")
SEVERITY = re.compile(r"\b(error|warning|note): ")
OLD_PREFIX = re.compile(
    r"^(tuner|replay|atfc-ranks|atfc analyze|atfc replay|atfc report|command line)"
    r"( error| warning)?: ")

text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
wanted_errors = int(sys.argv[2])
bad = []
errors = 0
for number, line in enumerate(text.splitlines(), 1):
    if OLD_PREFIX.match(line):
        bad.append(f"line {number}: an old prefix: {line}")
    elif SEVERITY.search(line) and not DIAGNOSTIC.match(line):
        bad.append(f"line {number}: not in the one format: {line}")
    if DIAGNOSTIC.match(line) and ": error: " in line:
        errors += 1
if errors < wanted_errors:
    bad.append(f"{errors} errors, expected at least {wanted_errors}")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
