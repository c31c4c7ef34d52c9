#!/bin/sh
# The documented batch job (docs/scale-out.md), on the test's two nodes:
# ATFC, FILE and OUT come from the environment sbatch passes on.
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
srun --mpi=pmix "$ATFC" tune "$FILE" --technique random -o "$OUT" $RESUME
