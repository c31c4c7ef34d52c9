"""Writes recorded data as Kernel Tuner 1.x, KTT and T4 users have it.

kernel_tuner_files.py DIR writes into DIR, over one 4 x 4 grid of A and B
(the optimum at A=8, B=2), with failed configurations:
  open.json        a Kernel Tuner 1.5 cache as it stands while tuning
                   (header, then each entry and a comma; never closed),
                   "objective" a list, failures in "__error__", Python's
                   Infinity for a GFLOP/s of a time of 0;
  gflops.json      the same closed, its objective GFLOP/s (no direction:
                   Kernel Tuner 1.5 writes none);
  ktt_t4.json      the same data as KTT writes T4 files: values as text,
                   times in the metadata's time unit (microseconds);
  legacy.json      a Kernel Tuner 0.4 cache: the error class in "time".
"""
import json
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
VALUES = [1, 2, 4, 8]


def time_of(a, b):
    return 1.0 + abs(a - 8) / 4 + abs(b - 2) / 2


def failed(a, b):
    return (a, b) in ((1, 8), (2, 4))


def header(objective):
    c = {"device_name": "GPU", "kernel_name": "grid", "problem_size": 4096,
         "tune_params_keys": ["A", "B"], "tune_params": {"A": VALUES, "B": VALUES},
         "objective": objective, "cache": {}}
    return json.dumps(c, indent="")[:-3]


def entry(key, params):
    return "\n" + json.dumps({key: params})[1:-1] + ","


body = ""
legacy = {}
t4 = []
for a in VALUES:
    for b in VALUES:
        key = f"{a},{b}"
        p = {"A": a, "B": b}
        if failed(a, b):
            body += entry(key, dict(p, __error__="CompilationFailedConfig", compile_time=5.0))
            legacy[key] = dict(p, time="CompilationFailedConfig")
            t4.append({"configuration": {"A": str(a), "B": str(b)}, "invalidity": "compile",
                       "measurements": [], "objectives": ["time"]})
            continue
        t = time_of(a, b)
        gflops = float("inf") if (a, b) == (1, 1) else 1000.0 / t
        body += entry(key, dict(p, time=t, times=[t, t], **{"GFLOP/s": gflops}))
        legacy[key] = dict(p, time=t)
        t4.append({"configuration": {"A": str(a), "B": str(b)}, "invalidity": "correct",
                   "measurements": [{"name": "time", "value": t * 1000, "unit": ""}],
                   "objectives": ["time"]})

with open(os.path.join(out, "open.json"), "w") as f:
    f.write(header(["time"]) + body)
with open(os.path.join(out, "gflops.json"), "w") as f:
    f.write(header(["GFLOP/s"]) + body[:-1] + "}\n}")
with open(os.path.join(out, "ktt_t4.json"), "w") as f:
    json.dump({"schema_version": "1.0.0", "metadata": {"timeunit": "microseconds"},
               "results": t4}, f, indent=2)
with open(os.path.join(out, "legacy.json"), "w") as f:
    json.dump({"device_name": "GPU", "kernel_name": "grid", "tune_params_keys": ["A", "B"],
               "tune_params": {"A": VALUES, "B": VALUES}, "cache": legacy}, f)
