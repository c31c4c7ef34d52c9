#!/bin/sh
# An mpiexec that ignores SIGTERM (as Open MPI's did for ten minutes while it
# started 100,000 ranks) and leaves a "rank" in a session of its own: it
# writes the rank's pid to $PIDS, then $STARTED, and waits for ever.
trap '' TERM INT HUP
setsid sleep 300 &
echo $! >> "$PIDS"
touch "$STARTED"
while :; do sleep 1; done
