#!/usr/bin/env python3
"""atfc against Kernel Tuner 1.5 on the same OpenCL kernels (pocl here).

Makes a virtual environment of its own (--venv, default: peers-venv in the
build directory of the given atfc; never a dependency of atfc) and
pip-installs kernel_tuner==1.5.* and pyopencl from PyPI into it. Then, for
examples/gemm/gemm.cl (-- 256) and examples/reduction/reduction.cl
(-- 1048576 64), with the space their directives describe, it measures in
alternating runs (round r: atfc first when r is even, Kernel Tuner first
when odd):
  all     every configuration once (atfc: --technique exhaustive; Kernel
          Tuner: brute_force): the wall time of the whole tuning process;
  random  a random search of --budget configurations (atfc: --technique
          random --abort-condition 'evaluations(N)'; Kernel Tuner:
          random_sample, max_fevals N), capped at the space's size by both:
          evaluations per minute of wall time.
atfc runs with and without `--compile-ahead N` where `atfc tune --help`
offers it; otherwise that column is skipped with a note. Every timed run
starts with an empty pocl kernel cache (POCL_CACHE_DIR) and atfc with
--fresh, so neither tool reuses a build or a result; atfc's tuner itself is
built once before the first timed run (a C++ build, not tuning). A run's
wall time is its whole process's, start to exit, as a user waits for it
(atfc: checking the file, starting the tuner and its device worker;
Kernel Tuner: starting Python and importing it).

Checks that both tools measured the same number of configurations and
prints both best configurations; the table is Markdown (docs/measuring.md).

  bench/peers/kernel_tuner_comparison.py --atfc build/tools/atfc/atfc \
      --rounds 3 --out build/peers
"""
import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = [
    ("gemm", os.path.join(ROOT, "examples", "gemm", "gemm.cl"), ["256"]),
    ("reduction", os.path.join(ROOT, "examples", "reduction", "reduction.cl"),
     ["1048576", "64"]),
]


def ensure_venv(venv):
    """The environment's python, kernel_tuner 1.5 and pyopencl installed."""
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    probe = [python, "-c", "import kernel_tuner, pyopencl; print(kernel_tuner.__version__)"]
    have = subprocess.run(probe, capture_output=True, text=True)
    if have.returncode != 0 or not have.stdout.startswith("1.5"):
        subprocess.run([python, "-m", "pip", "install", "-q", "kernel_tuner==1.5.*", "pyopencl"],
                       check=True)
        have = subprocess.run(probe, capture_output=True, text=True, check=True)
    return python, have.stdout.strip()


def compile_ahead_supported(atfc):
    help_text = subprocess.run([atfc, "tune", "--help"], capture_output=True, text=True).stdout
    return "--compile-ahead" in help_text


def timed(command, env):
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (done.returncode, " ".join(command), done.stderr[-2000:]))
    return seconds


def fresh_cache(out):
    cache = os.path.join(out, "pocl-cache")
    shutil.rmtree(cache, ignore_errors=True)
    os.makedirs(cache)
    return dict(os.environ, POCL_CACHE_DIR=cache)


def atfc_mode_options(mode, budget, seed):
    if mode == "all":
        return ["--technique", "exhaustive", "--abort-condition", "fraction(1)"]
    return ["--technique", "random", "--abort-condition", "evaluations(%d)" % budget,
            "--seed", str(seed)]


def atfc_last_run(directory):
    """(configurations, valid, best values, best seconds) of the last run."""
    con = sqlite3.connect(os.path.join(directory, "results.db"))
    (run_id,), = con.execute("SELECT MAX(id) FROM runs")
    rows = con.execute("SELECT configuration, valid, costs FROM evaluations WHERE run_id = ?",
                       (run_id,)).fetchall()
    con.close()
    valid = [(json.loads(c), json.loads(k)[0]) for c, v, k in rows if v]
    best = min(valid, key=lambda x: x[1]) if valid else (None, None)
    return len(rows), len(valid), best[0], best[1]


def run_atfc(atfc, name, file, args, mode, budget, seed, ahead, out):
    directory = os.path.join(out, "atfc-" + name)
    command = [atfc, "tune", file, "-o", directory, "--fresh"] + \
        atfc_mode_options(mode, budget, seed)
    if ahead:
        command += ["--compile-ahead", str(ahead)]
    seconds = timed(command + ["--"] + args, fresh_cache(out))
    return (seconds,) + atfc_last_run(directory)


