//===- bench/ScaleOutSimulation.cpp - Tuning on 1 to 1,024 ranks ----------===//
//
// What more GPUs buy, on recorded data (Replay/ScaleSimulation.h): for each
// dataset and number of ranks, R simulated runs (seeds S .. S+R-1) of the
// technique, each evaluation taking its recorded compile and run seconds,
// rank 0's search timed for real. Prints a Markdown table per dataset, the
// medians over the runs: simulated wall seconds and evaluations until
// within 5 % of the optimum, the speed-up over one rank, rank 0's busy
// share, the ranks' idle share and the mean batch the search proposed.
// One table per dispatch mode: batches, and asynchronous (a rank that
// finishes gets the next configuration at once). The figures are in
// docs/scale-out.md.
//
//   scale-out-simulation DATA... [--ranks 1,4,16,64,256,1024] [--runs R]
//       [--seed S] [--technique T] [--evaluations N] [--default-seconds S]
//       [--ahead K] [--dispatch batch,async]
//
//===----------------------------------------------------------------------===//
#include "Replay/RecordedSpace.h"
#include "Replay/ReplayExperiment.h"
#include "Replay/ScaleSimulation.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace atfc;

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

std::string figure(double V, const char *Format) {
  if (std::isinf(V))
    return "never";
  char Text[64];
  std::snprintf(Text, sizeof Text, Format, V);
  return Text;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Data;
  std::vector<std::uint64_t> Ranks = {1, 4, 16, 64, 256, 1024};
  std::uint64_t Runs = 5;
  std::vector<bool> Modes = {false, true}; // asynchronous?
  ScaleSimulationOptions O;
  for (int I = 1; I < Argc; ++I) {
    const std::string Arg = Argv[I];
    const bool HasValue = I + 1 < Argc;
    if (Arg == "--ranks" && HasValue) {
      Ranks.clear();
      std::istringstream List(Argv[++I]);
      for (std::string Item; std::getline(List, Item, ',');)
        Ranks.push_back(std::stoull(Item));
    } else if (Arg == "--dispatch" && HasValue) {
      Modes.clear();
      std::istringstream List(Argv[++I]);
      for (std::string Item; std::getline(List, Item, ',');) {
        if (Item != "batch" && Item != "async") {
          std::fprintf(stderr, "%s: --dispatch takes batch, async or both\n", Argv[0]);
          return 2;
        }
        Modes.push_back(Item == "async");
      }
    } else if (Arg == "--runs" && HasValue) {
      Runs = std::stoull(Argv[++I]);
    } else if (Arg == "--seed" && HasValue) {
      O.Seed = std::stoull(Argv[++I]);
    } else if (Arg == "--technique" && HasValue) {
      O.Technique = Argv[++I];
    } else if (Arg == "--evaluations" && HasValue) {
      O.Evaluations = std::stoull(Argv[++I]);
    } else if (Arg == "--ahead" && HasValue) {
      O.Ahead = std::stoull(Argv[++I]);
    } else if (Arg == "--default-seconds" && HasValue) {
      O.DefaultSeconds = std::stod(Argv[++I]);
    } else if (!Arg.empty() && Arg[0] != '-') {
      Data.push_back(Arg);
    } else {
      std::fprintf(stderr,
                   "usage: %s DATA... [--ranks 1,4,16,64,256,1024] [--runs R] [--seed S] "
                   "[--technique T] [--evaluations N] [--default-seconds S] [--ahead K] "
                   "[--dispatch batch,async]\n",
                   Argv[0]);
      return 2;
    }
  }
  if (Data.empty() || Ranks.empty() || Runs == 0 || Modes.empty()) {
    std::fprintf(stderr, "%s: give at least one dataset, rank count and run\n", Argv[0]);
    return 2;
  }
  const std::uint64_t FirstSeed = O.Seed;
  for (const std::string &Path : Data) {
    Expected<RecordedData> Read = readRecordedData(Path);
    if (!Read) {
      std::fprintf(stderr, "%s\n", Read.error().message().c_str());
      return 1;
    }
    const RecordedData Minimised = minimisedForm(*Read);
    Expected<ChainOfTrees> Space = recordedSpace(Minimised);
    if (!Space) {
      std::fprintf(stderr, "%s: %s\n", Path.c_str(), Space.error().message().c_str());
      return 1;
    }
    const ReplayBackend Backend(Minimised, Minimised.Parameters);
    for (const bool Asynchronous : Modes) {
      O.Asynchronous = Asynchronous;
      const std::string Mode = Asynchronous ? std::string("asynchronous dispatch")
                                            : std::to_string(O.Ahead) + " per rank and batch";
      std::printf("\n%s (%s, %zu configurations), %llu runs, seeds %llu.., %s\n\n", Path.c_str(),
                  Read->Description.c_str(), Read->Entries.size(),
                  static_cast<unsigned long long>(Runs), static_cast<unsigned long long>(FirstSeed),
                  Mode.c_str());
      std::printf("| ranks | wall s to 5 %% | speed-up | evaluations to 5 %% | rank 0 busy | idle "
                  "ranks | mean batch | search ms/evaluation |\n");
      std::printf("|---|---|---|---|---|---|---|---|\n");
      double OneRank = kNever;
      for (std::uint64_t P : Ranks) {
        std::vector<double> Wall, Evaluations, Busy, Idle, Batch, PerEvaluation;
        std::uint64_t Defaults = 0;
        for (std::uint64_t R = 0; R < Runs; ++R) {
          O.Ranks = P;
          O.Seed = FirstSeed + R;
          Expected<ScaleSimulationRun> Run = simulateScaleOut(*Space, Backend, O);
          if (!Run) {
            std::fprintf(stderr, "%s: %s\n", Path.c_str(), Run.error().message().c_str());
            return 1;
          }
          Wall.push_back(Run->Within5Seconds.value_or(kNever));
          Evaluations.push_back(
              Run->Within5Evaluations ? static_cast<double>(*Run->Within5Evaluations) : kNever);
          Busy.push_back(Run->SearchBusyShare);
          Idle.push_back(Run->IdleShare);
          Batch.push_back(Run->MeanBatch);
          PerEvaluation.push_back(
              1e3 * Run->SearchSeconds /
              static_cast<double>(std::max<std::uint64_t>(Run->Evaluations, 1)));
          Defaults += Run->DefaultTimes;
        }
        const double MedianWall = quartilesOf(Wall).Median;
        if (P == Ranks.front())
          OneRank = MedianWall;
        std::printf("| %llu | %s | %s | %s | %s | %s | %s | %s |%s\n",
                    static_cast<unsigned long long>(P), figure(MedianWall, "%.1f").c_str(),
                    figure(OneRank / MedianWall, "%.1fx").c_str(),
                    figure(quartilesOf(Evaluations).Median, "%.0f").c_str(),
                    figure(100 * quartilesOf(Busy).Median, "%.1f %%").c_str(),
                    figure(100 * quartilesOf(Idle).Median, "%.1f %%").c_str(),
                    figure(quartilesOf(Batch).Median, "%.1f").c_str(),
                    figure(quartilesOf(PerEvaluation).Median, "%.2f").c_str(),
                    Defaults ? " (default seconds used)" : "");
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
