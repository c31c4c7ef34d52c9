// A blocked matrix transpose whose block size (BS) and optimisation level
// (OPT) are tuned through compile and run scripts: the tuner sets each
// parameter as an environment variable and gives the compile script this
// file, with the directives replaced by #define lines, as $ATF_SOURCE.
// The program times its own transpose and writes the time to cost.txt.
// Tune it with
//   atfc tune examples/scripts/transpose.cpp -- 1024
#atf::var<int>::SIZE $1
#atf::tp name "BS"  range {4, 8, 16, 32, 64, 128} constraint divides(SIZE)
#atf::tp name "OPT" range {"-O1", "-O2", "-O3"}
#atf::compile_script "c++ $OPT -std=c++17 -o transpose \"$ATF_SOURCE\""
#atf::run_script "./transpose $SIZE"
#atf::cost_file "cost.txt"
#atf::timeout duration<seconds>(60)
#atf::search_technique exhaustive

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1024;
  std::vector<float> in(static_cast<std::size_t>(n) * n), out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<float>(i % 1000);
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    const auto begin = std::chrono::steady_clock::now();
    for (int ib = 0; ib < n; ib += BS)
      for (int jb = 0; jb < n; jb += BS)
        for (int i = ib; i < ib + BS; ++i)
          for (int j = jb; j < jb + BS; ++j)
            out[static_cast<std::size_t>(j) * n + i] = in[static_cast<std::size_t>(i) * n + j];
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    best = seconds < best ? seconds : best;
  }
  // The check: a transpose of a transpose is the identity.
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (out[static_cast<std::size_t>(j) * n + i] != in[static_cast<std::size_t>(i) * n + j])
        return 1;
  std::FILE *cost = std::fopen("cost.txt", "w");
  if (!cost)
    return 1;
  std::fprintf(cost, "%.9g\n", best);
  return std::fclose(cost) == 0 ? 0 : 1;
}
