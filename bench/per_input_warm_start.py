#!/usr/bin/env python3
"""Warm start across input sets, measured on the OpenCL device (pocl here).

For each seed, every size is tuned twice with the same budget:
  cold: `atfc tune FILE --fresh --seed S -- N`, one output directory per size;
  warm: `atfc tune FILE --seed S --inputs N1 --inputs N2 ...`, the sizes in
        order, each after the first warm-started from those before.
For every size after the first, the figure is the number of evaluations
until a run first measured a cost within 5 % of the cold run's best for that
size and seed (the cold run's own number for the cold run; a run that never
gets there counts as budget + 1 and is marked). That reference favours the
cold run, which reaches its own best by definition while the warm run must
reach a cost that may have been a lucky measurement, so a second table uses
the better of the two runs' bests as the reference for both. Prints Markdown
tables of medians and quartiles (docs/per-input.md). --analyse reads the
databases of an earlier measurement in --out instead of tuning.

  bench/per_input_warm_start.py --atfc build/tools/atfc/atfc \
      --file examples/per-size/axpy.cl --sizes 4096 65536 1048576 \
      --seeds 7 --budget 16 --out /tmp/warm-start
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys

TOLERANCE = 0.05


def runs(db):
    """(arguments, [(evaluation, valid, primary cost)]) per run, in order."""
    import json
    con = sqlite3.connect(db)
    out = []
    for run_id, arguments in con.execute("SELECT id, arguments FROM runs ORDER BY id"):
        rows = con.execute(
            "SELECT evaluation, valid, costs FROM evaluations WHERE run_id = ? ORDER BY id",
            (run_id,)).fetchall()
        evals = [(e, v, (json.loads(c) or [None])[0]) for e, v, c in rows]
        out.append((json.loads(arguments), evals))
    con.close()
    return out


def to_reach(evals, limit, budget):
    for e, valid, cost in evals:
        if valid and cost is not None and cost <= limit:
            return e, False
    return budget + 1, True


def tune(atfc, args):
    subprocess.run([atfc, "tune"] + args, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def quartiles(xs):
    q = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else [xs[0]] * 3
    return q[0], statistics.median(xs), q[2]


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--atfc", required=True)
    p.add_argument("--file", required=True)
    p.add_argument("--sizes", nargs="+", required=True)
    p.add_argument("--seeds", type=int, default=7)
    p.add_argument("--budget", type=int, default=16)
    p.add_argument("--technique", default="")
    p.add_argument("--out", required=True)
    p.add_argument("--analyse", action="store_true")
    a = p.parse_args()
    if not a.analyse:
        shutil.rmtree(a.out, ignore_errors=True)
        os.makedirs(a.out)
    common = ["--abort-condition", "evaluations(%d)" % a.budget]
    if a.technique:
        common += ["--technique", a.technique]
    cold = {n: [] for n in a.sizes[1:]}
    warm = {n: [] for n in a.sizes[1:]}
    cold_both = {n: [] for n in a.sizes[1:]}
    warm_both = {n: [] for n in a.sizes[1:]}
    for seed in range(1, a.seeds + 1):
        cold_runs = {}
        for n in a.sizes:
            d = "%s/cold-%d-%s" % (a.out, seed, n)
            if not a.analyse:
                tune(a.atfc, [a.file, "-o", d, "--fresh", "--seed", str(seed)] + common +
                     ["--", n])
            (_, cold_runs[n]), = runs(d + "/results.db")
        d = "%s/warm-%d" % (a.out, seed)
        if not a.analyse:
            sets = sum((["--inputs", n] for n in a.sizes), [])
            tune(a.atfc, [a.file, "-o", d, "--seed", str(seed)] + common + sets)
        warm_runs = {arguments[0]: evals for arguments, evals in runs(d + "/results.db")}
        for n in a.sizes[1:]:
            best_cold = min(c for _, v, c in cold_runs[n] if v and c is not None)
            best_warm = min(c for _, v, c in warm_runs[n] if v and c is not None)
            limit = best_cold * (1 + TOLERANCE)
            cold[n].append(to_reach(cold_runs[n], limit, a.budget))
            warm[n].append(to_reach(warm_runs[n], limit, a.budget))
            limit = min(best_cold, best_warm) * (1 + TOLERANCE)
            cold_both[n].append(to_reach(cold_runs[n], limit, a.budget))
            warm_both[n].append(to_reach(warm_runs[n], limit, a.budget))
        print("seed %d done" % seed, file=sys.stderr)
    for title, c_all, w_all in (("the cold run's best", cold, warm),
                                ("the better of both runs' bests", cold_both, warm_both)):
        print("\nEvaluations to within 5 %% of %s (%d seeds, budget %d):\n" %
              (title, a.seeds, a.budget))
        print("| size | cold start: median (quartiles) | warm start: median (quartiles) "
              "| runs that never got there (cold / warm) |")
        print("|---|---|---|---|")
        for n in a.sizes[1:]:
            c = [x for x, _ in c_all[n]]
            w = [x for x, _ in w_all[n]]
            cq, wq = quartiles(c), quartiles(w)
            print("| %s | %g (%g–%g) | %g (%g–%g) | %d / %d |" % (
                n, cq[1], cq[0], cq[2], wq[1], wq[0], wq[2],
                sum(m for _, m in c_all[n]), sum(m for _, m in w_all[n])))

if __name__ == "__main__":
    main()
