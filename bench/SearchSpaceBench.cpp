//===- bench/SearchSpaceBench.cpp - Search-space generation benchmark -----===//
//
// Generates the benchmark spaces of bench/Spaces.h and prints, per space and
// input: |SP| (checked against the figure the material states), tree nodes,
// the median generation time with one thread and with all threads, the
// median time of a cold generation (the first in a fresh process, as
// `atfc space` measures it), the store's memory and the growth of the
// process's peak resident set during the first generation.
//
// Every time is ChainOfTrees::generationSeconds(), the clock that a
// generated tuner reports too, so that the two compare directly.
//
//   searchspace-bench [--space NAME] [--quick] [--repetitions N]
//
// For the cold figure it starts itself with --cold-generation K, which
// generates the K-th space of benchSpaces() once and prints its time.
//
//===----------------------------------------------------------------------===//
#include "bench/Spaces.h"

#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

using namespace atfc;

namespace {

struct Options {
  /// Only the space of this name ("" for all).
  std::string Space;
  /// Only the inputs marked quick.
  bool Quick = false;
  /// Generations per thread setting, and fresh processes for the cold
  /// figure; the median is reported.
  unsigned Repetitions = 11;
  /// In a process started for a cold generation: the index of the space in
  /// benchSpaces() to generate once (--cold-generation K).
  int ColdSpace = -1;
};

/// A field of /proc/self/status in KiB ("VmHWM", "VmRSS"), or 0.
std::uint64_t procStatusKiB(std::string_view Field) {
  std::ifstream Status("/proc/self/status");
  std::string Line;
  while (std::getline(Status, Line))
    if (Line.starts_with(Field) && Line.size() > Field.size() && Line[Field.size()] == ':')
      return std::strtoull(Line.c_str() + Field.size() + 1, nullptr, 10);
  return 0;
}

/// Resets the peak resident set to the current one (Linux >= 4.0); false
/// where that is not possible, and the peak then covers the whole run.
bool resetPeakRss() {
  std::ofstream ClearRefs("/proc/self/clear_refs");
  ClearRefs << "5";
  ClearRefs.flush();
  return static_cast<bool>(ClearRefs);
}

/// N with thousands separators: 20,548,000.
std::string grouped(std::uint64_t N) {
  std::string Digits = std::to_string(N), Text;
  for (std::size_t I = 0; I < Digits.size(); ++I) {
    if (I != 0 && (Digits.size() - I) % 3 == 0)
      Text += ',';
    Text += Digits[I];
  }
  return Text;
}

double median(std::vector<double> Seconds) {
  std::sort(Seconds.begin(), Seconds.end());
  return Seconds[Seconds.size() / 2];
}

/// The median generation time in seconds of Repetitions generations.
double medianSeconds(const bench::BenchSpace &Space, unsigned Threads, unsigned Repetitions) {
  std::vector<double> Seconds;
  for (unsigned R = 0; R < Repetitions; ++R)
    Seconds.push_back(Space.Generate(GenerationOptions{Threads}).generationSeconds());
  return median(std::move(Seconds));
}

/// The median generation time in seconds, all threads, of the space with
/// index K in benchSpaces(), each the first generation of a fresh process:
/// this program started again with --cold-generation K. Negative when a
/// process fails.
double medianColdSeconds(std::size_t K, unsigned Repetitions) {
  std::vector<double> Seconds;
  // popen's shell would be /proc/self/exe there: name this program itself.
  std::error_code Error;
  const std::string Self = std::filesystem::read_symlink("/proc/self/exe", Error).string();
  if (Error)
    return -1;
  const std::string Command = "'" + Self + "' --cold-generation " + std::to_string(K);
  for (unsigned R = 0; R < Repetitions; ++R) {
    std::FILE *Child = popen(Command.c_str(), "r");
    double S = -1;
    if (!Child || std::fscanf(Child, "%lf", &S) != 1)
      S = -1;
    if (!Child || pclose(Child) != 0 || S < 0)
      return -1;
    Seconds.push_back(S);
  }
  return median(std::move(Seconds));
}

bool parseOptions(int Argc, char **Argv, Options &Opts) {
  for (int I = 1; I < Argc; ++I) {
    std::string_view Arg = Argv[I];
    if (Arg == "--quick") {
      Opts.Quick = true;
    } else if ((Arg == "--space" || Arg == "--repetitions" || Arg == "--cold-generation") &&
               I + 1 < Argc) {
      std::string Value = Argv[++I];
      if (Arg == "--space") {
        Opts.Space = Value;
        continue;
      }
      if (Arg == "--cold-generation") {
        Opts.ColdSpace = std::atoi(Value.c_str());
        continue;
      }
      char *End = nullptr;
      unsigned long N = std::strtoul(Value.c_str(), &End, 10);
      if (Value.empty() || *End != '\0' || N == 0 || N > 100000) {
        std::fprintf(stderr,
                     "searchspace-bench: --repetitions needs a number from 1 to 100000, "
                     "not '%s'\n",
                     Value.c_str());
        return false;
      }
      Opts.Repetitions = static_cast<unsigned>(N);
    } else {
      std::fprintf(stderr,
                   "searchspace-bench: unknown or incomplete option '%s'\n"
                   "usage: searchspace-bench [--space NAME] [--quick] [--repetitions N]\n",
                   Argv[I]);
      return false;
    }
  }
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  Options Opts;
  if (!parseOptions(Argc, Argv, Opts))
    return 2;
  if (Opts.ColdSpace >= 0) {
    // A fresh process: one generation with all threads, its time to stdout.
    std::vector<bench::BenchSpace> All = bench::benchSpaces();
    if (static_cast<std::size_t>(Opts.ColdSpace) >= All.size())
      return 2;
    std::printf("%.9f\n", All[Opts.ColdSpace].Generate(GenerationOptions{0}).generationSeconds());
    return 0;
  }

  std::vector<bench::BenchSpace> All = bench::benchSpaces();
  std::vector<std::size_t> Selected; // indices into All
  for (std::size_t K = 0; K < All.size(); ++K)
    if ((Opts.Space.empty() || All[K].Name == Opts.Space) && (!Opts.Quick || All[K].Quick))
      Selected.push_back(K);
  if (Selected.empty()) {
    std::fprintf(stderr,
                 "searchspace-bench: no space called '%s'; the spaces are saxpy, sgemm_atf, "
                 "cltune_gemm, mdh_prl and mdh_gemm\n",
                 Opts.Space.c_str());
    return 2;
  }

  const unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
  std::printf("median of %u generations; all threads = %u; cold = median of %u first generations "
              "in fresh processes (all threads); peak RSS = growth of VmHWM during the first "
              "generation (all threads)\n\n",
              Opts.Repetitions, Cores, Opts.Repetitions);
  std::printf("%-12s %-11s %13s %11s %11s %11s %11s %12s %7s %12s\n", "space", "input", "|SP|",
              "nodes", "1 thr [ms]", "all [ms]", "cold [ms]", "store [KiB]", "B/node",
              "peak [KiB]");

  bool AllRight = true;
  for (std::size_t K : Selected) {
    const bench::BenchSpace &Space = All[K];
    // Measure the first generation against freshly reset memory figures.
    malloc_trim(0);
    const bool PeakReset = resetPeakRss();
    const std::uint64_t Before = PeakReset ? procStatusKiB("VmRSS") : procStatusKiB("VmHWM");
    std::uint64_t Size = 0, Nodes = 0, Store = 0;
    bool SizeFits = true;
    {
      ChainOfTrees S = Space.Generate(GenerationOptions{0});
      SizeFits = S.size().fits_ulong_p();
      Size = SizeFits ? S.size().get_ui() : 0;
      Nodes = S.numNodes();
      Store = S.memoryBytes();
    }
    const std::uint64_t Peak = procStatusKiB("VmHWM");
    const std::uint64_t PeakGrowth = Peak > Before ? Peak - Before : 0;

    const double One = medianSeconds(Space, 1, Opts.Repetitions);
    const double Every = medianSeconds(Space, 0, Opts.Repetitions);
    const double Cold = medianColdSeconds(K, Opts.Repetitions);
    std::printf("%-12s %-11s %13s %11s %11.2f %11.2f %11.2f %12.1f %7.1f %12s", Space.Name.c_str(),
                Space.inputText().c_str(), grouped(Size).c_str(), grouped(Nodes).c_str(), One * 1e3,
                Every * 1e3, Cold * 1e3, static_cast<double>(Store) / 1024.0,
                Nodes ? static_cast<double>(Store) / static_cast<double>(Nodes) : 0.0,
                grouped(PeakGrowth).c_str());
    if (Cold < 0) {
      std::printf("  FAILED: a cold generation in a fresh process");
      AllRight = false;
    }
    if (!SizeFits || Size != Space.ExpectedSize) {
      std::printf("  WRONG: expected |SP| = %s", grouped(Space.ExpectedSize).c_str());
      AllRight = false;
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  return AllRight ? 0 : 1;
}
