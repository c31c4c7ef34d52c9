// The CUDA twin of axpy_half.cl: `half` arguments are CUDA's __half, which
// NVRTC knows only from <cuda_fp16.h>: the kernel includes it (NVRTC finds
// it in the CUDA toolkit's include directory). Tune it on an NVIDIA GPU with
//   atfc tune examples/half/axpy_half.cu -- 65536
#atf::var<int>::N $1
#atf::tp name "WPT" range {1, 2, 4, 8} constraint divides(N)
#atf::tp name "BS" range {32, 64, 128, 256} constraint divides(N / WPT)
#atf::cuda::kernel_name axpy
#atf::cuda::input scalar<int>(N)
#atf::cuda::input scalar<half>(1.5)
#atf::cuda::input buffer<half>(N)
#atf::cuda::input buffer<half>(N)
#atf::cuda::grid_dim N / WPT / BS
#atf::cuda::block_dim BS
#atf::check reference {.WPT = 1, .BS = 32} tolerance 1e-2 buffers 4

#include <cuda_fp16.h>

extern "C" __global__ void axpy(const int n, const __half a, const __half *x, __half *y) {
  const int threads = gridDim.x * blockDim.x;
  const int first = blockIdx.x * blockDim.x + threadIdx.x;
  for (int w = 0; w < WPT; ++w) {
    const int i = w * threads + first;
    y[i] = __hadd(__hmul(a, x[i]), y[i]);
  }
}
