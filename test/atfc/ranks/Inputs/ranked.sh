# A program tuned through a run script whose cost is a function of X and Y.
# Every measurement appends "RANK DEVICE X Y" to $LOG; the measuring ranks take
# different times, so results arrive in another order than the batch's.
# $KILL_RANK's first measurement after $KILL_AFTER others kills its ancestor
# whose name begins with $KILL_COMM with SIGKILL (or $KILL_SIGNAL), after
# writing how many measurements the rank logged to $LOG.killed/measured-before.
#atf::tp name X range interval<int>(1, 12)
#atf::tp name Y range interval<int>(1, 8)
#atf::abort_condition evaluations(30)
#atf::seed 7
#atf::run_script "sh \"$ATF_FILE_DIR/measure.sh\""
#atf::cost_file "cost"
