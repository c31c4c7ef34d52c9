#!/bin/sh
# mpiexec as atfc starts it, recorded: one argument a line to $ARGS, then the
# variables atfc sets for a one-node job to $ARGS.env; then the real mpiexec.
printf '%s\n' "$@" > "$ARGS"
env | grep -E '^(OMPI_MCA_(pml|btl|rmaps_base_oversubscribe)|HWLOC_COMPONENTS)=' | sort > "$ARGS.env"
exec mpiexec "$@"
