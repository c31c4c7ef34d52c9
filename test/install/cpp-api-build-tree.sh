#!/bin/sh
# cpp-api-build-tree.sh BUILD SOURCE WORK: find_package(atfc) against a
# build tree, as against an install (cmake/atfcBuildTreeConfig.cmake.in).
# Configures SOURCE/examples/cpp-api with CMAKE_PREFIX_PATH=BUILD, builds
# and runs the program-guided example, and checks that it was compiled
# against this build's headers, libraries and device worker; then tunes
# and runs SOURCE/examples/cmake-project (atfc_tune()) with the build's atfc.
set -eu
BUILD=$1
SOURCE=$2
WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK"
cmake -S "$SOURCE/examples/cpp-api" -B "$WORK/cpp-api" \
  -DCMAKE_PREFIX_PATH="$BUILD" > "$WORK/configure.log"
cmake --build "$WORK/cpp-api" --target program_guided > "$WORK/build.log"
"$WORK/cpp-api/program_guided" | grep -q "^evaluated 8 of 10 configurations; best BLOCK="
# (In the build files of whichever generator CMake chose.)
uses() {
  grep -rqsF -e "$1" "$WORK/cpp-api" --include=flags.make --include=link.txt \
    --include=build.ninja || { echo "program_guided was not built with $1" >&2; exit 1; }
}
uses "-isystem $SOURCE/include "
uses "$BUILD/include/Online"
uses "$BUILD/lib/Online/libatfcOnline.a"
worker="$BUILD/tools/atfc-device-worker/atfc-device-worker"
uses "ATFC_DEVICE_WORKER_PATH=\\\"$worker\\\""
test -x "$worker"
cmake -S "$SOURCE/examples/cmake-project" -B "$WORK/example" \
  -DCMAKE_PREFIX_PATH="$BUILD" > "$WORK/example-configure.log"
cmake --build "$WORK/example" > "$WORK/example-build.log"
"$WORK/example/transpose" | grep -q "^transposed 512x512 with the tuned block size [0-9]"
grep -rqsF "$BUILD/tools/atfc/atfc" "$WORK/example" --include=build.make --include=build.ninja
echo "cpp-api-build-tree: ok"
