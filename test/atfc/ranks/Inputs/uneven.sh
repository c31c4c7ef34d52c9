# A program tuned through a run script whose run time depends on the rank:
# rank $SLOW_RANK takes $SLOW seconds per configuration, the others $FAST.
# Every measurement appends "RANK START END X Y" to $LOG (start and end in
# seconds since the epoch), after it wrote its cost.
#atf::tp name X range interval<int>(1, 12)
#atf::tp name Y range interval<int>(1, 8)
#atf::abort_condition evaluations(10)
#atf::seed 7
#atf::run_script "sh \"$ATF_FILE_DIR/uneven-measure.sh\""
#atf::cost_file "cost"
