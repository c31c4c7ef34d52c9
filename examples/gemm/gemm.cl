// C = A * B for square N x N matrices (column-major), tiled in local memory.
// Each work-group computes a TS x TS tile of C; each work-item computes WPT
// elements of a column of that tile. Tune it with
//   atfc tune examples/gemm/gemm.cl -- 256
#atf::var<size_t>::N $1
#atf::tp name "TS"  range interval<size_t>(1, 64) \
                    constraint divides(N) && TS * TS <= atf::ocl::max_wg_size
#atf::tp name "WPT" range interval<size_t>(1, 64) constraint divides(TS)
#atf::search_technique auc_bandit
#atf::abort_condition evaluations(20)
#atf::seed 1
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::kernel_name gemm
#atf::ocl::input scalar<int>(N)
#atf::ocl::input buffer<float>(N * N)
#atf::ocl::input buffer<float>(N * N)
#atf::ocl::input buffer<float>(N * N)
#atf::ocl::global_size N, N / WPT
#atf::ocl::local_size TS, TS / WPT
#atf::warmups 1
#atf::repetitions 3
#atf::timeout duration<seconds>(20)
#atf::check reference {.TS = 8, .WPT = 1} tolerance 1e-3 buffers 4

#define RTS (TS / WPT) // work-items per tile column

__kernel void gemm(const int n, const __global float *A, const __global float *B,
                   __global float *C) {
  const int row = get_local_id(0);
  const int col = get_local_id(1);
  const int globalRow = TS * get_group_id(0) + row;
  const int globalCol = TS * get_group_id(1) + col;

  __local float Asub[TS][TS];
  __local float Bsub[TS][TS];
  float acc[WPT];
  for (int w = 0; w < WPT; ++w)
    acc[w] = 0.0f;

  for (int t = 0; t < n / TS; ++t) {
    for (int w = 0; w < WPT; ++w) {
      const int tiledRow = TS * t + row;
      const int tiledCol = TS * t + col;
      Asub[col + w * RTS][row] = A[(tiledCol + w * RTS) * n + globalRow];
      Bsub[col + w * RTS][row] = B[(globalCol + w * RTS) * n + tiledRow];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; ++k)
      for (int w = 0; w < WPT; ++w)
        acc[w] += Asub[k][row] * Bsub[col + w * RTS][k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int w = 0; w < WPT; ++w)
    C[(globalCol + w * RTS) * n + globalRow] = acc[w];
}
