#!/usr/bin/env python3
"""The reduction example's check as a check server (`#atf::check server`):
the same verdict as verify.py, but started once per run and asked once per
configuration (atfc_check.serve), so that a configuration's check costs no
Python start. Standard library only."""
import os

from atfc_check import read_npy, serve

N = int(os.environ["N"])
GROUPS = int(os.environ["GROUPS"])
CHUNK = N // GROUPS
RTOL = CHUNK * 2.0 ** -24


def verify(request):
    sums = read_npy(request["buffers"]["3"])
    if len(sums) != GROUPS:
        return f"{len(sums)} partial sums, expected {GROUPS}"
    worst = (0.0, 0)
    for g, actual in enumerate(sums):
        expected = CHUNK * (2 * g * CHUNK + CHUNK - 1) / 2
        error = abs(actual - expected)
        if error > RTOL * abs(expected) and error > worst[0]:
            worst = (error, g)
    if worst[0] > 0:
        g = worst[1]
        expected = CHUNK * (2 * g * CHUNK + CHUNK - 1) / 2
        return (f"sums[{g}] is {sums[g]}, expected {expected} (relative error "
                f"{worst[0] / expected:.3g} > {RTOL:.3g})")
    return None


serve(verify)
