// Each input set reads its own data: N is the tuner's first argument, and
// the data file's path names it too (x_8.npy holds 8 elements, x_16.npy 16).
#atf::var<int>::N $1
#atf::tp name WG range {2, 4}
#atf::ocl::kernel_name scale
#atf::ocl::input buffer<float>(N) data "x_$1.npy"
#atf::ocl::input buffer<float>(N) fill 0
#atf::ocl::global_size N
#atf::ocl::local_size WG
__kernel void scale(__global const float *x, __global float *y) {
  const int i = get_global_id(0);
  y[i] += 2 * x[i];
}
