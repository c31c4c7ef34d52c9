# Writes hostile data for the readers of atfc: `deep KIND PATH DEPTH` nests
# a value DEPTH levels deep (arrays and objects in turn) where KIND says:
# "cache" (a Kernel Tuner cache's value), "t4" (a T4 configuration's
# value), "wisdom" (a wisdom entry's configuration), or "column:TABLE.NAME"
# (that JSON column of every row of the results database PATH);
# `bomb PATH MIB` writes a gzip file of MIB MiB of zeros (about 1000 times
# smaller), made in pieces.
import gzip
import sqlite3
import sys
import zlib


def nested(depth):
    opening = "".join('{"k":' if i % 2 else "[" for i in range(depth))
    closing = "".join("}" if i % 2 else "]" for i in reversed(range(depth)))
    return opening + "1" + closing


mode, path = sys.argv[1], sys.argv[2]
if mode == "bomb":
    out = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    zeros = bytes(1 << 20)
    with open(path, "wb") as f:
        for _ in range(int(sys.argv[3])):
            f.write(out.compress(zeros))
        f.write(out.flush())
    sys.exit(0)

kind, deep = sys.argv[1], nested(int(sys.argv[3]))
if kind == "cache":
    text = ('{"tune_params_keys": ["A"], "tune_params": {"A": [1]}, '
            '"cache": {"1": {"A": %s, "time": 1.0}}}' % deep)
elif kind == "t4":
    text = ('{"schema_version": "1.0.0", "results": [{"configuration": {"A": %s}, '
            '"objectives": ["time"], "measurements": '
            '[{"name": "time", "value": 1.0, "unit": "ms"}]}]}' % deep)
elif kind == "wisdom":
    text = ('{"atfc_wisdom": 1, "file": "k.cl", "inputs": [], "parameters": '
            '[{"name": "A", "kind": "int"}], "entries": [{"device": "d", "arguments": [], '
            '"configuration": {"A": %s}, "cost": [1]}]}' % deep)
elif kind.startswith("column:"):
    table, column = kind[len("column:"):].split(".")
    db = sqlite3.connect(path)
    db.execute("UPDATE %s SET %s = ?" % (table, column), (deep,))
    db.commit()
    db.close()
    sys.exit(0)
else:
    sys.exit("unknown kind " + kind)
if path.endswith(".gz"):
    with gzip.open(path, "wt") as f:
        f.write(text)
else:
    with open(path, "w") as f:
        f.write(text)
