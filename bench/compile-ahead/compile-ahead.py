#!/usr/bin/env python3
"""Compile-ahead for kernels, measured: wall time and kernel times with and
without `--compile-ahead N` (docs/measuring.md, "Compiling kernels ahead").

Tunes FILE over its whole space (`--technique exhaustive --abort-condition
fraction(1)`, `--fresh`) in alternating runs, without and with compile-ahead,
each with a fresh, empty POCL_CACHE_DIR, so that every build is a real one.
The tuner is built once before the first timed run. Per pair it prints the
wall time of both runs and their ratio; then whether both measured the same
configurations, all valid; and the disturbance: per configuration, the
median over the runs of its kernel time (the tuner's cost) with and
without, and the median and quartiles over the configurations of their
ratio (with / without).

  bench/compile-ahead/compile-ahead.py --atfc build/tools/atfc/atfc \
      --file examples/gemm/gemm.cl --pairs 3 --ahead 1 --out /tmp/compile-ahead -- 256
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time


def tune(args, out, cache, ahead):
    env = dict(os.environ, POCL_CACHE_DIR=cache)
    command = [args.atfc, "tune", args.file, "-o", out, "--fresh", "--technique", "exhaustive",
               "--abort-condition", "fraction(1)", "--compile-ahead", str(ahead), "--"]
    command += args.arguments
    start = time.monotonic()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - start


def evaluations(args, out):
    """{configuration text: (valid, cost)} of the run in out."""
    text = subprocess.run([args.atfc, "results", os.path.join(out, "results.db"), "--json"],
                          check=True, capture_output=True, text=True).stdout
    result = {}
    for e in json.loads(text)["evaluations"]:
        key = " ".join(f"{k}={v}" for k, v in sorted(e["configuration"].items()))
        result[key] = (e["valid"], e["costs"][0] if e["valid"] else None)
    return result


def quartiles(values):
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return q[0], statistics.median(values), q[2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atfc", required=True)
    parser.add_argument("--file", required=True)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--ahead", type=int, default=1)
    parser.add_argument("--out", required=True)
    parser.add_argument("arguments", nargs="*", help="the program's arguments (after --)")
    args = parser.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    # Builds the tuner (cached by content), so that no timed run does.
    subprocess.run([args.atfc, "tune", args.file, "-o", os.path.join(args.out, "build"),
                    "--abort-condition", "evaluations(1)", "--"] + args.arguments,
                   env=dict(os.environ, POCL_CACHE_DIR=os.path.join(args.out, "pocl-build")),
                   check=True, stdout=subprocess.DEVNULL)
    walls = {0: [], args.ahead: []}
    runs = {0: [], args.ahead: []}
    print(f"| pair | without (s) | with --compile-ahead {args.ahead} (s) | with / without |")
    print("|---|---|---|---|")
    for pair in range(1, args.pairs + 1):
        # Alternating which goes first, so that a drift in the machine's load
        # favours neither.
        order = [0, args.ahead] if pair % 2 else [args.ahead, 0]
        for ahead in order:
            out = os.path.join(args.out, f"run-{pair}-ahead-{ahead}")
            wall = tune(args, out, os.path.join(args.out, f"pocl-{pair}-ahead-{ahead}"), ahead)
            walls[ahead].append(wall)
            runs[ahead].append(evaluations(args, out))
        w0, w1 = walls[0][-1], walls[args.ahead][-1]
        print(f"| {pair} | {w0:.1f} | {w1:.1f} | {w1 / w0:.2f} |", flush=True)
    ratio = statistics.median(walls[args.ahead]) / statistics.median(walls[0])
    print(f"\nmedian wall time: without {statistics.median(walls[0]):.1f} s, "
          f"with {statistics.median(walls[args.ahead]):.1f} s, ratio {ratio:.2f}")

    configurations = set(runs[0][0])
    same = all(set(r) == configurations for rs in runs.values() for r in rs)
    valid = all(v for rs in runs.values() for r in rs for v, _ in r.values())
    print(f"{len(configurations)} configurations; every run measured the same: {same}; "
          f"all valid: {valid}")
    if not (same and valid):
        return 1
    ratios = []
    for c in sorted(configurations):
        without = statistics.median(r[c][1] for r in runs[0])
        with_ahead = statistics.median(r[c][1] for r in runs[args.ahead])
        ratios.append(with_ahead / without)
    low, mid, high = quartiles(ratios)
    print(f"kernel time with / without, per configuration: median {mid:.2f}, "
          f"quartiles {low:.2f} .. {high:.2f}, range {min(ratios):.2f} .. {max(ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
