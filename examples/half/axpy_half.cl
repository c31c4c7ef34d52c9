// AXPY in half precision (y = a*x + y, IEEE binary16): the device must
// support cl_khr_fp16, or tuning stops before it starts, saying so. Each
// work-item handles WPT elements. Tune it with
//   atfc tune examples/half/axpy_half.cl -- 65536
#atf::var<int>::N $1
#atf::tp name "WPT" range {1, 2, 4, 8} constraint divides(N)
#atf::tp name "LS" range {1, 8, 32, 64} constraint divides(N / WPT)
#atf::ocl::kernel_name axpy
#atf::ocl::input scalar<int>(N)
#atf::ocl::input scalar<half>(1.5)
#atf::ocl::input buffer<half>(N)
#atf::ocl::input buffer<half>(N)
#atf::ocl::global_size N / WPT
#atf::ocl::local_size LS
#atf::check reference {.WPT = 1, .LS = 1} tolerance 1e-2 buffers 4

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void axpy(const int n, const half a, __global const half *x, __global half *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = w * get_global_size(0) + get_global_id(0);
    y[i] = a * x[i] + y[i];
  }
}
