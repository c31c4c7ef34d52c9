//===- Replay/TechniqueSelection.h - Choosing a default by folds -*- C++ -*-===//
//
// How a default search technique is chosen so that it generalises: the
// candidates' median evaluations to within 5 % of the optimum on recorded
// datasets are compared, and a candidate is chosen on all datasets but a
// group (one kernel on every GPU, or every kernel on one GPU) and judged on
// the group it never saw. A dataset's held-out figure is that of the
// candidate chosen without it; the summary is the worst case and the
// geometric mean of its ratios to the best candidate on that dataset, to
// exact random search and to a reference (Kernel Tuner's best strategy).
// Pure computation: the medians come from replays (ReplayExperiment.h);
// bench/TechniqueEvaluation.cpp runs them and prints the tables.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_TECHNIQUESELECTION_H
#define ATFC_REPLAY_TECHNIQUESELECTION_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// One dataset: the groups a fold leaves out, and the figures on it.
struct SelectionDataset {
  std::string Name;
  /// What a fold leaves out: the kernel ("convolution") and the device
  /// ("RTX3090").
  std::string Kernel, Device;
  /// Exact random search's median evaluations to within 5 %.
  double RandomMedian = 0;
  /// Another tuner's figure to compare with (Kernel Tuner's best strategy
  /// on this dataset); none where it is not known.
  std::optional<double> Reference;
  /// Per candidate, its median evaluations to within 5 %; +infinity where
  /// most runs never got there.
  std::vector<double> Medians;
};

/// The median evaluations to within 5 % of exact random search (drawing
/// without replacement) over N configurations of which Hits are within 5 %:
/// the smallest k whose chance of having drawn none of them is at most one
/// half. 0 where Hits is 0 (never).
double exactRandomMedian(std::uint64_t N, std::uint64_t Hits);

/// A median as a geometric mean counts it: "never" as Never (twice the
/// budget, as Kernel Tuner's figures count ">2000").
double countedMedian(double Median, double Never);

/// The candidate of the lowest geometric mean of medians over Training
/// (indices into Data); candidates above exact random search on a dataset
/// of Training are left out while any candidate is never above it. Ties go
/// to the lower index.
std::size_t chooseCandidate(const std::vector<SelectionDataset> &Data,
                            const std::vector<std::size_t> &Training, double Never);

enum class LeaveOut { Kernel, Device };

/// One fold: the group left out, the datasets in it, and the candidate
/// chosen on all the others.
struct SelectionFold {
  std::string LeftOut;
  std::vector<std::size_t> HeldOut;
  std::size_t Chosen = 0;
};

/// The folds that leave out each kernel (each device) in turn, in the order
/// of first appearance; a fold whose group holds every dataset chooses on
/// all of them (nothing else to learn from).
std::vector<SelectionFold> leaveOneOut(const std::vector<SelectionDataset> &Data, LeaveOut Group,
                                       double Never);

/// A dataset's figure under the candidate chosen without it.
struct HeldOutFigure {
  std::size_t Candidate = 0;
  double Median = 0;
  /// Median over the best candidate's on this dataset, over exact random
  /// search's, and over the reference (none without one).
  double ToBest = 0, ToRandom = 0;
  std::optional<double> ToReference;
};

/// Per dataset (in Data's order), its held-out figure under Folds.
std::vector<HeldOutFigure> heldOutFigures(const std::vector<SelectionDataset> &Data,
                                          const std::vector<SelectionFold> &Folds, double Never);

/// The worst and the geometric mean of the ratios of Figures, and of their
/// medians (the references' over the datasets that have one).
struct SelectionSummary {
  double WorstToBest = 0, WorstToRandom = 0, GeoMeanToBest = 0, GeoMeanToRandom = 0;
  std::optional<double> WorstToReference, GeoMeanToReference;
  double GeoMeanMedian = 0;
  std::optional<double> GeoMeanReference;
};
SelectionSummary summarise(const std::vector<SelectionDataset> &Data,
                           const std::vector<HeldOutFigure> &Figures, double Never);

} // namespace atfc

#endif
