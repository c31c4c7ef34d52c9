#!/usr/bin/env python3
"""Writes the data of spmv.cl: the 2-D Laplacian of a G x G grid (5-point
stencil, 4 on the diagonal, -1 for each neighbour) in CSR form, a vector x
and the product y = A x, as NumPy .npy files. Only the standard library is
used, so that numpy need not be installed; np.load reads the files.

    python3 make-laplacian.py [G]      # default 32: 1024 rows, 4992 nonzeros

x holds small multiples of 1/4 and A small integers, so every y[i] is
exact in float32 and the check needs no tolerance for rounding."""
import struct
import sys


def save_npy(path, descr, values):
    """A .npy file (format 1.0) of one dimension, as numpy.save writes it."""
    code = {"<i4": "i", "<f4": "f"}[descr]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, len(values))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


def laplacian(g):
    row_ptr, col_idx, values = [0], [], []
    for i in range(g):
        for j in range(g):
            for di, dj, v in ((-1, 0, -1.0), (0, -1, -1.0), (0, 0, 4.0), (0, 1, -1.0), (1, 0, -1.0)):
                if 0 <= i + di < g and 0 <= j + dj < g:
                    col_idx.append((i + di) * g + (j + dj))
                    values.append(v)
            row_ptr.append(len(col_idx))
    return row_ptr, col_idx, values


def main():
    g = int(sys.argv[1]) if len(sys.argv) > 1 else 32
    row_ptr, col_idx, values = laplacian(g)
    x = [0.25 * (k % 13) for k in range(g * g)]
    y = [sum(values[p] * x[col_idx[p]] for p in range(row_ptr[r], row_ptr[r + 1]))
         for r in range(g * g)]
    save_npy("row_ptr.npy", "<i4", row_ptr)
    save_npy("col_idx.npy", "<i4", col_idx)
    save_npy("values.npy", "<f4", values)
    save_npy("x.npy", "<f4", x)
    save_npy("y.npy", "<f4", y)
    print("%d rows, %d nonzeros" % (g * g, len(values)))


main()
