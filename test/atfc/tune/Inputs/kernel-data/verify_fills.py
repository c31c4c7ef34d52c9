#!/usr/bin/env python3
"""The check script of fills.cl: reads buffer_1.npy ... buffer_6.npy from the
working directory (standard library only) and exits with 1 and the first
problem on its first line, or with 0."""
import ast
import os
import struct
import sys


def load(k):
    with open("buffer_%d.npy" % k, "rb") as f:
        data = f.read()
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode("latin1"))
    codes = {"<f4": "f", "|u1": "B", "<i4": "i", "<f8": "d", "<i8": "q"}
    code = codes[header["descr"]]
    (count,) = header["shape"]
    return list(struct.unpack("<%d%s" % (count, code), data[10 + length:]))


def fail(message):
    print(message)
    sys.exit(1)


assert os.environ["ATF_WORK_DIR"] == os.getcwd()
assert os.environ["WG"] in ("4", "8")
a, b, c, d, e, out = (load(k) for k in range(1, 7))
if a != [1.5] * 16:
    fail("buffer 1 is not all 1.5: %s" % a)
if b != list(range(16)):
    fail("buffer 2 is not 0 to 15: %s" % b)
if not all(-5 <= v < 5 for v in c) or len(set(c)) < 3:
    fail("buffer 3 is not random in [-5, 5): %s" % c)
if not all(0.25 <= v < 0.5 for v in d) or len(set(d)) < 3:
    fail("buffer 4 is not random in [0.25, 0.5): %s" % d)
if e != [-7] * 16:
    fail("buffer 5 is not all -7: %s" % e)
if out != a:
    fail("buffer 6 differs from buffer 1 at %d: %s" % (next(i for i in range(16) if out[i] != a[i]), out))