def run_kernel_tuner(python, name, file, args, mode, budget, seed, out):
    result = os.path.join(out, "kt-%s.json" % name)
    command = [python, os.path.join(HERE, "kernel_tuner_side.py"), "--kernel", name,
               "--source", file, "--args"] + args + [
        "--strategy", "brute_force" if mode == "all" else "random_sample",
        "--budget", str(budget), "--seed", str(seed), "--json", result]
    seconds = timed(command, fresh_cache(out))
    with open(result) as f:
        r = json.load(f)
    return seconds, r["configurations"], r["valid"], r["best"], r["best_seconds"]


def format_best(values, seconds):
    if values is None:
        return "none valid"
    if isinstance(values, list):  # atfc: [{"name": ..., "value": ...}] or [[name, value]]
        values = {v["name"]: v["value"] for v in values} if values and isinstance(
            values[0], dict) else dict(values)
    return "%s (%.3g ms)" % (", ".join("%s=%s" % kv for kv in values.items()), seconds * 1e3)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--atfc", required=True)
    p.add_argument("--venv", help="the virtual environment (default: peers-venv in the build dir)")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--budget", type=int, default=100)
    p.add_argument("--compile-ahead", type=int, default=2, dest="ahead")
    p.add_argument("--kernels", nargs="+", default=[k[0] for k in KERNELS])
    p.add_argument("--out", required=True)
    a = p.parse_args()
    atfc = os.path.abspath(a.atfc)
    venv = a.venv or os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(atfc))),
                                  "peers-venv")
    python, kt_version = ensure_venv(venv)
    os.makedirs(a.out, exist_ok=True)
    out = os.path.abspath(a.out)
    ahead = compile_ahead_supported(atfc)
    tools = ["atfc"] + (["atfc --compile-ahead %d" % a.ahead] if ahead else []) + \
        ["Kernel Tuner %s" % kt_version]
    notes = []
    if not ahead:
        notes.append("atfc tune has no --compile-ahead option in this build: that column is "
                     "skipped")
    rows = []
    for name, file, args in KERNELS:
        if name not in a.kernels:
            continue
        # Builds the tuner (a C++ compile) before anything is timed.
        timed([atfc, "tune", file, "-o", os.path.join(out, "atfc-" + name),
               "--abort-condition", "evaluations(1)", "--"] + args, fresh_cache(out))
        for mode in ("all", "random"):
            measured = {t: [] for t in tools}
            for r in range(a.rounds):
                seed = r + 1
                order = tools if r % 2 == 0 else list(reversed(tools))
                for tool in order:
                    if tool.startswith("Kernel Tuner"):
                        m = run_kernel_tuner(python, name, file, args, mode, a.budget, seed, out)
                    else:
                        m = run_atfc(atfc, name, file, args, mode, a.budget, seed,
                                     a.ahead if "ahead" in tool else 0, out)
                    measured[tool].append(m)
                    print("%s %s round %d %s: %.2f s, %d configurations" %
                          (name, mode, r, tool, m[0], m[1]), file=sys.stderr)
            counts = {t: {m[1] for m in ms} for t, ms in measured.items()}
            if len({c for cs in counts.values() for c in cs}) != 1:
                notes.append("%s, %s: the tools measured different numbers of configurations: "
                             "%s" % (name, mode, counts))
            for tool, ms in measured.items():
                walls = [m[0] for m in ms]
                configs = ms[0][1]
                best = min(ms, key=lambda m: m[4] if m[4] is not None else float("inf"))
                rows.append((name, mode, tool, statistics.median(walls), min(walls), max(walls),
                             configs, ms[0][2], configs / statistics.median(walls) * 60,
                             format_best(best[3], best[4])))
    print("| kernel | run | tool | wall time (s), median (min–max) | configurations (valid) "
          "| evaluations per minute | best configuration (its time) |")
    print("|---|---|---|---|---|---|---|")
    for name, mode, tool, med, lo, hi, configs, valid, per_min, best in rows:
        print("| %s | %s | %s | %.1f (%.1f–%.1f) | %d (%d) | %.0f | %s |" %
              (name, "all configurations" if mode == "all" else "random %d" % a.budget, tool,
               med, lo, hi, configs, valid, per_min, best))
    for note in notes:
        print("\nNote: " + note)


if __name__ == "__main__":
    main()
