#!/bin/sh
#atf::var<int> N = 16
#atf::tp name P0 constraint divides(N * N) && [](auto v){ return v % 1 == 0; } && P0 % (2) == 0 range interval<int>(0, 4, 1, pow2)
#atf::tp name P1 \
  range interval<long>(2, 12) \
  constraint [](int v){ return v <= N + 64; }
#atf::tp name P2 range interval<long>(2, 16) constraint !(N <= P2) || atf::multiple_of(P0) && [](auto v){ return v % 1 == 0; }
#atf::tp name "P3" range {"-O1", "-O2", "-O3"} constraint P3 != "-O2"
#atf::search_technique shrinking_sample(3, 1)
#atf::objective "o0" min
#atf::objective "o1" min
#atf::run_script "echo 7,6 > cost"
#atf::cost_file "cost"
