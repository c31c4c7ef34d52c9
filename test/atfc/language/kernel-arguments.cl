// Found by the directive generator: a file whose inputs do not match the
// kernel's parameters in number passed check, and every configuration then
// failed to launch (CL_INVALID_KERNEL_ARGS). Check counts the parameters.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<int> N = 64
#atf::tp name P0 range {"-O1", "-O2", "-O3"} constraint P0 != "-O2"
#atf::ocl::kernel_name k
#atf::ocl::input scalar<int>(N)
// CHECK: kernel-arguments.cl:[[@LINE-1]]:18: error: kernel 'k' takes 2 parameter(s) but the file gives 3 (#atf::ocl::input directives, one per parameter in order)
#atf::ocl::input buffer<float>(N)
#atf::ocl::input scalar<float>()
#atf::ocl::global_size N
// A prototype, a comment /* __kernel void k(int a, int b, int c); */ and
// (void) are read as C reads them.
__kernel void k(int n, __global float *x);
__kernel void k(int n, __global float *x) { x[get_global_id(0)] = n; }
__kernel void none(void) {}
