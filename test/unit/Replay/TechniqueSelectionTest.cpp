//===- TechniqueSelectionTest.cpp - Choosing a default by folds -----------===//
//
// Exact random search's median against brute force over every subset of
// small spaces; the choice rule (geometric mean, never above random search,
// "never" counted as twice the budget); folds that never let a held-out
// dataset influence its own choice (a generator of random figures); and the
// summary's ratios by hand.
//
//===----------------------------------------------------------------------===//
#include "Replay/TechniqueSelection.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

using namespace atfc;

namespace {

constexpr double kNever = 4000;
constexpr double kInf = std::numeric_limits<double>::infinity();

SelectionDataset dataset(std::string Kernel, std::string Device, double Random,
                         std::vector<double> Medians, std::optional<double> Reference = {}) {
  SelectionDataset D;
  D.Name = Kernel + "_" + Device;
  D.Kernel = std::move(Kernel);
  D.Device = std::move(Device);
  D.RandomMedian = Random;
  D.Medians = std::move(Medians);
  D.Reference = Reference;
  return D;
}

/// The smallest k whose chance that k draws without replacement miss all
/// Hits of N is at most one half, counted over every subset of size k.
double bruteForceRandomMedian(unsigned N, unsigned Hits) {
  for (unsigned K = 1; K <= N; ++K) {
    std::uint64_t Subsets = 0, Missing = 0;
    for (std::uint32_t Mask = 0; Mask < (1u << N); ++Mask) {
      if (static_cast<unsigned>(__builtin_popcount(Mask)) != K)
        continue;
      ++Subsets;
      Missing += (Mask & ((1u << Hits) - 1)) == 0; // the hits: the first Hits
    }
    if (2 * Missing <= Subsets)
      return K;
  }
  return 0;
}

TEST(TechniqueSelectionTest, ExactRandomMedianMatchesEverySubset) {
  for (unsigned N = 1; N <= 14; ++N)
    for (unsigned Hits = 1; Hits <= N; ++Hits)
      EXPECT_EQ(exactRandomMedian(N, Hits), bruteForceRandomMedian(N, Hits))
          << N << " configurations, " << Hits << " within 5 %";
  // analyze's tiny example: 2 of 8, 3 draws; 1 of 8, 4 draws.
  EXPECT_EQ(exactRandomMedian(8, 2), 3);
  EXPECT_EQ(exactRandomMedian(8, 1), 4);
  EXPECT_EQ(exactRandomMedian(8, 0), 0);
  // GEMM on the RTX 3090: 6 of 17,956 within 5 %, ../shared/bench/README.md's
  // "random search median" 1,959.
  EXPECT_EQ(exactRandomMedian(17956, 6), 1959);
}

TEST(TechniqueSelectionTest, ChoosesTheLowestGeometricMeanNeverAboveRandom) {
  // Candidate 0 has the lowest geometric mean but is above random search
  // on the second dataset; candidate 1 never is.
  std::vector<SelectionDataset> Data = {dataset("a", "g1", 100, {10, 40, 50}),
                                        dataset("b", "g1", 100, {120, 60, 90})};
  EXPECT_EQ(chooseCandidate(Data, {0, 1}, kNever), 1u);
  // Where every candidate is above random search somewhere, the geometric
  // mean alone decides.
  Data[1].Medians = {120, 300, 400};
  EXPECT_EQ(chooseCandidate(Data, {0, 1}, kNever), 0u);
  // "Never" counts as twice the budget, not as nothing.
  Data = {dataset("a", "g1", 5000, {kInf, 1000}), dataset("b", "g1", 5000, {1, 2})};
  EXPECT_EQ(countedMedian(kInf, kNever), kNever);
  EXPECT_EQ(chooseCandidate(Data, {0, 1}, kNever), 1u); // 4000 * 1 > 1000 * 2
  EXPECT_EQ(chooseCandidate(Data, {1}, kNever), 0u);
}

TEST(TechniqueSelectionTest, AFoldChoosesWithoutItsGroup) {
  // Candidate 0 is best on kernel a, candidate 1 on kernel b.
  const std::vector<SelectionDataset> Data = {dataset("a", "g1", 1000, {10, 30}, 20),
                                              dataset("a", "g2", 1000, {12, 40}),
                                              dataset("b", "g1", 1000, {90, 30}, 60)};
  const std::vector<SelectionFold> ByKernel = leaveOneOut(Data, LeaveOut::Kernel, kNever);
  ASSERT_EQ(ByKernel.size(), 2u);
  EXPECT_EQ(ByKernel[0].LeftOut, "a");
  EXPECT_EQ(ByKernel[0].HeldOut, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(ByKernel[0].Chosen, 1u); // learnt from b only
  EXPECT_EQ(ByKernel[1].Chosen, 0u); // learnt from a only
  const std::vector<HeldOutFigure> Figures = heldOutFigures(Data, ByKernel, kNever);
  EXPECT_EQ(Figures[0].Candidate, 1u);
  EXPECT_DOUBLE_EQ(Figures[0].ToBest, 3.0);
  EXPECT_DOUBLE_EQ(Figures[0].ToRandom, 0.03);
  EXPECT_DOUBLE_EQ(*Figures[0].ToReference, 1.5);
  EXPECT_FALSE(Figures[1].ToReference);
  EXPECT_DOUBLE_EQ(Figures[2].ToBest, 3.0);

  const SelectionSummary S = summarise(Data, Figures, kNever);
  EXPECT_DOUBLE_EQ(S.WorstToBest, 40.0 / 12);
  EXPECT_NEAR(S.GeoMeanToBest, std::cbrt(3.0 * (40.0 / 12) * 3.0), 1e-12);
  EXPECT_DOUBLE_EQ(*S.WorstToReference, 1.5);
  EXPECT_NEAR(*S.GeoMeanToReference, std::sqrt(1.5 * 1.5), 1e-12);
  EXPECT_NEAR(*S.GeoMeanReference, std::sqrt(20.0 * 60), 1e-9);
  EXPECT_NEAR(S.GeoMeanMedian, std::cbrt(30.0 * 40 * 90), 1e-9);

  // By device: g1 holds a and b, g2 only a's second dataset.
  const std::vector<SelectionFold> ByDevice = leaveOneOut(Data, LeaveOut::Device, kNever);
  ASSERT_EQ(ByDevice.size(), 2u);
  EXPECT_EQ(ByDevice[0].HeldOut, (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(ByDevice[0].Chosen, 0u);
  // A single group: nothing else to learn from, so all of it.
  const std::vector<SelectionDataset> One = {dataset("a", "g1", 1000, {10, 30})};
  EXPECT_EQ(leaveOneOut(One, LeaveOut::Kernel, kNever).front().Chosen, 0u);
}

// Random figures: whatever a held-out group's own medians are, its fold's
// choice stays the same (the class of leaks from test into training).
TEST(TechniqueSelectionTest, HeldOutFiguresNeverInfluenceTheirChoice) {
  std::mt19937_64 Rng(7);
  std::uniform_real_distribution<double> Median(1, 3000);
  const std::vector<std::string> Kernels = {"gemm", "conv", "dedisp", "pnpoly"};
  const std::vector<std::string> Devices = {"g1", "g2", "g3"};
  for (int Trial = 0; Trial < 200; ++Trial) {
    std::vector<SelectionDataset> Data;
    for (int D = 0; D < 9; ++D) {
      std::vector<double> M(5);
      for (double &X : M)
        X = Rng() % 10 == 0 ? kInf : Median(Rng);
      Data.push_back(dataset(Kernels[Rng() % Kernels.size()], Devices[Rng() % Devices.size()],
                             Median(Rng), M));
    }
    for (LeaveOut Group : {LeaveOut::Kernel, LeaveOut::Device}) {
      const std::vector<SelectionFold> Folds = leaveOneOut(Data, Group, kNever);
      for (const SelectionFold &F : Folds) {
        if (F.HeldOut.size() == Data.size())
          continue;
        std::vector<SelectionDataset> Changed = Data;
        for (std::size_t D : F.HeldOut)
          for (double &X : Changed[D].Medians)
            X = Median(Rng);
        const std::vector<SelectionFold> Again = leaveOneOut(Changed, Group, kNever);
        for (const SelectionFold &G : Again) {
          if (G.LeftOut == F.LeftOut) {
            EXPECT_EQ(G.Chosen, F.Chosen) << "trial " << Trial << ", fold " << F.LeftOut;
          }
        }
      }
    }
  }
}

} // namespace
