// A relative cost file that leaves the configuration's directory is
// announced like an absolute one; one inside it is not.
// RUN: %atfc check %s 2>&1 | FileCheck %s
// CHECK: cost-file-parent.cl:[[@LINE+1]]:17: warning: cost file 'out/../../cost' lies outside
#atf::cost_file "out/../../cost"
#atf::tp name X range {1, 2, 4}
#atf::run_script "true"
// RUN: printf '%%s\n' '#atf::tp name X range {1}' '#atf::run_script "true"' \
// RUN:   '#atf::cost_file "sub/cost"' > %t.cl
// RUN: %atfc check %t.cl 2>&1 | FileCheck %s --check-prefix=INSIDE
// INSIDE-NOT: warning
