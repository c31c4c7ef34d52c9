// A local argument's constant count must be positive, and local<T> is
// OpenCL's: both are reported where they are, before anything is measured.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name "WG" range {1, 2, 4}
#atf::ocl::input buffer<float>(64)
// CHECK: local-count.cl:[[@LINE+1]]:18: error: the count of this local argument is 0; a local argument needs at least one element
#atf::ocl::input local<float>(2 - 2)
// CHECK: local-count.cl:[[@LINE+1]]:18: error: the count of a local argument must be an integer
#atf::ocl::input local<half>(WG / 2.0)
#atf::ocl::global_size 64
#atf::ocl::local_size WG
__kernel void k(__global float *y, __local float *s, __local half *t) {}
