# Measuring over ranks with a run script that takes a second per
# configuration (stop_points.py stops it at every phase).
#atf::tp name X range interval<int>(1, 100)
#atf::abort_condition evaluations(8)
#atf::run_script "sleep 1; echo $X > cost"
#atf::cost_file "cost"
