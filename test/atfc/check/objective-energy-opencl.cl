// Energy is measured for CUDA kernels only (NVML): an OpenCL file's
// objective "energy" is an error at its name.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name WG range {1, 2}
#atf::ocl::kernel_name k
#atf::ocl::input buffer<float>(64)
#atf::ocl::global_size 64
#atf::ocl::local_size WG
#atf::objective "time"
// CHECK: objective-energy-opencl.cl:[[@LINE+1]]:17: error: energy is measured for CUDA kernels only (with NVML); an OpenCL kernel's cost is its time
#atf::objective "energy"

__kernel void k(__global float *x) { x[get_global_id(0)] = WG; }
