# Measuring with a run script that takes a second per configuration.
# Ten, so that over two ranks (--ranks 2) the run is still measuring when
# the signal comes a second after the first result.
#atf::tp name X range interval<int>(1, 100)
#atf::abort_condition evaluations(10)
#atf::run_script "sleep 1; echo $X > cost"
#atf::cost_file "cost"
