#!/usr/bin/env python3
"""What a result check costs per configuration: the reduction example
(examples/reduction) tuned exhaustively without a check, with verify.py as
a `check script` (a process per configuration) and with verify_server.py as
a `check server` (one process for the run), the same verdicts. Each variant
is tuned once to build its tuner, then --repeat times with --fresh; the
fastest run counts. Prints a Markdown table for docs/measuring.md:
the run's wall time and the check's cost per configuration (the run's time
less the unchecked run's, divided by the configurations).

    python3 bench/check-server/cost.py --atfc build/tools/atfc/atfc
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "..", "examples", "reduction")
SCRIPT = 'check script "python3 $ATF_FILE_DIR/verify.py" buffers 3'
VARIANTS = [
    ("no check", None, False),
    ("check script (a process per configuration)", "script verify.py", False),
    ("check server (one process for the run)", "server verify_server.py", False),
    ("check script, `import numpy`", "script verify.py", True),
    ("check server, `import numpy`", "server verify_server.py", True),
]


def tune(atfc, source, inputs, fresh):
    start = time.monotonic()
    result = subprocess.run([atfc, "tune", source, "--technique", "exhaustive"]
                            + (["--fresh"] if fresh else []) + ["--"] + inputs,
                            capture_output=True, text=True)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"atfc tune {source} failed:\n{result.stdout}{result.stderr}")
    done = re.search(r"done after (\d+) evaluations \((\d+) valid\)", result.stdout + result.stderr)
    return seconds, int(done.group(1)), int(done.group(2))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--atfc", required=True)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--inputs", default="65536 16")
    parser.add_argument("--python", default="python3",
                        help="the checks' interpreter; without numpy, its rows are left out")
    args = parser.parse_args()
    atfc = os.path.abspath(args.atfc)
    inputs = args.inputs.split()
    work = tempfile.mkdtemp(prefix="atfc-check-cost-")
    os.environ.setdefault("POCL_CACHE_DIR", os.path.join(work, "pocl-cache"))
    try:
        for name in ("verify.py", "verify_server.py", "atfc_check.py"):
            shutil.copy(os.path.join(EXAMPLE, name), work)
            # The same scripts with numpy's start, as most verify functions have.
            with open(os.path.join(EXAMPLE, name)) as f:
                text = f.read()
            with open(os.path.join(work, "numpy_" + name), "w") as f:
                f.write("import numpy\n" + text.replace("from atfc_check", "from numpy_atfc_check"))
        has_numpy = subprocess.run([args.python, "-c", "import numpy"],
                                   capture_output=True).returncode == 0
        with open(os.path.join(EXAMPLE, "reduction.cl")) as f:
            original = f.read()
        # Every configuration: the whole space, not the example's 25.
        original = original.replace("#atf::abort_condition evaluations(25)\n", "")
        rows = []
        base = None
        for index, (label, check, numpy) in enumerate(VARIANTS):
            if numpy and not has_numpy:
                continue
            if check is not None:
                kind, script = check.split()
                script = ("numpy_" if numpy else "") + script
                check = f'#atf::check {kind} "{args.python} $ATF_FILE_DIR/{script}" buffers 3\n'
            text = original.replace("#atf::" + SCRIPT + "\n", check or "")
            source = os.path.join(work, f"reduction{index}.cl")
            with open(source, "w") as f:
                f.write(text)
            tune(atfc, source, inputs, fresh=False)  # builds the tuner
            best = min(tune(atfc, source, inputs, fresh=True) for _ in range(args.repeat))
            seconds, evaluations, valid = best
            if check is None:
                base = seconds
                per = "—"
            else:
                per = f"{(seconds - base) / evaluations * 1000:.0f} ms"
            rows.append(f"| {label} | {evaluations} ({valid} valid) | {seconds:.1f} s | {per} |")
        print("| reduction.cl, exhaustive | evaluations | run | check per configuration |")
        print("|---|---|---|---|")
        print("\n".join(rows))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
