# A single value followed by `, more` is a C++ comma expression worth its
# last part: refused where one value is meant.
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<int> N = 4
#atf::run_script "true"
# CHECK: comma-after-value.sh:[[@LINE+1]]:16: error: 'warmups' takes one value; C++ would take only the last of a ',' list
#atf::warmups 1, 2
# CHECK: comma-after-value.sh:[[@LINE+1]]:43: error: a constraint takes one value
#atf::tp name Y range {1} constraint Y < N, 1
