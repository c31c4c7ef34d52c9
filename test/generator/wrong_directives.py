#!/usr/bin/env python3
"""Hunts the class "a diagnostic that points near the culprit, not at it".

Writes random directive files, each with several wrong directives whose
culprit's place the generator knows exactly, and asserts that `atfc check`
reports an error at each culprit's line:col and nowhere else:

  - a set with a value of the wrong type at a random position (small sets,
    and sets large enough to be cut into chunks; typed by a `type` clause,
    by set<T>, or untyped, where the first value that has no common type
    with the first one is at fault),
  - an interval with a step that is not positive (at the step),
  - an interval of constants that the tuner cannot build: a bound or step
    outside the interval's type (at it), pow2 past the type or 2^64
    integers (at the interval),
  - cycles of constraints of length 2 to 5 in a random declaration order,
    constraints written in random forms and sometimes on a continuation
    line: the error at the name that closes the cycle (the last of the
    cycle's names in the file), a note at each other name of the cycle.

Quoting the range (`range "..."`) keeps every column. Next to the wrong
directives stand right ones of the same shapes (the largest pow2 that fits,
a set of one type), which must pass. A failure prints the seed and keeps
its file in --out.

  wrong_directives.py --atfc build/tools/atfc/atfc --out /tmp/wrong [--seed N]
                      [--files N] [--seconds S]
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

# Integer types: the name, its bits, whether signed.
INTEGERS = [("std::int8_t", 8, True), ("std::uint8_t", 8, False), ("short", 16, True),
            ("unsigned short", 16, False), ("int", 32, True), ("unsigned", 32, False),
            ("std::int64_t", 64, True), ("std::uint64_t", 64, False)]


class File:
    """Lines of a directive file and the places where errors must stand."""

    def __init__(self):
        self.lines = []
        self.errors = set()  # (line, col)
        self.notes = set()
        self.names = 0

    def name(self):
        self.names += 1
        return "P%d" % self.names

    def add(self, text):
        self.lines.append(text)
        return len(self.lines)

    def range_directive(self, rng, name, range_text, culprit, type_clause=None):
        """A tp directive whose range is range_text; culprit is an index into
        range_text, or None for a right directive."""
        head = "#atf::tp name %s " % name
        if type_clause:
            head += 'type "%s" ' % type_clause
        head += "range" + " " * rng.randint(1, 3)
        quote = '"' not in range_text and rng.random() < 0.3
        text = head + ('"' if quote else "") + range_text + ('"' if quote else "")
        line = self.add(text)
        if culprit is not None:
            self.errors.add((line, len(head) + (1 if quote else 0) + culprit + 1))


def wrong_set(rng, f):
    """A set with one value of the wrong type."""
    count = rng.choice([1, 2, 3, 5, 8, 40, 100]) if rng.random() < 0.9 else 1500
    kind = rng.choice(["int", "double", "string"])
    if kind == "string":
        values = ['"s%d"' % i for i in range(count)]
        # Not nullptr: it converts to std::string (through const char *).
        wrong = rng.choice(["3", "4.5", "'c' + 1"])
    else:
        values = [str(i) if kind == "int" else "%d.5" % i for i in range(count)]
        wrong = rng.choice(['"x"', "nullptr", '"a" "b"'])
    at = rng.randrange(count + 1)
    values.insert(at, wrong)
    typed = rng.choice(["clause", "set", None])
    type_name = {"int": "int", "double": "double", "string": "std::string"}[kind]
    if typed is None:
        # The first value's type rules: a wrong first value makes the second
        # one the culprit.
        culprit = at if at > 0 else 1
    else:
        culprit = at
    separator = rng.choice([", ", ",", " , "])
    body = separator.join(values)
    if typed == "set":
        open_text = "set<%s>(" % type_name
        text, close = open_text + body, ")"
    else:
        open_text = rng.choice(["{", "set("])
        text, close = open_text + body, "}" if open_text == "{" else ")"
    offsets, position = [], len(open_text)
    for value in values:
        offsets.append(position)
        position += len(value) + len(separator)
    f.range_directive(rng, f.name(), text + close, offsets[culprit],
                      type_name if typed == "clause" else None)


def right_set(rng, f):
    values = [str(rng.randint(-5, 50)) for _ in range(rng.randint(1, 40))]
    f.range_directive(rng, f.name(), "{" + ", ".join(values) + "}", None)


def zero_step(rng, f):
    integer = rng.random() < 0.7
    type_name = rng.choice(INTEGERS)[0] if integer else rng.choice(["float", "double"])
    lo, hi = (rng.randint(0, 5), rng.randint(6, 100)) if integer else ("0.5", "8.5")
    step = rng.choice(["0", "2 - 2", "0 * 7"] if type_name.startswith(("std::u", "unsigned"))
                      else ["0", "-1", "2 - 2", "-3", "0 * 7"] if integer else
                      ["0.0", "-0.5", "0", "1.5 - 1.5"])
    head = "interval<%s>(%s, %s, " % (type_name, lo, hi)
    tail = ", pow2)" if integer and rng.random() < 0.3 else ")"
    f.range_directive(rng, f.name(), head + step + tail, len(head))


def bound_outside_type(rng, f):
    type_name, bits, signed = rng.choice(INTEGERS[:6])
    low = -(1 << (bits - 1)) if signed else 0
    high = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
    where = rng.choice(["lo", "hi", "step"])
    lo, hi, step = str(low), str(high), None
    if where == "lo":
        lo = str(low - rng.randint(1, 1000))
    elif where == "hi":
        hi = str(high + rng.randint(1, 1000))
    else:
        lo, hi, step = "0", "10", str(high + rng.randint(1, 1000))
    head = "interval<%s>(" % type_name
    parts = [lo, hi] + ([step] if step else [])
    text = head + ", ".join(parts) + ")"
    index = {"lo": 0, "hi": 1, "step": 2}[where]
    culprit = len(head) + sum(len(p) + 2 for p in parts[:index])
    f.range_directive(rng, f.name(), text, culprit)


def pow2_past_type(rng, f):
    type_name, bits, signed = rng.choice(INTEGERS)
    largest = bits - 1 - (1 if signed else 0)
    f.range_directive(rng, f.name(), "interval<%s>(0, %d, 1, pow2)" % (type_name, largest), None)
    past = largest + rng.randint(1, 6)
    lo = rng.choice(["0", "1", str(largest)])
    f.range_directive(rng, f.name(), "interval<%s>(%s, %d, 1, pow2)" % (type_name, lo, past), 0)


def too_many_values(rng, f):
    text = rng.choice(["interval<std::uint64_t>(0, 18446744073709551615u)",
                       "interval<std::int64_t>(-9223372036854775807 - 1, 9223372036854775807)",
                       "interval<double>(0, 1e300, 1e-300)",
                       "interval<unsigned long long>(0, 18446744073709551615ull, 1)"])
    f.range_directive(rng, f.name(), text, 0)


def cycle(rng, f, length):
    """Parameters P_0 .. P_{k-1}, each constraint naming the next; written
    into f in a random order."""
    names = [f.name() for _ in range(length)]
    forms = ["divides({})", "{} >= 1 && less_than_or_eq({})", "[](auto v) { return v != {}; }",
             "multiple_of({} / 2 + 1)", "{self} <= {} * 2"]
    references = []  # (line, col, from, to)
    for i in rng.sample(range(length), length):
        target = names[(i + 1) % length]
        form = rng.choice(forms)
        constraint = form.replace("{self}", names[i]).replace("{}", target)
        # Only the first reference to target counts (its first in the file).
        first = re.search(r"\b%s\b" % target, constraint).start()
        range_text = "{1, 2, 4}"
        if rng.random() < 0.3:
            line = f.add("#atf::tp name %s range %s" % (names[i], range_text))
            head = "    constraint "
            line = f.add(head + constraint)
        else:
            head = "#atf::tp name %s range %s constraint " % (names[i], range_text)
            line = f.add(head + constraint)
        references.append((line, len(head) + first + 1, i))
        if rng.random() < 0.3:
            f.add("#atf::tp name %s range {1, 2}" % f.name())
    references.sort()
    closing = references[-1]
    f.errors.add(closing[:2])
    for reference in references[:-1]:
        f.notes.add(reference[:2])


def write_file(rng):
    f = File()
    makers = [wrong_set, right_set, zero_step, bound_outside_type, pow2_past_type, too_many_values,
              lambda r, g: cycle(r, g, r.randint(2, 5))]
    for _ in range(rng.randint(3, 8)):
        rng.choice(makers)(rng, f)
    f.add('#atf::run_script "true"')
    return f


LOCATION = re.compile(r"^(.*?):(\d+):(\d+): (error|note): ")


def check(atfc, path, f):
    done = subprocess.run([atfc, "check", "--error-limit", "0", path], capture_output=True,
                          text=True)
    errors, notes = set(), set()
    for line in done.stderr.splitlines():
        match = LOCATION.match(line)
        if match and match.group(1) == path:
            where = (int(match.group(2)), int(match.group(3)))
            (errors if match.group(4) == "error" else notes).add(where)
    problems = []
    if f.errors and done.returncode == 0:
        problems.append("atfc check passed the file")
    if errors != f.errors:
        problems.append("errors at %s, expected at %s" % (sorted(errors), sorted(f.errors)))
    if notes != f.notes:
        problems.append("notes at %s, expected at %s" % (sorted(notes), sorted(f.notes)))
    return problems, done.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atfc", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--files", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    os.makedirs(args.out, exist_ok=True)
    start, files, culprits, failures = time.monotonic(), 0, 0, 0
    while True:
        if args.files is not None and files >= args.files:
            break
        if args.seconds is not None and time.monotonic() - start > args.seconds:
            break
        if args.files is None and args.seconds is None and files >= 20:
            break
        f = write_file(rng)
        path = os.path.join(args.out, "wrong-%d.atf" % files)
        with open(path, "w") as out:
            out.write("\n".join(f.lines) + "\n")
        problems, stderr = check(args.atfc, path, f)
        files += 1
        culprits += len(f.errors)
        if problems:
            failures += 1
            print("FAIL (seed %d): %s: %s\n%s" % (seed, path, "; ".join(problems), stderr))
        else:
            os.remove(path)
    print("%d files, %d culprits, %d failures (seed %d)" % (files, culprits, failures, seed))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
