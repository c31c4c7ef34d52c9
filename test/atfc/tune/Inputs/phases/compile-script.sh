# Measuring with a compile script that takes a second per configuration.
#atf::tp name X range interval<int>(1, 100)
#atf::abort_condition evaluations(6)
#atf::compile_script "sleep 1; echo $X > built"
#atf::run_script "cat built > cost"
#atf::cost_file "cost"
