// A cost file outside the configuration's directory may be the user's, so
// atfc leaves it in place and each run must write it anew (an earlier
// one's cost never answers for a run that writes none); atfc check says so.
// RUN: %atfc check %s 2>&1 | FileCheck %s
#atf::tp name X range {1, 2, 4}
#atf::run_script "echo $X > /tmp/cost"
// CHECK: cost-file-outside.cl:[[@LINE+1]]:17: warning: cost file '/tmp/cost' lies outside the configuration's directory, where atfc leaves files as they are: each configuration's run must write it anew
#atf::cost_file "/tmp/cost"
// CHECK: 0 input(s), 1 tuning parameter(s) in 1 group(s)
