#!/bin/sh
# install-and-use.sh BUILD SOURCE WORK: atfc as a user gets it.
#
# Installs the build tree BUILD into WORK/staged and moves it to WORK/prefix
# (an installed atfc finds its tuner toolchain relative to its executable),
# runs the installed `atfc space` on a small file and checks that its tuner
# was built against the installed libraries, not BUILD's; then configures
# SOURCE/examples/cmake-project against the installed package
# (find_package(atfc)), whose build tunes transpose_tuning.cpp with
# atfc_tune(), and runs the program with the tuned block size.
set -eu
BUILD=$1
SOURCE=$2
WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK"

cmake --install "$BUILD" --prefix "$WORK/staged" > "$WORK/install.log"
mv "$WORK/staged" "$WORK/prefix"
PREFIX=$WORK/prefix
test -x "$PREFIX/bin/atfc"
test -f "$PREFIX/lib/cmake/atfc/atfcConfig.cmake"
test -f "$PREFIX/lib/atfc/tuner-pch/runtime/TunerMain.h.gch"

cat > "$WORK/space.cpp" <<'SPACE'
#atf::var<size_t>::N $1
#atf::tp name WPT range interval<size_t>(1, N) constraint divides(N)
#atf::tp name LS range interval<size_t>(1, N) constraint divides(N / WPT)
SPACE
"$PREFIX/bin/atfc" space "$WORK/space.cpp" -- 1000 > "$WORK/space.txt"
grep -q "^  configurations  100$" "$WORK/space.txt"
# The tuner's build command names the installed toolchain only.
COMMAND=$(cat "$WORK"/space.cpp.atf/tuner-*.command)
case "$COMMAND" in *"$PREFIX/lib/atfc/libatfcRuntime.a"*) ;; *)
  echo "the tuner was not built against the installed libraries: $COMMAND" >&2; exit 1 ;;
esac
case "$COMMAND" in *"$BUILD/tuner-pch"* | *"$BUILD/runtime/"* | *"$BUILD/lib/"*)
  echo "the installed atfc built its tuner against the build tree: $COMMAND" >&2; exit 1 ;;
esac

cmake -S "$SOURCE/examples/cmake-project" -B "$WORK/example" \
  -DCMAKE_PREFIX_PATH="$PREFIX" > "$WORK/example-configure.log"
cmake --build "$WORK/example" > "$WORK/example-build.log"
"$WORK/example/transpose" | grep "with the tuned block size"
grep -q "#define BLOCK" "$WORK/example/transpose_tuning.cpp.atf/best.h"
# The source tree is not written to.
test ! -e "$SOURCE/examples/cmake-project/transpose_tuning.cpp.atf"
# A program tuned for three sizes that selects its configuration at run time.
sh "$(dirname "$0")/per-size-example.sh" "$PREFIX" "$SOURCE" "$WORK"
# The online C++ interface, <atf.hpp> and atfc::atf, in programs of its users.
sh "$(dirname "$0")/cpp-api-examples.sh" "$PREFIX" "$SOURCE" "$WORK"
echo "install-and-use: ok"
