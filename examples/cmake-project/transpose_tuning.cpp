// Measures the transpose of transpose.h for one block size: the file that
// atfc tunes. For each configuration atfc compiles this file, with the
// directives replaced by #define lines ($ATF_SOURCE), and runs it; it writes
// its best time of five to cost.txt. The build of the example project runs
//   atfc tune transpose_tuning.cpp --output BUILD/transpose_tuning.cpp.atf -- 512
#atf::var<int>::SIZE $1
#atf::tp name "BLOCK" range {4, 8, 16, 32, 64} constraint divides(SIZE)
#atf::compile_script "c++ -O2 -std=c++17 -I\"$ATF_FILE_DIR\" -o measure \"$ATF_SOURCE\""
#atf::run_script "./measure $SIZE"
#atf::cost_file "cost.txt"
#atf::timeout duration<seconds>(60)
#atf::search_technique exhaustive

#include "transpose.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  const int N = argc > 1 ? std::atoi(argv[1]) : 512;
  std::vector<float> In(static_cast<std::size_t>(N) * N), Out(In.size());
  for (std::size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<float>(I % 1000);
  double Best = 1e30;
  for (int Repetition = 0; Repetition < 5; ++Repetition) {
    const auto Begin = std::chrono::steady_clock::now();
    transposeBlocked<BLOCK>(In, Out, N);
    const double Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Begin).count();
    Best = Seconds < Best ? Seconds : Best;
  }
  std::FILE *Cost = std::fopen("cost.txt", "w");
  if (!Cost)
    return 1;
  std::fprintf(Cost, "%.9g\n", Best);
  return std::fclose(Cost) == 0 ? 0 : 1;
}
