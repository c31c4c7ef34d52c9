//===- bench/DefaultSelection.cpp - Choosing the default by folds ---------===//
//
// Chooses and checks the default search technique so that it generalises
// (docs/search.md, issue 34): every candidate is replayed on every dataset
// (Replay/ReplayExperiment.h, as `atfc replay` does: failed configurations
// cost an evaluation), then a candidate is chosen on all datasets but one
// kernel (one device) and judged on the datasets left out
// (Replay/TechniqueSelection.h). Prints, per dataset, every candidate's
// median evaluations to within 5 %, exact random search's and Kernel Tuner
// 1.5's best strategy's (../shared/bench/README.md), then per fold the
// choice and per dataset the held-out ratios, worst case and geometric mean.
//
//   default-selection [--runs R] [--evaluations N] [--seed S] [--threads T]
//                     [--technique EXPR]... [--cache FILE] DATA...
//
// A dataset's name is PREFIX_KERNEL_DEVICE.json.gz (kt_convolution_A4000):
// its kernel and device are the groups the folds leave out. --cache FILE
// keeps each replay's median (one line per dataset, technique, runs,
// evaluations and seed), so that a long evaluation can be resumed.
//
//===----------------------------------------------------------------------===//
#include "Replay/RecordedSpace.h"
#include "Replay/ReplayBackend.h"
#include "Replay/ReplayExperiment.h"
#include "Replay/TechniqueSelection.h"
#include "Results/RecordedData.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace atfc;

