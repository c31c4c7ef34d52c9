# A tile T of at least 8 that divides N: 128 has four (8, 16, 32, 64),
# 6 and 7 none, so their spaces are empty.
# Used by input-sets-failed.test.
#atf::var<size_t>::N $1
#atf::tp name T range interval<size_t>(8, 64) constraint divides(N)
#atf::tp name U range {1, 2, 3}
#atf::search_technique exhaustive
#atf::run_script "echo $(( T + U )) > cost"
#atf::cost_file "cost"
