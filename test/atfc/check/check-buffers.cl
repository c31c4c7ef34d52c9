// The check's `buffers` must name buffer inputs that exist: `atfc check`
// refuses what `tune` would (issue 44: `buffers 99` with two inputs passed
// check, then failed in tune without a place).
// RUN: not %atfc check %s 2>&1 | FileCheck %s
// RUN: sed 's/buffers 99/buffers 1/' %s > %t.cl && not %atfc check %t.cl 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: sed 's/buffers 99/buffers 2/' %s > %t2.cl && %atfc check %t2.cl 2>&1 | FileCheck %s --check-prefix=FINE
#atf::tp name WG range {1, 2}
#atf::ocl::kernel_name scale
#atf::ocl::input scalar<float>(2)
#atf::ocl::input buffer<float>(16)
#atf::ocl::global_size 16
#atf::ocl::local_size WG
// CHECK: check-buffers.cl:[[@LINE+2]]:1: error: the check's buffers name input 99, but the kernel has 2 input(s); number them from 1 in the order of the input directives
// SCALAR: error: the check's buffers name input 1, scalar<float>(2); only buffers can be checked
#atf::check gold "expected.bin" buffers 99
// FINE: 0 input(s), 1 tuning parameter(s)
__kernel void scale(float a, __global float *x) { x[get_global_id(0)] *= a; }
