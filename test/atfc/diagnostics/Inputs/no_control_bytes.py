"""Runs atfc's subcommands on a file whose name, parameter values and
parameter names hold ESC, OSC, CSI (7- and 8-bit) and other control bytes,
and fails when any of them reaches stdout or stderr raw: everything atfc,
its tuner and atfc-ranks print goes through one escaper
(System/TerminalText.h). Newline and tab are the only control bytes let
through (tab keeps a diagnostic's caret under its column).

  no_control_bytes.py ATFC WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys

HOSTILE = "\x1b]0;owned\x07\x1b[2J\x9b31m\u009d0;t\u0085\x7f\r\x08"


def bad_bytes(data):
    """The control bytes in data, by offset."""
    text = data.decode("utf-8", "surrogateescape")
    found = []
    for i, c in enumerate(text):
        o = ord(c)
        if (o < 0x20 and c not in "\n\t") or o == 0x7f or 0x80 <= o <= 0x9f or \
                0xdc80 <= o <= 0xdc9f:  # C1 as a code point, or a stray byte
            found.append((i, hex(o)))
    return found


def literal(text):
    return "\"" + "".join("\\%03o" % b for b in text.encode("utf-8")) + "\""


def main():
    atfc, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    source = os.path.join(work, "k" + HOSTILE + ".sh")
    with open(source, "w") as f:
        f.write("#atf::var<size_t>::N $1\n"
                "#atf::tp name S range {%s, \"plain\"}\n"
                "#atf::tp name T range {1, 2}\n"
                "#atf::run_script \"echo $T > cost; printf '%%s' \\\"$S\\\"\"\n"
                "#atf::cost_file \"cost\"\n" % literal(HOSTILE))
    bad_name = os.path.join(work, "name" + HOSTILE + ".sh")
    with open(bad_name, "w") as f:
        f.write("#atf::tp name X" + HOSTILE.replace("\r", "") + " range {1, 2}\n"
                "#atf::tp name Y range {1, 2} constraint Y > undefined" + "\x1b[31m" + "\n"
                "#atf::run_script \"true\"\n")
    out = os.path.join(work, "out" + HOSTILE)
    wisdom = os.path.join(work, "w" + HOSTILE + ".json")
    crafted = os.path.join(work, "crafted" + HOSTILE + ".json")
    with open(crafted, "w") as f:
        json.dump({"atfc_wisdom": 1, "file": "k" + HOSTILE, "inputs": [],
                   "parameters": [{"name": "P" + HOSTILE, "kind": "int"}],
                   "entries": [{"device": HOSTILE, "arguments": [],
                                "configuration": {"P" + HOSTILE: 1}, "cost": [1]}]}, f)
    commands = [
        [atfc, "check", source],
        [atfc, "check", bad_name],
        [atfc, "check", os.path.join(work, "missing" + HOSTILE + ".sh")],
        [atfc, "tune", source, "-o", out, "--verbose", "--inputs", "4", "--inputs", "8",
         "--prefix", "k"],
        [atfc, "tune", bad_name, "-o", out + "2"],
        [atfc, "results", os.path.join(out, "results.db")],
        [atfc, "results", os.path.join(out, "results.db"), "--run", "1"],
        [atfc, "results", os.path.join(out, "results.db"), "--csv"],
        [atfc, "results", os.path.join(out, "results.db"), "--json"],
        [atfc, "wisdom", "merge", os.path.join(out, "results.db"), "--file", source,
         "-o", wisdom, "--header", os.path.join(work, "h" + HOSTILE + ".h"), "--prefix", "k"],
        [atfc, "wisdom", "header", wisdom, "-o", os.path.join(work, "x" + HOSTILE + ".h"),
         "--prefix", "k"],
        [atfc, "wisdom", "header", crafted, "-o", os.path.join(work, "c.h")],
        # A string parameter's --fix value is its own text: S is fixed to
        # its hostile value, which the summary prints escaped.
        [atfc, "tune", source, "-o", out, "--fix", "S=" + HOSTILE, "--prefix", "k", "--", "4"],
    ]
    failed = 0
    for command in commands:
        r = subprocess.run(command, capture_output=True, cwd=work)
        for stream, data in (("stdout", r.stdout), ("stderr", r.stderr)):
            found = bad_bytes(data)
            if found:
                failed += 1
                print("FAIL: %s %s: raw control bytes %s in:\n%r" %
                      (" ".join(command[1:2]), stream, found[:5], data[:2000]))
        name = " ".join(command[1:3]) if command[1] == "wisdom" else command[1]
        print("ran: atfc %s (exit %d)" % (name, r.returncode))
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
