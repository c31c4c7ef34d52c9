# Measuring with a compile script that takes a second per configuration.
# Fifteen, so that with the two builders of compile-ahead (three at once)
# the run is still measuring when the signal comes a second after the first
# result.
#atf::tp name X range interval<int>(1, 100)
#atf::abort_condition evaluations(15)
#atf::compile_script "sleep 1; echo $X > built"
#atf::run_script "cat built > cost"
#atf::cost_file "cost"
