// A kernel that includes a header beside it, by a path relative to the file.
#atf::tp name WG range {1, 2}
#atf::ocl::input buffer<float>(8) fill index
#atf::ocl::input buffer<float>(8) fill 0
#atf::ocl::global_size 8
#atf::ocl::local_size WG
#atf::check gold "expected.bin" buffers 2
#include "inc/scale.h"
__kernel void scale(__global const float *x, __global float *y) {
  y[get_global_id(0)] = SCALE * x[get_global_id(0)];
}
