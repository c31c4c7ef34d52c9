#!/usr/bin/env python3
"""Writes a large Kernel Tuner 1.5 cache, to measure reading it.

  bench/large_kernel_tuner_cache.py --entries 1000000 --out /tmp/kt1m.json
  /usr/bin/time -v build/tools/atfc/atfc analyze /tmp/kt1m.json

The cache is written as Kernel Tuner 1.5 writes one while tuning: the
header (device and kernel name, problem size, tune_params_keys,
tune_params, "objective" a list), then each entry on its own line followed
by a comma, closed with "}\\n}" at the end (--open leaves it open, as a
tuning run that was stopped does). Each entry has 15 parameters (a GEMM's,
as in the bench's kt_gemm_*.json.gz), its "time", "times" of --repetitions
runs, the compile, verification, benchmark, strategy and framework times,
GFLOP/s and a timestamp; one entry in 50 failed ("__error__").
docs/replay.md (Reading large caches) records the figures.
"""
import argparse
import itertools
import json
import random

PARAMS = {
    "MWG": [16, 32, 64, 128, 256], "NWG": [16, 32, 64, 128, 256], "KWG": [16, 32],
    "MDIMC": [8, 16, 32], "NDIMC": [8, 16, 32], "MDIMA": [8, 16, 32], "NDIMB": [8, 16, 32],
    "KWI": [2, 8], "VWM": [1, 2, 4, 8], "VWN": [1, 2, 4, 8], "STRM": [0, 1], "STRN": [0, 1],
    "SA": [0, 1], "SB": [0, 1], "PRECISION": [32],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=1000000)
    parser.add_argument("--repetitions", type=int, default=7)
    parser.add_argument("--open", action="store_true", help="leave the cache open")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    keys = list(PARAMS)
    header = {"device_name": "NVIDIA GeForce RTX 3090", "kernel_name": "Xgemm",
              "problem_size": [4096, 4096], "tune_params_keys": keys, "tune_params": PARAMS,
              "objective": ["time"], "cache": {}}
    with open(args.out, "w") as f:
        f.write(json.dumps(header, indent="")[:-3])
        configs = itertools.product(*PARAMS.values())
        for n, values in enumerate(itertools.islice(configs, args.entries)):
            key = ",".join(str(v) for v in values)
            e = dict(zip(keys, values))
            if n % 50 == 7:
                e.update(__error__="CompilationFailedConfig", compile_time=0.7)
            else:
                t = rng.uniform(1.0, 100.0)
                e.update(time=t, times=[t * rng.uniform(0.98, 1.02)
                                        for _ in range(args.repetitions)],
                         compile_time=rng.uniform(0.5, 1.0),
                         verification_time=rng.uniform(100, 300),
                         benchmark_time=t * args.repetitions)
                e["GFLOP/s"] = 137438.95 / t
            e.update(strategy_time=0, framework_time=rng.uniform(100, 300),
                     timestamp="2024-04-25 20:16:20.312145+00:00")
            f.write("\n" + json.dumps({key: e})[1:-1] + ",")
        if not args.open:
            f.seek(f.tell() - 1)
            f.write("}\n}")


if __name__ == "__main__":
    main()
