// The CUDA spellings of data, fills and check scripts: `atfc check` accepts
// them without any CUDA library (nothing here names a device limit), and
// `atfc tune` reports bad data at its clause before it looks for the
// driver.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/data.cu && %python %S/../tune/Inputs/kernel-data/make.py %t
// RUN: env ATFC_CUDA_LIBRARY_PATH= %atfc check %t/data.cu 2>&1 | FileCheck %s
// CHECK: data.cu: 1 input(s), 1 tuning parameter(s)
// Good data, but the check script is missing; then, with it, the driver.
// RUN: env ATFC_CUDA_LIBRARY_PATH= not %atfc tune %t/data.cu 2>&1 | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: data.cu:[[@LINE+15]]:1: error: the check script names 'verify.py', which is not a file beside data.cu
// RUN: touch %t/verify.py
// RUN: env ATFC_CUDA_LIBRARY_PATH= not %atfc tune %t/data.cu 2>&1 | FileCheck %s --check-prefix=DRIVER
// DRIVER: data.cu: error: no {{NVRTC|CUDA driver}}
// RUN: sed 's/x.npy/x-f8.npy/' %s > %t/bad.cu
// RUN: env ATFC_CUDA_LIBRARY_PATH= not %atfc tune %t/bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: bad.cu:[[@LINE+4]]:41: error: 'x-f8.npy' holds float64 ('<f8'); the argument's float needs float32 ('<f4')
#atf::var<int> N = 16
#atf::tp name BS range {4, 8}
#atf::cuda::kernel_name scale
#atf::cuda::input buffer<float>(N) data "x.npy"
#atf::cuda::input buffer<float>(N) fill 0
#atf::cuda::input buffer<int>(N) fill random(-3, 3)
#atf::cuda::grid_dim N / BS
#atf::cuda::block_dim BS
#atf::cuda::check script "python3 $ATF_FILE_DIR/verify.py" buffers 2
extern "C" __global__ void scale(const float *x, float *y, const int *r) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] += 2 * x[i] + 0 * r[i];
}
