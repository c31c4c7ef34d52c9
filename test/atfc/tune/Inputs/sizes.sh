# Tuned for several sizes through a run script: the cost is least when
# 16 * T is N (so T's best value grows with N) and U is 1.
#atf::var<size_t>::N $1
#atf::tp name T range interval<size_t>(1, 64) constraint divides(N)
#atf::tp name U range {1, 2, 3}
#atf::search_technique exhaustive
#atf::run_script "d=$((16 * T - N)); echo $(( (d < 0 ? -d : d) + U )) > cost"
#atf::cost_file "cost"
