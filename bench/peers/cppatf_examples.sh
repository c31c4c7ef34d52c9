#!/bin/sh
# cppatf_examples.sh CPPATF PREFIX WORK: cppATF's own examples on atfc.
#
# CPPATF is a checkout of cppATF (github.com/atf-tuner/cppATF; this script
# fetches nothing), PREFIX an installed atfc (cmake --install). Each
# examples/**/*.cpp is copied to WORK with its include line changed from
# <cppatf.hpp> to <atf.hpp> and nothing else, compiled against PREFIX's
# atfc::atf link line, and run in WORK/run with a time limit; what each
# printed last is kept in WORK/NAME.log. Examples that read files of
# cppATF's tree (../raytracer, ../cltune_gemm.cl, ../mmm_block.cpp) find
# them where cppATF keeps them when WORK/run's parent holds them.
# Exit status: the number of examples that did not compile.
set -u
CPPATF=$1
PREFIX=$2
WORK=$3
mkdir -p "$WORK/run"
cat > "$WORK/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(cppatf_examples LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(atfc REQUIRED)
file(GLOB examples ${CMAKE_SOURCE_DIR}/src/*.cpp)
foreach(source ${examples})
  get_filename_component(name ${source} NAME_WE)
  add_executable(${name} ${source})
  target_link_libraries(${name} PRIVATE atfc::atf)
endforeach()
CMAKE
mkdir -p "$WORK/src"
find "$CPPATF/examples" -name '*.cpp' | while read -r source; do
  sed 's|#include <cppatf.hpp>|#include <atf.hpp>|' "$source" > "$WORK/src/$(basename "$source")"
done
cmake -S "$WORK" -B "$WORK/build" -DCMAKE_PREFIX_PATH="$PREFIX" > "$WORK/configure.log" || exit 1
failed=0
for source in "$WORK"/src/*.cpp; do
  name=$(basename "$source" .cpp)
  if ! cmake --build "$WORK/build" --target "$name" > "$WORK/$name.build.log" 2>&1; then
    echo "$name: does not compile (see $WORK/$name.build.log)"
    failed=$((failed + 1))
    continue
  fi
  (cd "$WORK/run" && timeout -s INT 60 "$WORK/build/$name" > "$WORK/$name.log" 2>&1)
  echo "$name: exit $? -- $(tail -n 1 "$WORK/$name.log")"
done
exit $failed
