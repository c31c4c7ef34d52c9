# The scale-out benchmark's program: every configuration's run script sleeps
# 200 ms, so a run's throughput is what the ranks add, and what is left of
# the time is atfc's overhead (bench/scale-out/scale-out.py).
#atf::tp name X range interval<int>(1, 1000)
#atf::tp name Y range interval<int>(1, 1000)
#atf::search_technique random
#atf::seed 1
#atf::run_script "sleep 0.2"
