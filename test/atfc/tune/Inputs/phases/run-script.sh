# Measuring with a run script that takes a second per configuration.
#atf::tp name X range interval<int>(1, 100)
#atf::abort_condition evaluations(6)
#atf::run_script "sleep 1; echo $X > cost"
#atf::cost_file "cost"
