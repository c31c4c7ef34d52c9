# A derived objective, as Kernel Tuner's metrics: GFLOP/s from the measured
# time (here what the run script writes), the input N and the parameter T.
# Used by derived-objectives.test.
#atf::var<size_t>::N $1
#atf::tp name T range {1, 2, 4, 8}
#atf::objective "time" min
#atf::objective "gflops" max = 2.0 * N * T / time / 1e9
#atf::search_technique exhaustive
#atf::run_script "echo $(( T * T * 1000 )) > cost"
#atf::cost_file "cost"
