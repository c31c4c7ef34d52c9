// Lines that look like directives with a misspelt prefix are not
// directives; check warns with the fixed line, and the file stays valid.
// RUN: %atfc check %s 2>&1 | FileCheck %s
#atf::tp name X range {1, 2}
#atf:tp name Y range {1, 2}
// CHECK: near-miss.cpp:[[@LINE-1]]:1: warning: '#atf:' is not the directive prefix '#atf::', so this line is ignored
// CHECK-NEXT: #atf:tp name Y range {1, 2}
// CHECK-NEXT: ^
// CHECK-NEXT: #atf::tp name Y range {1, 2}
# atf::tp name Z range {1, 2}
// CHECK: near-miss.cpp:[[@LINE-1]]:1: warning: '# atf::' is not the directive prefix
// CHECK: #atf::tp name Z range {1, 2}
  #ATF::run_script "true"
// CHECK: near-miss.cpp:[[@LINE-1]]:3: warning: '#ATF::' is not the directive prefix
// CHECK: {{^  }}#atf::run_script "true"
#atf::run_script "true"
// CHECK: 1 tuning parameter(s)
