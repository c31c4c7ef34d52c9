#!/bin/sh
# gcc_flags.py's compile command: the tuned flags arrive as environment
# variables named after the tuning parameters.
exec g++ ./raytracer/raytracer.cpp -o ./raytracer/raytracer "$opt_level" "$align_functions" \
  --param early-inlining-insns="$early_inlining_insns"
