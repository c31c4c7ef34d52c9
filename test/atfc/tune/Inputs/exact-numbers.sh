# A run script that writes a throughput to maximise and a time to minimise
# as a program prints them: short decimal texts whose doubles have no short
# reciprocal (1 / (1 / 7.87328) is 7.873280000000001).
#atf::tp name X range {1, 2}
#atf::search_technique exhaustive
#atf::objective "gflops" max
#atf::objective "time" min
#atf::run_script "if [ $X = 1 ]; then echo 7.87328,0.000613676; else echo 7.1,0.015580720; fi > cost"
#atf::cost_file "cost"
