# Four quick configurations.
#atf::tp name X range interval<int>(1, 4)
#atf::run_script "echo $X > cost"
#atf::cost_file "cost"
