#!/bin/sh
# cpp-api-examples.sh PREFIX SOURCE WORK: the online C++ interface as a
# user gets it. Configures SOURCE/examples/cpp-api against the atfc
# installed in PREFIX (find_package(atfc), atfc::atf), builds every example
# and runs each: a program-guided loop, a program built and run by shell
# commands, a technique and abort condition of the program's own, and
# the slides' saxpy on OpenCL (pocl), whose kernels run in the installed
# atfc-device-worker.
set -eu
PREFIX=$1
SOURCE=$2
WORK=$3
cmake -S "$SOURCE/examples/cpp-api" -B "$WORK/cpp-api" \
  -DCMAKE_PREFIX_PATH="$PREFIX" > "$WORK/cpp-api-configure.log"
cmake --build "$WORK/cpp-api" > "$WORK/cpp-api-build.log"
# Nothing of the build tree: the examples link the installed libraries.
if grep -rqs -e "$SOURCE/lib" -e "$SOURCE/include" "$WORK/cpp-api/CMakeFiles"; then
  echo "cpp-api examples were compiled against a build tree" >&2
  exit 1
fi
cd "$WORK/cpp-api"
./program_guided | grep -q "^evaluated 8 of 10 configurations; best BLOCK="
./generic_program "$SOURCE/examples/cpp-api/blocked.c" | grep -q "(12 valid of 12)"
# The program's kept results read as a tuner's: atfc results, report,
# analyze and replay; and cppATF's log file, a line per evaluation.
test "$(wc -l < generic_program.csv)" -eq 13
head -n 1 generic_program.csv | grep -q "^timestamp;cost;"
"$PREFIX/bin/atfc" results generic_program.atf/results.db > results.txt
grep -q "UNROLL" results.txt
"$PREFIX/bin/atfc" report generic_program.atf/results.db -o report.html > /dev/null
grep -q "<html" report.html
"$PREFIX/bin/atfc" analyze generic_program.atf/results.db > analyze.txt
"$PREFIX/bin/atfc" replay generic_program.atf/results.db --technique random \
  --evaluations 4 --runs 2 > replay.txt
# A second run measures nothing again: every configuration is answered
# from the kept results.
./generic_program "$SOURCE/examples/cpp-api/blocked.c" | grep -q "(12 valid of 12)"
test "$(wc -l < generic_program.csv)" -eq 13
./own_technique | grep -q "^best X=.* cost [0-2] after"
./opencl_saxpy | grep -q "^best LS=[0-9]* WPT=[0-9]* of 50 valid: "
echo "cpp-api-examples: ok"
