# Objective directives: a quoted name and min or max; each error at its text.
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name X range {1, 2}
#atf::run_script "echo 1 2 > cost"
#atf::cost_file "cost"
#atf::objective "gflops" max
#atf::objective "time"
# CHECK: objectives.sh:[[@LINE+1]]:17: error: the objective "gflops" is already declared at 6:17
#atf::objective "gflops" min
# CHECK: objectives.sh:[[@LINE+1]]:22: error: expected 'min' or 'max' after the objective's name; did you mean 'max'?
#atf::objective "bw" maximize
# CHECK: objectives.sh:[[@LINE+1]]:17: error: expected the objective's name in quotes
#atf::objective energy min
# CHECK: objectives.sh:[[@LINE+1]]:17: error: an objective's name starts with a letter
#atf::objective "2x" min
# CHECK: objectives.sh:[[@LINE+1]]:29: error: unexpected text after 'min'
#atf::objective "watts" min max
