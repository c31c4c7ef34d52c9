# A program tuned through a run script, measured on ranks on several nodes.
# Every measurement appends "HOST RANK DEVICE X Y" to $LOG.
#atf::tp name X range interval<int>(1, 12)
#atf::tp name Y range interval<int>(1, 8)
#atf::abort_condition evaluations(40)
#atf::seed 7
#atf::run_script "sh \"$ATF_FILE_DIR/measure.sh\""
#atf::cost_file "cost"
