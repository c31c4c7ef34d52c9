# Without a cost file the one cost is the wall time: it cannot be maximised.
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name X range {1, 2}
#atf::run_script "true"
# CHECK: objective-wall-time.sh:[[@LINE+1]]:1: error: without #atf::cost_file the cost is the run script's wall time, which is minimised
#atf::objective "speed" max
