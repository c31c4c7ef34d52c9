// A GEMM kernel with CLTune's 14 parameters (opencl_sgemm.py): each
// work-item computes (MWG/MDIMC) x (NWG/NDIMC) elements of C, strided
// (STRM, STRN) or not, the K loop unrolled by KWI. The other parameters
// (MDIMA, NDIMB, VWM, VWN, SA, SB) reach it as definitions it does not use.
// A: [k*M + m], B: [k*N + n], C: [n*M + m], as CLTune's kernel.
#if PRECISION == 32
typedef float real;
#else
typedef double real;
#endif

__attribute__((reqd_work_group_size(MDIMC, NDIMC, 1)))
__kernel void gemm_fast(const int M, const int N, const int K, const __global real *a,
                        const __global real *b, __global real *c) {
  for (int mi = 0; mi < MWG / MDIMC; ++mi) {
    for (int ni = 0; ni < NWG / NDIMC; ++ni) {
      const int m = get_group_id(0) * MWG +
                    (STRM ? mi * MDIMC + get_local_id(0) : get_local_id(0) * (MWG / MDIMC) + mi);
      const int n = get_group_id(1) * NWG +
                    (STRN ? ni * NDIMC + get_local_id(1) : get_local_id(1) * (NWG / NDIMC) + ni);
      if (m >= M || n >= N)
        continue;
      real sum = 0;
      for (int k = 0; k < K; k += KWI)
        for (int u = 0; u < KWI; ++u)
          sum += a[(k + u) * M + m] * b[(k + u) * N + n];
      c[n * M + m] = sum;
    }
  }
}
