// The kernel that examples/cmake-project tunes: a blocked matrix transpose
// whose block size is a template argument. transpose_tuning.cpp measures it
// for each block size; main.cpp uses the best one.
#ifndef ATFC_EXAMPLE_TRANSPOSE_H
#define ATFC_EXAMPLE_TRANSPOSE_H

#include <cstddef>
#include <vector>

/// Out = transpose of the N x N matrix In, in Block x Block tiles (Block
/// divides N).
template <int Block>
void transposeBlocked(const std::vector<float> &In, std::vector<float> &Out, int N) {
  const auto At = [N](int Row, int Column) {
    return static_cast<std::size_t>(Row) * static_cast<std::size_t>(N) +
           static_cast<std::size_t>(Column);
  };
  for (int IB = 0; IB < N; IB += Block)
    for (int JB = 0; JB < N; JB += Block)
      for (int I = IB; I < IB + Block; ++I)
        for (int J = JB; J < JB + Block; ++J)
          Out[At(J, I)] = In[At(I, J)];
}

#endif
