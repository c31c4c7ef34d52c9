#!/usr/bin/env python3
"""The reduction example's check script (Kernel Tuner's verify=).

atfc writes the checked buffer (the partial sums, input 3) as buffer_3.npy
into the configuration's working directory and runs this script there; the
inputs N and GROUPS are environment variables. x is `fill index`, so group
g's sum is known exactly: chunk * (2 * g * chunk + chunk - 1) / 2. A float
sum of chunk values, added in any order, is within chunk * 2^-24 of it
relative to its size (the standard bound n*u): exit 0 when every sum is
within that rtol (numpy.allclose's, with atol 0); else print why.
Standard library only: numpy need not be installed.
"""
import ast
import os
import struct
import sys


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        sys.exit(f"{path} is not a .npy file")
    major = data[6]
    length_size = 2 if major == 1 else 4
    header_length = int.from_bytes(data[8:8 + length_size], "little")
    start = 8 + length_size
    header = ast.literal_eval(data[start:start + header_length].decode("latin1"))
    if header["descr"] != "<f4":
        sys.exit(f"{path} holds {header['descr']}, not float32")
    body = data[start + header_length:]
    return struct.unpack(f"<{len(body) // 4}f", body)


def main():
    n = int(os.environ["N"])
    groups = int(os.environ["GROUPS"])
    chunk = n // groups
    sums = read_npy("buffer_3.npy")
    if len(sums) != groups:
        sys.exit(f"{len(sums)} partial sums, expected {groups}")
    rtol = chunk * 2.0 ** -24
    worst = (0.0, 0)
    for g, actual in enumerate(sums):
        expected = chunk * (2 * g * chunk + chunk - 1) / 2
        error = abs(actual - expected)
        if error > rtol * abs(expected) and error > worst[0]:
            worst = (error, g)
    if worst[0] > 0:
        g = worst[1]
        expected = chunk * (2 * g * chunk + chunk - 1) / 2
        print(f"sums[{g}] is {sums[g]}, expected {expected} (relative error "
              f"{worst[0] / expected:.3g} > {rtol:.3g})")
        sys.exit(1)


if __name__ == "__main__":
    main()
