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
./own_technique | grep -q "^best X=.* cost [0-2] after"
./opencl_saxpy | grep -q "^best LS=[0-9]* WPT=[0-9]* of 50 valid: "
echo "cpp-api-examples: ok"
