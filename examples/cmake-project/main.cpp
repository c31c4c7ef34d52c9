// The program of examples/cmake-project: it transposes a matrix with the
// block size that atfc found best. best.h, which defines BLOCK, is written
// at build time by atfc_tune() (CMakeLists.txt) into the build tree.
#include "best.h"
#include "transpose.h"

#include <cstdio>
#include <vector>

int main() {
  const int N = 512;
  std::vector<float> In(static_cast<std::size_t>(N) * N), Out(In.size());
  for (std::size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<float>(I);
  transposeBlocked<BLOCK>(In, Out, N);
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J)
      if (Out[static_cast<std::size_t>(J) * N + I] != In[static_cast<std::size_t>(I) * N + J]) {
        std::printf("wrong transpose at (%d, %d)\n", I, J);
        return 1;
      }
  std::printf("transposed %dx%d with the tuned block size %d\n", N, N, BLOCK);
  return 0;
}
