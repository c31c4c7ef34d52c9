# Each run writes, as its cost, the square of how many runs there were so
# far: the warm-up 1, the repetitions 4, 9 and 16 (median 9, mean 29/3).
#atf::tp name X range {1}
#atf::warmups 1
#atf::repetitions 3 STATISTIC
#atf::run_script "n=$(cat \"$COUNTER\"); n=$((n + 1)); echo $n > \"$COUNTER\"; echo $((n * n)) > cost"
#atf::cost_file "cost"
