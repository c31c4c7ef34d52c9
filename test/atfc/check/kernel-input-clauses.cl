// `atfc check` refuses the `data` and `fill` clauses that the tuner could
// not build: on a scalar, both at once, a fill that is not a number literal,
// index or random(LO, HI), a `$` that is no command-line argument.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<int> N = 16
#atf::tp name WG range {4, 8}
#atf::ocl::kernel_name k
// CHECK: kernel-input-clauses.cl:[[@LINE+1]]:33: error: 'fill' gives a buffer's contents; a scalar is scalar<T>(value), or scalar<T>() for a random value
#atf::ocl::input scalar<int>(N) fill 0
// CHECK: kernel-input-clauses.cl:[[@LINE+2]]:42: error: 'data' and 'fill' exclude each other
#atf::ocl::input buffer<float>(N) fill 0 \
                                         data "x.npy"
// CHECK: kernel-input-clauses.cl:[[@LINE+1]]:40: error: a fill is a number (fill 0, fill -1, fill 1.5), fill index, or fill random(LO, HI); found 'N'
#atf::ocl::input buffer<float>(N) fill N
// CHECK: kernel-input-clauses.cl:[[@LINE+1]]:40: error: random(LO, HI) takes two numbers, as in fill random(-1, 1); found 'random(0)'
#atf::ocl::input buffer<float>(N) fill random(0)
// CHECK: kernel-input-clauses.cl:[[@LINE+1]]:40: error: '$' in a data path names a command-line argument: $1 for the first, $2 for the second, ...
#atf::ocl::input buffer<float>(N) data "x_$N.npy"
// CHECK: kernel-input-clauses.cl:[[@LINE+1]]:35: error: unknown clause 'fil' in '#atf::ocl::input'; did you mean 'fill'?
#atf::ocl::input buffer<float>(N) fil 0
#atf::ocl::global_size N
#atf::ocl::local_size WG
__kernel void k(int n, __global float *a, __global float *b, __global float *c, __global float *d,
                __global float *e) {}
