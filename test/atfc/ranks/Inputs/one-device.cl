// A small OpenCL kernel on the first CPU device (pocl has one).
#atf::tp name X range {1, 2}
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::input buffer<float>(4)
#atf::ocl::global_size 1
#atf::ocl::local_size 1

__kernel void set(__global float *x) { x[0] = X; }
