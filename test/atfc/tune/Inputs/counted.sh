# A program tuned through a run script alone. Its cost is a function of X and
# Y; every measurement adds one to the file $COUNTER, and the measurement
# whose number the file $COUNTER.kill holds kills the tuner (as a crash or
# `kill -9` would). (A file, not a variable: the variables a script reads
# are in the results key, and --resume continues a run of the same key.)
#atf::tp name X range {1, 2, 3, 4}
#atf::tp name Y range {1, 2, 3}
#atf::search_technique random
#atf::run_script "n=$(cat \"$COUNTER\"); echo $((n + 1)) > \"$COUNTER\"; if [ \"$n\" = \"$(cat \"$COUNTER.kill\" 2>/dev/null)\" ]; then kill -9 $PPID; sleep 5; fi; echo $(( (X - 3) * (X - 3) + Y )) > cost"
#atf::cost_file "cost"
