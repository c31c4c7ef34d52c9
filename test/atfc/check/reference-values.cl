// A reference value is its parameter's value as it is: one the tuner would
// change as it converts it into the parameter's type (1.5 of an int
// parameter was compared as 1) is an error at the value.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name LX range {1, 2}
#atf::tp name SMALL type uint8_t range {1, 2}
#atf::tp name FLAG range {true, false}
#atf::tp name SCALE range {0.5, 1.0}
// CHECK: reference-values.cl:[[@LINE+3]]:30: error: the reference value of 'LX' has a fraction, and its type 'int' holds integers
// CHECK: reference-values.cl:[[@LINE+2]]:44: error: the reference value of 'SMALL' is no value of its type 'uint8_t', which holds 0 to 255
// CHECK: reference-values.cl:[[@LINE+1]]:57: error: the reference value of 'FLAG' is no value of its type 'bool', which holds false and true (0 and 1)
#atf::check reference {.LX = 1.5, .SMALL = 256, .FLAG = 2, .SCALE = 2} tolerance 1e-4 buffers 1
// CHECK-NOT: error
#atf::ocl::kernel_name k
#atf::ocl::input buffer<float>(4)
#atf::ocl::global_size 4
#atf::ocl::local_size LX
__kernel void k(__global float *a) { a[get_global_id(0)] = SMALL * SCALE; }
