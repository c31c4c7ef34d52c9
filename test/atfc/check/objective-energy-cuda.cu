// A CUDA kernel's objectives are its time and its energy (joules per
// launch, NVML), alone or both, in either order; `atfc check` needs no CUDA
// library to accept them.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env ATFC_CUDA_LIBRARY_PATH= %atfc check %s 2>&1 | FileCheck %s
// CHECK: objective-energy-cuda.cu: 0 input(s), 1 tuning parameter(s)
// RUN: grep -v 'objective "time"' %s > %t/energy-alone.cu
// RUN: env ATFC_CUDA_LIBRARY_PATH= %atfc check %t/energy-alone.cu 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: energy-alone.cu: 0 input(s), 1 tuning parameter(s)
#atf::tp name BS range {32, 64}
#atf::cuda::kernel_name k
#atf::cuda::input buffer<float>(64)
#atf::cuda::grid_dim 64 / BS
#atf::cuda::block_dim BS
#atf::objective "energy"
#atf::objective "time"

extern "C" __global__ void k(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = BS; }
