// An input that nothing uses is a warning; the file still checks.
// RUN: %atfc check %s 2>&1 | FileCheck %s
// CHECK: unused-input.cl:[[@LINE+1]]:{{[0-9]+}}: warning: input 'K' is never used
#atf::var<size_t>::K $2
#atf::tp name X range {1, 2, 4}
// CHECK: 1 input(s), 1 tuning parameter(s) in 1 group(s)
