// The CUDA twin of reduction.cl: block b adds up its chunk of x into
// sums[b], through dynamic shared memory of one float per thread, sized at
// each launch by #atf::cuda::shared_memory (a kernel declares it as
// `extern __shared__`). More than 48 KiB is raised for the kernel as CUDA
// requires; more than the device has makes a configuration invalid. Tune it
// on an NVIDIA GPU with
//   atfc tune examples/reduction/reduction.cu -- 1048576 64
#atf::var<int>::N $1
#atf::var<int>::GROUPS $2
#atf::tp name "BS" range {32, 64, 128, 256, 512, 1024} constraint divides(N / GROUPS)
#atf::tp name "ELEMS" range {1, 2, 4, 8, 16} constraint divides(N / GROUPS / BS)
#atf::abort_condition evaluations(25)
#atf::cuda::kernel_name reduce
#atf::cuda::input scalar<int>(N / GROUPS)
#atf::cuda::input buffer<float>(N)
#atf::cuda::input buffer<float>(GROUPS)
#atf::cuda::grid_dim GROUPS
#atf::cuda::block_dim BS
#atf::cuda::shared_memory BS * sizeof(float)
#atf::check reference {.BS = 32, .ELEMS = 1} tolerance 1e-3 * N / GROUPS buffers 3

extern "C" __global__ void reduce(const int chunk, const float *x, float *sums) {
  extern __shared__ float scratch[];
  const int tid = threadIdx.x;
  const float *mine = x + blockIdx.x * chunk;
  float sum = 0;
  for (int i = tid * ELEMS; i < chunk; i += BS * ELEMS)
    for (int e = 0; e < ELEMS; ++e)
      sum += mine[i + e];
  scratch[tid] = sum;
  __syncthreads();
  for (int stride = BS / 2; stride > 0; stride /= 2) {
    if (tid < stride)
      scratch[tid] += scratch[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    sums[blockIdx.x] = scratch[0];
}
