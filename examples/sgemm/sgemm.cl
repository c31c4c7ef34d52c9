// C = A * B in single precision for N x N row-major matrices: the OpenCL
// twin of examples/cuda-sgemm/sgemm.cu, for GPUs of other vendors (and
// pocl's CPU device). A work-group computes an MWG x NWG tile of C from
// KWG-wide tiles of A and B staged in local memory, loaded with vectors of
// VWA (A) and VWB (B) floats; each work-item keeps an
// (MWG/MDIMC) x (NWG/NDIMC) block of C in registers. PADA/PADB pad the local
// tiles against bank conflicts; UNROLL unrolls the loop over a tile's k.
// The reference configuration checks every result. Tune it with
//   atfc tune examples/sgemm/sgemm.cl -- 1024
#atf::var<size_t>::N $1
#atf::tp name "MWG"   range {16, 32, 64, 128} constraint divides(N)
#atf::tp name "NWG"   range {16, 32, 64, 128} constraint divides(N)
#atf::tp name "KWG"   range {8, 16, 32} constraint divides(N)
#atf::tp name "MDIMC" range {8, 16, 32} constraint divides(MWG)
#atf::tp name "NDIMC" range {8, 16, 32} \
    constraint divides(NWG) && MDIMC * NDIMC <= atf::ocl::max_wg_size
#atf::tp name "VWA"   range {1, 2, 4} constraint divides(KWG)
#atf::tp name "VWB"   range {1, 2, 4} constraint divides(NWG)
#atf::tp name "PADA"  range {0, 1}
#atf::tp name "PADB"  range {0, 1} \
    constraint (KWG * (MWG + PADA) + KWG * (NWG + PADB)) * 4 <= atf::ocl::local_mem_size
#atf::tp name "UNROLL" range {1, 2, 4, 8} constraint divides(KWG)
#atf::search_technique auc_bandit
#atf::abort_condition evaluations(100)
#atf::ocl::device_info id 0
#atf::ocl::kernel_name sgemm
#atf::ocl::input scalar<int>(N)
#atf::ocl::input buffer<float>(N * N)
#atf::ocl::input buffer<float>(N * N)
#atf::ocl::input buffer<float>(N * N)
#atf::ocl::global_size N / NWG * NDIMC, N / MWG * MDIMC
#atf::ocl::local_size NDIMC, MDIMC
#atf::warmups 1
#atf::repetitions 3
#atf::timeout duration<seconds>(30)
#atf::check reference {.MWG = 16, .NWG = 16, .KWG = 8, .MDIMC = 8, .NDIMC = 8, .VWA = 1, .VWB = 1, .PADA = 0, .PADB = 0, .UNROLL = 1} tolerance 0.05 buffers 4

#define WPTM (MWG / MDIMC) // rows of C per work-item
#define WPTN (NWG / NDIMC) // columns of C per work-item

#if VWA == 1
#define LOADA(P, V) V[0] = *(P)
#elif VWA == 2
#define LOADA(P, V) vstore2(vload2(0, P), 0, V)
#else
#define LOADA(P, V) vstore4(vload4(0, P), 0, V)
#endif
#if VWB == 1
#define LOADB(P, L) *(L) = *(P)
#elif VWB == 2
#define LOADB(P, L) vstore2(vload2(0, P), 0, L)
#else
#define LOADB(P, L) vstore4(vload4(0, P), 0, L)
#endif

__kernel __attribute__((reqd_work_group_size(NDIMC, MDIMC, 1))) void
sgemm(const int n, const __global float *restrict A, const __global float *restrict B,
      __global float *restrict C) {
  __local float As[KWG][MWG + PADA]; // A's tile, transposed: As[k][m]
  __local float Bs[KWG][NWG + PADB];
  const int tn = get_local_id(0); // consecutive work-items: consecutive columns
  const int tm = get_local_id(1);
  const int item = tm * NDIMC + tn;
  const int m0 = get_group_id(1) * MWG;
  const int n0 = get_group_id(0) * NWG;

  float acc[WPTM][WPTN];
  for (int wm = 0; wm < WPTM; ++wm)
    for (int wn = 0; wn < WPTN; ++wn)
      acc[wm][wn] = 0.0f;

  for (int k0 = 0; k0 < n; k0 += KWG) {
    for (int i = item; i < MWG * KWG / VWA; i += MDIMC * NDIMC) {
      const int m = i / (KWG / VWA), k = (i % (KWG / VWA)) * VWA;
      float v[VWA];
      LOADA(&A[(size_t)(m0 + m) * n + k0 + k], v);
      for (int j = 0; j < VWA; ++j)
        As[k + j][m] = v[j];
    }
    for (int i = item; i < KWG * NWG / VWB; i += MDIMC * NDIMC) {
      const int k = i / (NWG / VWB), c = (i % (NWG / VWB)) * VWB;
      LOADB(&B[(size_t)(k0 + k) * n + n0 + c], &Bs[k][c]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k1 = 0; k1 < KWG; k1 += UNROLL) {
      for (int u = 0; u < UNROLL; ++u) { // a constant trip count: unrolled
        const int k = k1 + u;
        float a[WPTM], b[WPTN];
        for (int wm = 0; wm < WPTM; ++wm)
          a[wm] = As[k][tm + wm * MDIMC];
        for (int wn = 0; wn < WPTN; ++wn)
          b[wn] = Bs[k][tn + wn * NDIMC];
        for (int wm = 0; wm < WPTM; ++wm)
          for (int wn = 0; wn < WPTN; ++wn)
            acc[wm][wn] += a[wm] * b[wn];
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int wm = 0; wm < WPTM; ++wm)
    for (int wn = 0; wn < WPTN; ++wn)
      C[(size_t)(m0 + tm + wm * MDIMC) * n + n0 + tn + wn * NDIMC] = acc[wm][wn];
}
