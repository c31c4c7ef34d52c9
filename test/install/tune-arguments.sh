#!/bin/sh
# tune-arguments.sh ATFC SOURCE WORK: the values of atfc_tune()'s OPTIONS,
# ARGS and INPUTS reach atfc intact (test/install/tune-arguments/), and
# the forms that cannot are refused when the project is configured.
set -eu
ATFC=$1
SOURCE=$2
WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK"
PROJECT=$SOURCE/test/install/tune-arguments
configure() {
  cmake -S "$PROJECT" -B "$WORK/$1" -DCASE="$1" -DATFC_EXECUTABLE="$ATFC" \
    -DATFC_TUNE_MODULE="$SOURCE/cmake/atfcTune.cmake" > "$WORK/$1-configure.log" 2>&1
}

for CASE in quoted inputs unquoted; do
  configure $CASE
  cmake --build "$WORK/$CASE" > "$WORK/$CASE-build.log" 2>&1 ||
    { cat "$WORK/$CASE-build.log" >&2; exit 1; }
done
python3 - "$WORK" <<'CHECK'
import json, sys
work = sys.argv[1]
run = json.load(open(work + "/quoted/arguments.sh.atf/best.json"))["run"]
assert run["abort_condition"] == "evaluations(2) || duration<seconds>(60)", run
assert run["evaluations"] == 2, run
assert run["arguments"] == ['a (b) "c"', "it's; x"], run["arguments"]
run = json.load(open(work + "/unquoted/arguments.sh.atf/best.json"))["run"]
assert run["abort_condition"] == "evaluations(2) || duration<seconds>(60)", run
assert run["seed"] == 4, run
wisdom = json.load(open(work + "/inputs/arguments.sh.atf/arguments_wisdom.json"))
inputs = [entry["inputs"] for entry in wisdom["entries"]]
assert inputs == [{"FIRST": "x;y", "SECOND": "z"}], inputs
CHECK

expect_refused() {
  if configure $1; then
    echo "the $1 case configured, but atfc_tune() should refuse it" >&2
    exit 1
  fi
  grep -q "$2" "$WORK/$1-configure.log" ||
    { cat "$WORK/$1-configure.log" >&2; exit 1; }
}
expect_refused unquoted-args "ARGS holds a bare '('"
expect_refused empty "ARGS value '' cannot reach atfc"
echo "tune-arguments: ok"
