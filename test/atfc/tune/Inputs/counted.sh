# A program tuned through a run script alone. Its cost is a function of X and
# Y; every measurement adds one to the file $COUNTER, and the measurement
# number $KILL_AT kills the tuner (as a crash or `kill -9` would).
#atf::tp name X range {1, 2, 3, 4}
#atf::tp name Y range {1, 2, 3}
#atf::search_technique random
#atf::run_script "n=$(cat \"$COUNTER\"); echo $((n + 1)) > \"$COUNTER\"; if [ \"$n\" = \"$KILL_AT\" ]; then kill -9 $PPID; sleep 5; fi; echo $(( (X - 3) * (X - 3) + Y )) > cost"
#atf::cost_file "cost"
