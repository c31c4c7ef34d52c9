// y += 2 x on 16 elements: x from a data file, y zeroed by `fill 0` (random
// contents would make every result wrong), checked against a gold file.
#atf::tp name WG range {4, 8}
#atf::ocl::kernel_name scale
#atf::ocl::input buffer<float>(16) data "x.npy"
#atf::ocl::input buffer<float>(16) fill 0
#atf::ocl::global_size 16
#atf::ocl::local_size WG
#atf::check gold "y.npy" buffers 2
__kernel void scale(__global const float *x, __global float *y) {
  const int i = get_global_id(0);
  y[i] += 2 * x[i];
}
