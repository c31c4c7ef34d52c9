// The ATF slides' CUDA host-code directives, as printed, with the saxpy
// parameters in place of their "..." and the input N they leave out; the
// file's one kernel is measured. Check only: tuning needs a CUDA driver
// (test/atfc/tune/cuda-example-gpu.test tunes a CUDA file where one is).
// RUN: %atfc check %s | FileCheck %s
// CHECK: group 1: WPT LS
#atf::var<int> N = 64
#atf::tp name WPT range interval<size_t>( 1,N ) constraint divides( N )
#atf::tp name LS  range interval<size_t>( 1,N ) constraint divides( N/WPT )

#atf::cuda::device_id 1

#atf::cuda::input scalar<int>( N )
#atf::cuda::input scalar<float>()
#atf::cuda::input buffer<float>( N )
#atf::cuda::input buffer<float>( N )
#atf::cuda::grid_dim (N/WPT)/LS
#atf::cuda::block_dim LS

extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = (blockIdx.x * blockDim.x + threadIdx.x) * WPT + w;
    y[i] += a * x[i];
  }
}
