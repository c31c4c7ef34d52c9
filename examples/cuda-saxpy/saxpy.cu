// SAXPY (y = a*x + y) in CUDA with the work per thread (WPT) and the block
// size (BS) tuned. The kernel is compiled with NVRTC and run through the CUDA
// driver, which atfc opens at run time: tuning needs an NVIDIA GPU and its
// driver, checking and generating the space do not. Tune it with
//   atfc tune examples/cuda-saxpy/saxpy.cu -- 1048576
#atf::var<size_t>::N $1
#atf::tp name "WPT" range interval<size_t>(1, 64) constraint divides(N)
#atf::tp name "BS"  range interval<size_t>(32, 1024, 32) \
                    constraint divides(N / WPT) && BS <= atf::cuda::max_threads_per_block
#atf::abort_condition evaluations(40)
#atf::cuda::device_id 0
#atf::cuda::kernel_name saxpy
#atf::cuda::input scalar<int>(N)
#atf::cuda::input scalar<float>()
#atf::cuda::input buffer<float>(N)
#atf::cuda::input buffer<float>(N)
#atf::cuda::grid_dim N / WPT / BS
#atf::cuda::block_dim BS
#atf::check reference {.WPT = 1, .BS = 32} tolerance 1e-5 buffers 4

extern "C" __global__ void saxpy(const int n, const float a, const float *x, float *y) {
  const int threads = gridDim.x * blockDim.x;
  const int first = blockIdx.x * blockDim.x + threadIdx.x;
  for (int w = 0; w < WPT; ++w) {
    const int i = w * threads + first;
    y[i] += a * x[i];
  }
}
