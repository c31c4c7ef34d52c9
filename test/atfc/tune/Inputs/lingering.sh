# A run script that leaves a process running: it writes the pid of a
# background sleep to $PIDS and waits for it; the first measurement leaves
# $STARTED behind.
#atf::tp name X range interval<int>(1, 100)
#atf::run_script "sleep 60 & echo $! >> \"$PIDS\"; touch \"$STARTED\"; wait; echo $X > cost"
#atf::cost_file "cost"
