// A kernel's arguments are made once for all configurations: an input sized
// by a tuning parameter is refused by check at the parameter's name (the
// tuner used to fail to compile: 'WPT' was not declared).
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<int> N = 1024
#atf::tp name WPT range {1, 2, 4} constraint divides(N)
#atf::ocl::input buffer<float>(N * WPT)
// CHECK: kernel-input-names-parameter.cl:[[@LINE-1]]:36: error: kernel input 1 names the tuning parameter 'WPT'; {{.*}} may only name inputs (#atf::var)
#atf::ocl::global_size N / WPT
__kernel void k(__global float *x) {}
