#!/usr/bin/env python3
"""Writes the data files of the kernel-data tests into DIR: .npy files of
several dtypes, versions and layouts (standard library only: numpy may not be
installed), raw native-binary files, and broken ones."""
import struct
import sys


def npy(path, descr, shape, data, version=1, fortran=False):
    """A .npy file: magic, version, header dict padded to 64 bytes, data."""
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': (%s), }" % (
        descr, "True" if fortran else "False", dims)
    prefix = 10 if version == 1 else 12
    header += " " * ((64 - (prefix + len(header) + 1) % 64) % 64) + "\n"
    size = struct.pack("<H" if version == 1 else "<I", len(header))
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]) + size + header.encode("latin1") + data)


def floats(values, order="<"):
    return struct.pack(order + "%df" % len(values), *values)


out = sys.argv[1]
x = [0.5 * i for i in range(16)]
npy(out + "/x.npy", "<f4", (16,), floats(x))
npy(out + "/x2d.npy", "<f4", (4, 4), floats(x), version=2)
with open(out + "/x.bin", "wb") as f:
    f.write(floats(x))
# Gold: y = 2 x, as .npy and raw.
npy(out + "/y.npy", "<f4", (16,), floats([2 * v for v in x]))
with open(out + "/y.bin", "wb") as f:
    f.write(floats([2 * v for v in x]))
npy(out + "/y-wrong.npy", "<f4", (16,), floats([2 * v + (i == 5) for i, v in enumerate(x)]))
# Per input set: x_8.npy and x_16.npy for `data "x_$1.npy"`.
for n in (8, 16):
    npy(out + "/x_%d.npy" % n, "<f4", (n,), floats([1.0] * n))
# Broken or mismatched files.
npy(out + "/x-f8.npy", "<f8", (16,), struct.pack("<16d", *x))
npy(out + "/x-big.npy", ">f4", (16,), floats(x, ">"))
npy(out + "/x-fortran.npy", "<f4", (4, 4), floats(x), fortran=True)
npy(out + "/x-15.npy", "<f4", (15,), floats(x[:15]))
with open(out + "/x.npy", "rb") as f:
    whole = f.read()
with open(out + "/x-truncated.npy", "wb") as f:
    f.write(whole[:-6])
with open(out + "/x-short.bin", "wb") as f:
    f.write(floats(x[:15]))
