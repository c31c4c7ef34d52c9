# A run script measured like a kernel: one warm-up and three repetitions per
# configuration. Each run writes, as its cost, how many runs there were so
# far: the warm-up writes 1, the repetitions 2, 3 and 4, whose median is 3.
#atf::tp name X range {1}
#atf::warmups 1
#atf::repetitions 3
#atf::run_script "n=$(cat \"$COUNTER\"); n=$((n + 1)); echo $n > \"$COUNTER\"; echo $n > cost"
#atf::cost_file "cost"
