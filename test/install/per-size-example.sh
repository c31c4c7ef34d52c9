#!/bin/sh
# per-size-example.sh PREFIX SOURCE WORK: examples/per-size built against
# the installed atfc. Its build tunes axpy.cl for three sizes on the OpenCL
# CPU device (pocl) with atfc_tune(... INPUTS ...), which puts
# axpy_select.h on the program's include path; the program then picks the
# configuration of a tuned size (65536) and of the nearest tuned size for
# one that was not tuned (524288 -> 1048576), which must be exactly the
# wisdom's entries, and computes the right result with it.
set -eu
PREFIX=$1
SOURCE=$2
WORK=$3
cmake -S "$SOURCE/examples/per-size" -B "$WORK/per-size" \
  -DCMAKE_PREFIX_PATH="$PREFIX" > "$WORK/per-size-configure.log"
cmake --build "$WORK/per-size" > "$WORK/per-size-build.log"
OUT=$WORK/per-size/axpy.cl.atf
test -f "$OUT/axpy_select.h"
grep -q "axpy_config axpy_select(size_t N, const char \*device)" "$OUT/axpy_select.h"
for N in 65536 524288; do
  "$WORK/per-size/axpy" $N > "$WORK/per-size-$N.txt"
done
python3 - "$OUT/axpy_wisdom.json" "$WORK" <<'CHECK'
import json, sys
wisdom = json.load(open(sys.argv[1]))
entries = wisdom["entries"]
tuned = sorted(e["inputs"]["N"] for e in entries)
assert tuned == [4096, 65536, 1048576], tuned
for n, expected in ((65536, 65536), (524288, 1048576)):
    lines = open("%s/per-size-%d.txt" % (sys.argv[2], n)).read().splitlines()
    entry = next(e for e in entries if e["inputs"]["N"] == expected)
    c = entry["configuration"]
    want = "N=%d: tuned for N=%d on %s: WPT=%d LS=%d" % (
        n, expected, entry["device_name"], c["WPT"], c["LS"])
    assert lines[0] == want, (lines[0], want)
    assert lines[-1] == "N=%d: result ok" % n, lines
print("per-size example: ok")
CHECK
