# Tuned for several sizes: the cost is least for the largest WG * EPT, so
# each size's best fits it and no other (the constraints say which fit).
#atf::var<size_t>::N $1
#atf::tp name WG range {1, 2, 4, 8, 16} constraint divides(N) && less_than_or_eq(N / 2)
#atf::tp name EPT range {1, 3, 5} constraint N % (WG * EPT) == 0
#atf::tp name PAD range {0, 1} constraint [](int p) { return p == 0; }
#atf::search_technique exhaustive
#atf::run_script "echo $(( 1000 - WG * EPT )) > cost"
#atf::cost_file "cost"