namespace {

/// Kernel Tuner 1.5's best strategy per dataset (median distinct
/// evaluations to within 5 %, 30 runs; ../shared/bench/README.md). The KTT
/// datasets are compared with the Kernel Tuner cache of the same kernel and
/// GPU; T4's "1-2" is 1.5.
const std::map<std::string, double> &kernelTunerBest() {
  static const std::map<std::string, double> Best = {
      {"kt_gemm_RTX3090", 45.5},       {"kt_gemm_RTX3060laptop", 77},
      {"kt_convolution_A4000", 74.5},  {"kt_convolution_RTX3060laptop", 41},
      {"kt_dedispersion_W7800", 20.5}, {"kt_dedispersion_MI250X", 58.5},
      {"kt_pnpoly_RTX3090", 35.5},     {"kt_convolution_RTX3090", 39},
      {"kt_pnpoly_RTX3060laptop", 33}, {"t4_dedispersion_A100", 1.5},
      {"ktt_convolution_RTX3090", 39}, {"ktt_pnpoly_RTX3090", 35.5}};
  return Best;
}

std::string stemOf(const std::string &Path) {
  std::string Name = std::filesystem::path(Path).filename().string();
  for (const char *Suffix : {".gz", ".json"})
    if (Name.size() > std::strlen(Suffix) &&
        Name.compare(Name.size() - std::strlen(Suffix), std::string::npos, Suffix) == 0)
      Name.resize(Name.size() - std::strlen(Suffix));
  return Name;
}

struct Options {
  std::uint64_t Runs = 10, Evaluations = 2000, Seed = 1;
  unsigned Threads = 1;
  std::vector<std::string> Techniques, Data;
  std::string CachePath;
};

/// The cached medians: "stem\ttechnique\truns\tevaluations\tseed" -> median.
std::map<std::string, double> readCache(const std::string &Path) {
  std::map<std::string, double> Cache;
  std::ifstream In(Path);
  std::string Line;
  while (std::getline(In, Line)) {
    const std::size_t Tab = Line.rfind('\t');
    if (Tab != std::string::npos)
      Cache[Line.substr(0, Tab)] = std::stod(Line.substr(Tab + 1));
  }
  return Cache;
}

std::string cacheKey(const std::string &Stem, const std::string &Technique, const Options &O) {
  return Stem + "\t" + Technique + "\t" + std::to_string(O.Runs) + "\t" +
         std::to_string(O.Evaluations) + "\t" + std::to_string(O.Seed);
}

std::string figure(double X) {
  if (!std::isfinite(X))
    return "never";
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.4g", X);
  return Text;
}

/// Replays every technique on one dataset; fills D's medians.
bool measure(const std::string &Path, const Options &O, std::map<std::string, double> &Cache,
             SelectionDataset &D) {
  Expected<RecordedData> Data = readRecordedData(Path);
  if (!Data) {
    std::fprintf(stderr, "error: %s\n", Data.error().message().c_str());
    return false;
  }
  const RecordedData Minimised = minimisedForm(*Data);
  double Optimum = std::numeric_limits<double>::infinity();
  for (const EvaluationRecord &E : Minimised.Entries)
    if (E.Result.Valid)
      Optimum = std::min(Optimum, E.Result.Costs.front());
  std::uint64_t Hits = 0;
  for (const EvaluationRecord &E : Minimised.Entries)
    Hits += E.Result.Valid && E.Result.Costs.front() <= 1.05 * Optimum;
  D.RandomMedian = exactRandomMedian(Minimised.Entries.size(), Hits);

  Expected<ChainOfTrees> Space = recordedSpace(*Data);
  if (!Space) {
    std::fprintf(stderr, "error: %s: %s\n", Path.c_str(), Space.error().message().c_str());
    return false;
  }
  std::vector<std::string> Names;
  for (std::size_t L = 0; L < Space->numLevels(); ++L)
    Names.push_back(Space->parameter(L).Name);
  const ReplayBackend Backend(Minimised, Names);
  std::ofstream CacheOut;
  if (!O.CachePath.empty())
    CacheOut.open(O.CachePath, std::ios::app);
  for (const std::string &T : O.Techniques) {
    const std::string Key = cacheKey(D.Name, T, O);
    if (auto It = Cache.find(Key); It != Cache.end()) {
      D.Medians.push_back(It->second);
      continue;
    }
    ReplayOptions R;
    R.Techniques = {T};
    R.Evaluations = O.Evaluations;
    R.Runs = O.Runs;
    R.Seed = O.Seed;
    R.Threads = O.Threads;
    Expected<ReplayExperimentResult> E = runReplayExperiment(*Space, Backend, R);
    if (!E) {
      std::fprintf(stderr, "error: %s: %s\n", Path.c_str(), E.error().message().c_str());
      return false;
    }
    const double Median = E->Techniques.front().Within5.Median;
    D.Medians.push_back(Median);
    Cache[Key] = Median;
    if (CacheOut)
      CacheOut << Key << '\t' << Median << std::endl;
  }
  return true;
}

void printFolds(const std::vector<SelectionDataset> &Data, const Options &O, LeaveOut Group,
                double Never) {
  const std::vector<SelectionFold> Folds = leaveOneOut(Data, Group, Never);
  std::printf("\n## leave one %s out\n\n", Group == LeaveOut::Kernel ? "kernel" : "device");
  for (const SelectionFold &F : Folds)
    std::printf("- without %s: %s\n", F.LeftOut.c_str(), O.Techniques[F.Chosen].c_str());
  const std::vector<HeldOutFigure> Figures = heldOutFigures(Data, Folds, Never);
  std::printf("\n| dataset | chosen without it | median | / best candidate | / random | / KT 1.5 "
              "best |\n|---|---|---|---|---|---|\n");
  for (std::size_t D = 0; D < Data.size(); ++D) {
    const HeldOutFigure &H = Figures[D];
    std::printf("| %s | `%s` | %s | %.2f | %.3f | %s |\n", Data[D].Name.c_str(),
                O.Techniques[H.Candidate].c_str(), figure(H.Median).c_str(), H.ToBest, H.ToRandom,
                H.ToReference ? figure(*H.ToReference).c_str() : "-");
  }
  const SelectionSummary S = summarise(Data, Figures, Never);
  std::printf("\nworst: %.2f x the best candidate, %.3f x random search, %s x KT 1.5's best\n",
              S.WorstToBest, S.WorstToRandom,
              S.WorstToReference ? figure(*S.WorstToReference).c_str() : "-");
  std::printf("geometric mean: %.2f x the best candidate, %.3f x random search, %s x KT 1.5's "
              "best; medians %.1f (KT 1.5's best %s)\n",
              S.GeoMeanToBest, S.GeoMeanToRandom,
              S.GeoMeanToReference ? figure(*S.GeoMeanToReference).c_str() : "-", S.GeoMeanMedian,
              S.GeoMeanReference ? figure(*S.GeoMeanReference).c_str() : "-");
}

} // namespace

