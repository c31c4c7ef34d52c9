// cuBLAS SGEMM timed the way atfc times a tuned kernel: C = A * B for N x N
// single-precision matrices (random in [0, 1)), one warm-up, then the median
// of R launches, each timed with CUDA events around the call alone. The
// baseline of docs/gpu-results.md; scripts/gpu-check builds it with nvcc on
// the GPU machine:
//   nvcc -O2 -o cublas_sgemm cublas_sgemm.cu -lcublas && ./cublas_sgemm 4096 5
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CHECK(Call)                                                                               \
  do {                                                                                            \
    if (auto Status = (Call); Status != 0) {                                                      \
      std::fprintf(stderr, "%s failed: %d\n", #Call, static_cast<int>(Status));                   \
      return 1;                                                                                   \
    }                                                                                             \
  } while (0)

int main(int Argc, char **Argv) {
  const int N = Argc > 1 ? std::atoi(Argv[1]) : 4096;
  const int Repetitions = Argc > 2 ? std::atoi(Argv[2]) : 5;
  const std::size_t Elements = static_cast<std::size_t>(N) * N;
  std::vector<float> Host(Elements);
  std::mt19937 Random(1);
  std::uniform_real_distribution<float> Uniform(0.0f, 1.0f);
  for (float &X : Host)
    X = Uniform(Random);
  float *A, *B, *C;
  CHECK(cudaMalloc(&A, Elements * sizeof(float)));
  CHECK(cudaMalloc(&B, Elements * sizeof(float)));
  CHECK(cudaMalloc(&C, Elements * sizeof(float)));
  CHECK(cudaMemcpy(A, Host.data(), Elements * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, Host.data(), Elements * sizeof(float), cudaMemcpyHostToDevice));
  cublasHandle_t Handle;
  CHECK(cublasCreate(&Handle));
  const float One = 1.0f, Zero = 0.0f;
  cudaEvent_t Start, Stop;
  CHECK(cudaEventCreate(&Start));
  CHECK(cudaEventCreate(&Stop));
  std::vector<float> Seconds;
  for (int R = -1; R < Repetitions; ++R) { // R = -1: the warm-up
    CHECK(cudaEventRecord(Start));
    // Row-major C = A * B is column-major C^T = B^T * A^T: the same work.
    CHECK(cublasSgemm(Handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &One, B, N, A, N, &Zero, C, N));
    CHECK(cudaEventRecord(Stop));
    CHECK(cudaEventSynchronize(Stop));
    float Milliseconds = 0;
    CHECK(cudaEventElapsedTime(&Milliseconds, Start, Stop));
    if (R >= 0)
      Seconds.push_back(Milliseconds * 1e-3f);
  }
  std::sort(Seconds.begin(), Seconds.end());
  const double Median = Seconds[Seconds.size() / 2];
  cudaDeviceProp Properties;
  CHECK(cudaGetDeviceProperties(&Properties, 0));
  std::printf("cublas sgemm N=%d on %s: median %.6g s of %d runs after 1 warm-up, %.1f GFLOP/s\n",
              N, Properties.name, Median, Repetitions, 2.0 * N * N * N / Median * 1e-9);
  return 0;
}
