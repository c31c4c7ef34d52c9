// Every CUDA device limit of Language.def is known to check (and to the
// tuner: test/unit/Language/LanguageTableTest.cpp compiles each against
// the runtime). The file's only kernel is measured without a kernel_name.
// RUN: %atfc check %s | FileCheck %s
// CHECK: constraint names N, cuda::max_grid_dim_x, cuda::max_threads_per_block
#atf::var<int> N = 64
#atf::tp name BS range interval<int>(1, 64) constraint divides(N) && BS <= atf::cuda::max_threads_per_block && N / BS <= atf::cuda::max_grid_dim_x
#atf::cuda::input scalar<int>(N)
#atf::cuda::grid_dim N / BS
#atf::cuda::block_dim BS
__global__ void only_kernel(int n) {}
