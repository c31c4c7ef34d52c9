// CUDA needs grid and block dimensions of the same count; check says so.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<int> N = 64
#atf::tp name BS range {1, 2} constraint divides(N)
#atf::cuda::input scalar<int>(N)
#atf::cuda::grid_dim N / BS, 1
#atf::cuda::block_dim BS
// CHECK: launch-dimensions.cu:[[@LINE-1]]:23: error: block_dim has 1 dimension(s) but grid_dim has 2
__global__ void k(int n) {}
