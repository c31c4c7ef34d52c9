// C = A * B in single precision for N x N row-major matrices, in the style of
// CLBlast's tuned GEMM: a work-group (thread block) computes an MWG x NWG tile
// of C from KWG-wide tiles of A and B staged in shared memory, loaded with
// vectors of VWA (A) and VWB (B) floats; each thread keeps an
// (MWG/MDIMC) x (NWG/NDIMC) block of C in registers. PADA/PADB pad the shared
// tiles against bank conflicts; UNROLL unrolls the loop over a tile's k.
// The reference configuration checks every result. Tune it with
//   atfc tune examples/cuda-sgemm/sgemm.cu -- 4096
// (any NVIDIA GPU; the sizes must be multiples of the largest tile, 128).
#atf::var<size_t>::N $1
#atf::tp name "MWG"   range {16, 32, 64, 128} constraint divides(N)
#atf::tp name "NWG"   range {16, 32, 64, 128} constraint divides(N)
#atf::tp name "KWG"   range {8, 16, 32} constraint divides(N)
#atf::tp name "MDIMC" range {8, 16, 32} constraint divides(MWG)
#atf::tp name "NDIMC" range {8, 16, 32} \
    constraint divides(NWG) && MDIMC * NDIMC <= atf::cuda::max_threads_per_block
#atf::tp name "VWA"   range {1, 2, 4} constraint divides(KWG)
#atf::tp name "VWB"   range {1, 2, 4} constraint divides(NWG)
#atf::tp name "PADA"  range {0, 1}
#atf::tp name "PADB"  range {0, 1} \
    constraint (KWG * (MWG + PADA) + KWG * (NWG + PADB)) * 4 <= atf::cuda::shared_mem_per_block
#atf::tp name "UNROLL" range {1, 2, 4, 8} constraint divides(KWG)
#atf::search_technique auc_bandit
#atf::abort_condition evaluations(200)
#atf::cuda::device_id 0
#atf::cuda::kernel_name sgemm
#atf::cuda::input scalar<int>(N)
#atf::cuda::input buffer<float>(N * N)
#atf::cuda::input buffer<float>(N * N)
#atf::cuda::input buffer<float>(N * N)
#atf::cuda::grid_dim N / NWG, N / MWG
#atf::cuda::block_dim NDIMC, MDIMC
#atf::warmups 1
#atf::repetitions 5
#atf::timeout duration<seconds>(30)
#atf::check reference {.MWG = 16, .NWG = 16, .KWG = 8, .MDIMC = 8, .NDIMC = 8, .VWA = 1, .VWB = 1, .PADA = 0, .PADB = 0, .UNROLL = 1} tolerance 0.05 buffers 4

#define WPTM (MWG / MDIMC) // rows of C per thread
#define WPTN (NWG / NDIMC) // columns of C per thread
constexpr int Unroll = UNROLL; // #pragma unroll takes a constant, not a macro

template <int Width> struct Vector;
template <> struct Vector<1> { using Type = float; };
template <> struct Vector<2> { using Type = float2; };
template <> struct Vector<4> { using Type = float4; };

/// Width consecutive floats at From, read as one vector load.
template <int Width> __device__ void load(const float *From, float *To) {
  using V = typename Vector<Width>::Type;
  const V Loaded = *reinterpret_cast<const V *>(From);
  const float *Elements = reinterpret_cast<const float *>(&Loaded);
#pragma unroll
  for (int I = 0; I < Width; ++I)
    To[I] = Elements[I];
}

extern "C" __global__ void __launch_bounds__(MDIMC *NDIMC)
    sgemm(const int n, const float *__restrict__ A, const float *__restrict__ B,
          float *__restrict__ C) {
  __shared__ float As[KWG][MWG + PADA]; // A's tile, transposed: As[k][m]
  __shared__ float Bs[KWG][NWG + PADB];
  const int tn = threadIdx.x; // consecutive threads: consecutive columns of C
  const int tm = threadIdx.y;
  const int thread = tm * NDIMC + tn;
  const int m0 = blockIdx.y * MWG;
  const int n0 = blockIdx.x * NWG;

  float acc[WPTM][WPTN];
#pragma unroll
  for (int wm = 0; wm < WPTM; ++wm)
#pragma unroll
    for (int wn = 0; wn < WPTN; ++wn)
      acc[wm][wn] = 0.0f;

  for (int k0 = 0; k0 < n; k0 += KWG) {
    for (int i = thread; i < MWG * KWG / VWA; i += MDIMC * NDIMC) {
      const int m = i / (KWG / VWA), k = (i % (KWG / VWA)) * VWA;
      float v[VWA];
      load<VWA>(&A[(size_t)(m0 + m) * n + k0 + k], v);
#pragma unroll
      for (int j = 0; j < VWA; ++j)
        As[k + j][m] = v[j];
    }
    for (int i = thread; i < KWG * NWG / VWB; i += MDIMC * NDIMC) {
      const int k = i / (NWG / VWB), c = (i % (NWG / VWB)) * VWB;
      load<VWB>(&B[(size_t)(k0 + k) * n + n0 + c], &Bs[k][c]);
    }
    __syncthreads();
#pragma unroll Unroll
    for (int k = 0; k < KWG; ++k) {
      float a[WPTM], b[WPTN];
#pragma unroll
      for (int wm = 0; wm < WPTM; ++wm)
        a[wm] = As[k][tm + wm * MDIMC];
#pragma unroll
      for (int wn = 0; wn < WPTN; ++wn)
        b[wn] = Bs[k][tn + wn * NDIMC];
#pragma unroll
      for (int wm = 0; wm < WPTM; ++wm)
#pragma unroll
        for (int wn = 0; wn < WPTN; ++wn)
          acc[wm][wn] += a[wm] * b[wn];
    }
    __syncthreads();
  }
#pragma unroll
  for (int wm = 0; wm < WPTM; ++wm)
#pragma unroll
    for (int wn = 0; wn < WPTN; ++wn)
      C[(size_t)(m0 + tm + wm * MDIMC) * n + n0 + tn + wn * NDIMC] = acc[wm][wn];
}
