// A reference configuration names tuning parameters: a misspelt name was
// ignored, so its parameter took its range's first value and the check
// compared against a configuration nobody asked for.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name LX range {1, 2}
#atf::tp name WPT range {1, 2}
// CHECK: reference-names.cl:[[@LINE+2]]:25: error: 'Lx' in the reference configuration is no tuning parameter; did you mean 'LX'?
// CHECK: reference-names.cl:[[@LINE+1]]:44: error: 'FOO' in the reference configuration is no tuning parameter; the parameters are LX, WPT
#atf::check reference {.Lx = 1, .WPT = 1, .FOO = 2} tolerance 1e-4 buffers 1
#atf::ocl::kernel_name k
#atf::ocl::input buffer<float>(4)
#atf::ocl::global_size 4
#atf::ocl::local_size LX
__kernel void k(__global float *a) { a[get_global_id(0)] = WPT; }
