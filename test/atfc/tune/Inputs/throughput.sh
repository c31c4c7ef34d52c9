# A run script that reports two objectives: a throughput to maximise and a
# time to minimise. The throughput peaks at X=3 (where Y decides the time);
# a lexicographic minimiser of the first number would pick X=1.
#atf::tp name X range {1, 2, 3, 4}
#atf::tp name Y range {1, 2}
#atf::search_technique exhaustive
#atf::objective "gflops" max
#atf::objective "time" min
#atf::run_script "echo $(( 100 - (X - 3) * (X - 3) * 10 )),$(( Y * 2 )) > cost"
#atf::cost_file "cost"
