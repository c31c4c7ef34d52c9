#!/bin/sh
# The GPU bundle is relocatable: made from this build, moved to another
# directory, it runs its CUDA unit tests, the C++ interface's CUDA tests and
# the Python CUDA example (both end as they must without a driver) and
# tunes the OpenCL SGEMM on the CPU device (pocl) from there, saying where
# its time went, with nothing of the build tree on its paths.
#   relocate.sh SOURCE_DIR BUILD_DIR WORK_DIR
set -eu
source=$1 build=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
"$source/scripts/gpu-check" bundle -b "$build" -o "$work/made"
mv "$work/made" "$work/moved"
cd "$work"
"$work/moved/gpu-check" run --cpu --out "$work/out"
report=$work/out/gpu-report.md
grep -qE '^[0-9]+ passed' "$report"
grep -qE '^- sgemm \(128\): .*done after 6 evaluations \(6 valid\)' "$report" ||
  { echo "relocate.sh: the moved bundle did not tune the OpenCL SGEMM" >&2; cat "$report" >&2; exit 1; }
grep -qE "^  of the tuner's [0-9.]+ s for 6 evaluations: compiling [0-9.]+ s \\([0-9]+ %\\), running" "$report" ||
  { echo "relocate.sh: no shares of the tune's time" >&2; cat "$report" >&2; exit 1; }
grep -qE '^- C\+\+ interface, CUDA tests: .*skipped' "$report" ||
  { echo "relocate.sh: the C++ interface's CUDA tests did not run" >&2; cat "$report" >&2; exit 1; }
grep -qE '^- Python (CUDA saxpy: no driver, said so|package: not in this bundle)' "$report" ||
  { echo "relocate.sh: the Python CUDA example did not run" >&2; cat "$report" >&2; exit 1; }
grep -q '^exit status: 0' "$report"
echo "relocate.sh: the moved bundle ran"
