# A run script that stops its parent, the tuner, with SIGSTOP.
#atf::tp name X range interval<int>(1, 4)
#atf::run_script "kill -STOP $PPID; echo $X > cost"
#atf::cost_file "cost"
