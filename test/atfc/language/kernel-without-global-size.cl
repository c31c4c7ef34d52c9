// Device directives without launch sizes tuned to nothing
// (CL_INVALID_WORK_DIMENSION for every configuration): check refuses them.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<int> N = 64
#atf::tp name LS range {1, 2} constraint divides(N)
#atf::ocl::kernel_name k
// CHECK: kernel-without-global-size.cl:[[@LINE-1]]:24: error: the kernel is launched with no global_size; add #atf::ocl::global_size
#atf::ocl::input scalar<int>(N)
#atf::ocl::local_size LS, LS
// CHECK-NOT: error
__kernel void k(int n) {}
