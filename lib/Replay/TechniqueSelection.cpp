//===- Replay/TechniqueSelection.cpp - Choosing a default by folds ------===//
#include "Replay/TechniqueSelection.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace atfc {

double exactRandomMedian(std::uint64_t N, std::uint64_t Hits) {
  if (Hits == 0 || N == 0)
    return 0;
  // The chance that the first k draws all miss: prod (N-Hits-i)/(N-i).
  double Miss = 1;
  for (std::uint64_t K = 1; K <= N; ++K) {
    Miss *= static_cast<double>(N - Hits - (K - 1)) / static_cast<double>(N - (K - 1));
    if (Miss <= 0.5)
      return static_cast<double>(K);
  }
  return static_cast<double>(N); // unreachable: the last draw misses with 0
}

double countedMedian(double Median, double Never) { return std::isfinite(Median) ? Median : Never; }

std::size_t chooseCandidate(const std::vector<SelectionDataset> &Data,
                            const std::vector<std::size_t> &Training, double Never) {
  const std::size_t Candidates = Data.empty() ? 0 : Data.front().Medians.size();
  auto NeverAboveRandom = [&](std::size_t C) {
    return std::all_of(Training.begin(), Training.end(), [&](std::size_t D) {
      return countedMedian(Data[D].Medians[C], Never) <= Data[D].RandomMedian;
    });
  };
  bool AnyNeverAbove = false;
  for (std::size_t C = 0; C < Candidates; ++C)
    AnyNeverAbove = AnyNeverAbove || NeverAboveRandom(C);
  std::size_t Best = 0;
  double BestLog = std::numeric_limits<double>::infinity();
  for (std::size_t C = 0; C < Candidates; ++C) {
    if (AnyNeverAbove && !NeverAboveRandom(C))
      continue;
    double Log = 0;
    for (std::size_t D : Training)
      Log += std::log(countedMedian(Data[D].Medians[C], Never));
    if (Log < BestLog) {
      BestLog = Log;
      Best = C;
    }
  }
  return Best;
}

std::vector<SelectionFold> leaveOneOut(const std::vector<SelectionDataset> &Data, LeaveOut Group,
                                       double Never) {
  std::vector<SelectionFold> Folds;
  for (std::size_t D = 0; D < Data.size(); ++D) {
    const std::string &Key = Group == LeaveOut::Kernel ? Data[D].Kernel : Data[D].Device;
    auto Fold = std::find_if(Folds.begin(), Folds.end(),
                             [&](const SelectionFold &F) { return F.LeftOut == Key; });
    if (Fold == Folds.end()) {
      Folds.push_back({Key, {}, 0});
      Fold = Folds.end() - 1;
    }
    Fold->HeldOut.push_back(D);
  }
  for (SelectionFold &F : Folds) {
    std::vector<std::size_t> Training;
    for (std::size_t D = 0; D < Data.size(); ++D)
      if (std::find(F.HeldOut.begin(), F.HeldOut.end(), D) == F.HeldOut.end())
        Training.push_back(D);
    F.Chosen = chooseCandidate(Data, Training.empty() ? F.HeldOut : Training, Never);
  }
  return Folds;
}

std::vector<HeldOutFigure> heldOutFigures(const std::vector<SelectionDataset> &Data,
                                          const std::vector<SelectionFold> &Folds, double Never) {
  std::vector<HeldOutFigure> Figures(Data.size());
  for (const SelectionFold &F : Folds)
    for (std::size_t D : F.HeldOut) {
      const SelectionDataset &S = Data[D];
      HeldOutFigure &H = Figures[D];
      H.Candidate = F.Chosen;
      H.Median = S.Medians[F.Chosen];
      const double Counted = countedMedian(H.Median, Never);
      double Best = std::numeric_limits<double>::infinity();
      for (double M : S.Medians)
        Best = std::min(Best, countedMedian(M, Never));
      H.ToBest = Counted / Best;
      H.ToRandom = Counted / S.RandomMedian;
      if (S.Reference)
        H.ToReference = Counted / *S.Reference;
    }
  return Figures;
}

SelectionSummary summarise(const std::vector<SelectionDataset> &Data,
                           const std::vector<HeldOutFigure> &Figures, double Never) {
  SelectionSummary S;
  double LogBest = 0, LogRandom = 0, LogReference = 0, LogMedian = 0, LogRefMedian = 0;
  std::size_t WithReference = 0;
  for (std::size_t D = 0; D < Figures.size(); ++D) {
    const HeldOutFigure &H = Figures[D];
    S.WorstToBest = std::max(S.WorstToBest, H.ToBest);
    S.WorstToRandom = std::max(S.WorstToRandom, H.ToRandom);
    LogBest += std::log(H.ToBest);
    LogRandom += std::log(H.ToRandom);
    LogMedian += std::log(countedMedian(H.Median, Never));
    if (H.ToReference) {
      S.WorstToReference = std::max(S.WorstToReference.value_or(0), *H.ToReference);
      LogReference += std::log(*H.ToReference);
      LogRefMedian += std::log(*Data[D].Reference);
      ++WithReference;
    }
  }
  const double N = static_cast<double>(std::max<std::size_t>(Figures.size(), 1));
  S.GeoMeanToBest = std::exp(LogBest / N);
  S.GeoMeanToRandom = std::exp(LogRandom / N);
  S.GeoMeanMedian = std::exp(LogMedian / N);
  if (WithReference) {
    S.GeoMeanToReference = std::exp(LogReference / static_cast<double>(WithReference));
    S.GeoMeanReference = std::exp(LogRefMedian / static_cast<double>(WithReference));
  }
  return S;
}

} // namespace atfc
