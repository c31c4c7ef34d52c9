// opentuner_matmul.py's program: a 96 x 96 matrix product in blocks of
// BLOCK_SIZE (given with -DBLOCK_SIZE=...).
#include <cstdio>
#include <vector>

int main() {
  const int N = 96;
  std::vector<double> A(N * N, 1.5), B(N * N, 0.5), C(N * N, 0);
  for (int I0 = 0; I0 < N; I0 += BLOCK_SIZE)
    for (int K0 = 0; K0 < N; K0 += BLOCK_SIZE)
      for (int I = I0; I < I0 + BLOCK_SIZE && I < N; ++I)
        for (int K = K0; K < K0 + BLOCK_SIZE && K < N; ++K)
          for (int J = 0; J < N; ++J)
            C[I * N + J] += A[I * N + K] * B[K * N + J];
  std::printf("%g\n", C[N * N - 1]);
  return C[N * N - 1] == 0.75 * N ? 0 : 1;
}
