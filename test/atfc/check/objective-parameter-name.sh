# An objective may not have a parameter's name: both name result columns.
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name X range {1, 2}
#atf::run_script "echo 1 > cost"
#atf::cost_file "cost"
# CHECK: objective-parameter-name.sh:[[@LINE+1]]:17: error: the objective "X" has the name of a tuning parameter
#atf::objective "X" min
