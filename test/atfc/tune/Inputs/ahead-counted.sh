# Scripts with a compile script, so that the tuner takes configurations in
# batches and compiles ahead. Every run script adds one line to $RUNS: the
# configurations actually measured, which must be those recorded.
#atf::tp name X range interval<int>(1, 12)
#atf::search_technique exhaustive
#atf::compile_script "echo $X > built"
#atf::run_script "echo $X >> \"$RUNS\"; sleep ${PAUSE:-0}; cat built > cost"
#atf::cost_file "cost"
