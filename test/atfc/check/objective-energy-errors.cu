// Energy is minimised, and a CUDA kernel has no third cost.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name BS range {32, 64}
#atf::cuda::kernel_name k
#atf::cuda::input buffer<float>(64)
#atf::cuda::grid_dim 64 / BS
#atf::cuda::block_dim BS
// CHECK: objective-energy-errors.cu:[[@LINE+1]]:1: error: a kernel's energy (joules per launch) is minimised; write `min` or nothing after "energy"
#atf::objective "energy" max
#atf::objective "time"
// CHECK: objective-energy-errors.cu:[[@LINE+1]]:1: error: a CUDA kernel is measured by its time and its energy; a second objective other than "energy" needs a run script
#atf::objective "gflops"

extern "C" __global__ void k(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = BS; }
