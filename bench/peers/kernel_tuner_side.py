#!/usr/bin/env python3
"""Kernel Tuner's half of bench/peers/kernel_tuner_comparison.py.

Runs in the benchmark's own virtual environment (kernel_tuner 1.5 and
pyopencl, never a dependency of atfc): tunes one of atfc's examples with
Kernel Tuner on the same OpenCL device, with the space the example's
directives describe, and writes what it measured as JSON (--json):
configurations, valid ones, the best configuration and its time, and the
seconds tune_kernel took.

The kernel text is the example's own with its #atf:: directives blanked.
Two things the directives say differently for Kernel Tuner:
  - gemm.cl launches TS x TS/WPT work-items per group; Kernel Tuner takes
    block sizes only from tuning parameters, so BY (= TS / WPT, one value
    per configuration: the space keeps its size) names the second;
  - reduction.cl's scratch is a __local argument, for which Kernel Tuner has
    no form: its Kernel Tuner text declares `__local float scratch[WG]`
    inside the kernel instead (same memory, same code).

  python kernel_tuner_side.py --kernel gemm --strategy brute_force --json out.json
"""
import argparse
import json
import random
import re
import sys
import time
from collections import OrderedDict

import numpy as np
import pyopencl as cl
from kernel_tuner import tune_kernel


def blank_directives(text):
    """The file with every #atf:: directive (and its continuation lines)
    blanked, as atfc blanks it."""
    out, continued = [], False
    for line in text.split("\n"):
        directive = continued or line.lstrip().startswith("#atf::")
        continued = directive and line.rstrip().endswith("\\")
        out.append("" if directive else line)
    return "\n".join(out)


def pocl_device():
    """(platform index, device index, max work-group size) of pocl's CPU."""
    for p, platform in enumerate(cl.get_platforms()):
        if "pocl" not in platform.vendor.lower() and "portable" not in platform.name.lower():
            continue
        for d, device in enumerate(platform.get_devices()):
            if device.type & cl.device_type.CPU:
                return p, d, device.max_work_group_size
    sys.exit("no pocl CPU device")


def gemm(source, n, max_wg):
    rng = np.random.default_rng(1)
    a = rng.random(n * n, dtype=np.float32)
    b = rng.random(n * n, dtype=np.float32)
    c = np.zeros(n * n, dtype=np.float32)
    # Column-major: element (row, col) is at col * n + row.
    expected = (a.reshape(n, n).T.astype(np.float64) @ b.reshape(n, n).T).T.reshape(-1)
    params = OrderedDict(TS=list(range(1, 65)), WPT=list(range(1, 65)), BY=list(range(1, 65)))
    return dict(kernel_name="gemm", kernel_source=source, problem_size=(n, n),
                arguments=[np.int32(n), a, b, c], tune_params=params,
                restrictions=[f"{n} % TS == 0", f"TS * TS <= {max_wg}", "TS % WPT == 0",
                              "BY == TS // WPT"],
                block_size_names=["TS", "BY"], grid_div_x=["TS"], grid_div_y=["TS"],
                answer=[None, None, None, expected.astype(np.float32)], atol=1e-3,
                iterations=3)


def reduction(source, n, groups):
    chunk = n // groups
    source = re.sub(r",\s*__local float \*scratch\)\s*\{", ") {\n  __local float scratch[WG];",
                    source)
    x = np.arange(n, dtype=np.float32)
    sums = np.zeros(groups, dtype=np.float32)
    g = np.arange(groups, dtype=np.float64)
    expected = chunk * (2 * g * chunk + chunk - 1) / 2

    def verify(answer, result, atol=None):
        # verify.py's rule: a float sum of chunk values, in any order.
        return bool(np.allclose(result[2], answer[2], rtol=chunk * 2.0**-24, atol=0))

    params = OrderedDict(WG=[1, 2, 4, 8, 16, 32, 64, 128, 256], ELEMS=[1, 2, 4, 8, 16])
    return dict(kernel_name="reduce", kernel_source=source, problem_size=groups,
                arguments=[np.int32(chunk), x, sums], tune_params=params,
                restrictions=[f"{chunk} % WG == 0", f"{chunk} % (WG * ELEMS) == 0"],
                block_size_names=["WG"], grid_div_x=[],
                answer=[None, None, expected], verify=verify, iterations=5)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kernel", choices=["gemm", "reduction"], required=True)
    p.add_argument("--source", required=True, help="the example's annotated file")
    p.add_argument("--args", nargs="+", type=int, required=True,
                   help="the example's positional arguments ($1, $2)")
    p.add_argument("--strategy", choices=["brute_force", "random_sample"], required=True)
    p.add_argument("--budget", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", required=True)
    a = p.parse_args()
    random.seed(a.seed)
    np.random.seed(a.seed)
    platform, device, max_wg = pocl_device()
    with open(a.source) as f:
        source = blank_directives(f.read())
    if a.kernel == "gemm":
        spec = gemm(source, a.args[0], max_wg)
    else:
        spec = reduction(source, a.args[0], a.args[1])
    options = {}
    if a.strategy == "random_sample":
        options = {"max_fevals": a.budget}
    start = time.perf_counter()
    results, _ = tune_kernel(lang="OpenCL", platform=platform, device=device,
                             strategy=a.strategy, strategy_options=options, quiet=True,
                             **spec)
    seconds = time.perf_counter() - start
    names = [k for k in spec["tune_params"] if k != "BY"]
    valid = [r for r in results if isinstance(r.get("time"), float)]
    best = min(valid, key=lambda r: r["time"]) if valid else None
    with open(a.json, "w") as f:
        json.dump({"configurations": len(results), "valid": len(valid),
                   "best": {k: best[k] for k in names} if best else None,
                   "best_seconds": best["time"] / 1e3 if best else None,
                   "tune_seconds": seconds}, f)


if __name__ == "__main__":
    main()
