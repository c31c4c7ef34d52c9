// A `$K` in a data path is an argument number like an input's: one beyond
// the tuner's unsigned numbers is an error at the path (it was pasted into
// the tuner as it was, where it wrapped into another argument's number).
// RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=error:
#atf::var<size_t> N = 64
#atf::tp name WPT range {1, 2}
#atf::ocl::kernel_name k
#atf::ocl::input buffer<float>(N) data "x_$99999999999.npy"
// CHECK: data-path-argument.cl:[[@LINE-1]]:40: error: command-line argument number '99999999999' in the data path is too large
#atf::ocl::global_size N / WPT
#atf::ocl::local_size 1
__kernel void k(__global float *x) {}