int main(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    const std::string A = Argv[I];
    const bool HasValue = I + 1 < Argc;
    if (A == "--runs" && HasValue)
      O.Runs = std::stoull(Argv[++I]);
    else if (A == "--evaluations" && HasValue)
      O.Evaluations = std::stoull(Argv[++I]);
    else if (A == "--seed" && HasValue)
      O.Seed = std::stoull(Argv[++I]);
    else if (A == "--threads" && HasValue)
      O.Threads = static_cast<unsigned>(std::stoul(Argv[++I]));
    else if (A == "--technique" && HasValue)
      O.Techniques.push_back(Argv[++I]);
    else if (A == "--cache" && HasValue)
      O.CachePath = Argv[++I];
    else if (!A.empty() && A[0] != '-')
      O.Data.push_back(A);
    else {
      std::fprintf(stderr,
                   "usage: %s [--runs R] [--evaluations N] [--seed S] [--threads T] "
                   "[--technique EXPR]... [--cache FILE] DATA...\n",
                   Argv[0]);
      return 2;
    }
  }
  if (O.Techniques.empty())
    O.Techniques = {"auc_bandit"};
  if (O.Data.empty()) {
    std::fprintf(stderr, "error: no dataset given\n");
    return 2;
  }
  std::map<std::string, double> Cache =
      O.CachePath.empty() ? std::map<std::string, double>() : readCache(O.CachePath);
  const double Never = 2.0 * static_cast<double>(O.Evaluations);

  std::printf("# %zu candidates on %zu datasets: %llu runs of %llu evaluations, seeds %llu..\n\n",
              O.Techniques.size(), O.Data.size(), static_cast<unsigned long long>(O.Runs),
              static_cast<unsigned long long>(O.Evaluations),
              static_cast<unsigned long long>(O.Seed));
  for (std::size_t T = 0; T < O.Techniques.size(); ++T)
    std::printf("- %zu: `%s`\n", T, O.Techniques[T].c_str());
  std::printf("\n| dataset | random | KT 1.5 best |");
  for (std::size_t T = 0; T < O.Techniques.size(); ++T)
    std::printf(" %zu |", T);
  std::printf("\n|---|---|---|");
  for (std::size_t T = 0; T < O.Techniques.size(); ++T)
    std::printf("---|");
  std::printf("\n");
  std::vector<SelectionDataset> Data;
  for (const std::string &Path : O.Data) {
    SelectionDataset D;
    D.Name = stemOf(Path);
    // PREFIX_KERNEL_DEVICE: the device may hold no '_', the kernel none.
    const std::size_t First = D.Name.find('_'), Last = D.Name.rfind('_');
    D.Kernel = First == Last ? D.Name : D.Name.substr(First + 1, Last - First - 1);
    D.Device = D.Name.substr(Last + 1);
    if (auto It = kernelTunerBest().find(D.Name); It != kernelTunerBest().end())
      D.Reference = It->second;
    if (!measure(Path, O, Cache, D))
      return 1;
    std::printf("| %s | %s | %s |", D.Name.c_str(), figure(D.RandomMedian).c_str(),
                D.Reference ? figure(*D.Reference).c_str() : "-");
    for (double M : D.Medians)
      std::printf(" %s |", figure(M).c_str());
    std::printf("\n");
    std::fflush(stdout);
    Data.push_back(std::move(D));
  }
  std::vector<std::size_t> All(Data.size());
  for (std::size_t D = 0; D < Data.size(); ++D)
    All[D] = D;
  std::printf("\nchosen on every dataset: %s\n",
              O.Techniques[chooseCandidate(Data, All, Never)].c_str());
  printFolds(Data, O, LeaveOut::Device, Never);
  printFolds(Data, O, LeaveOut::Kernel, Never);
  return 0;
}
