//===- Search/Techniques/WindowSearch.h - Window search ---------*- C++ -*-===//
//
// window_search(sample, fraction): the window search that Li and Agrawal's
// shrinking-sample paper compares against (section IV.A, after Kisuki et
// al.). The window starts as the whole space; a round measures `sample`
// random configurations inside it, then the window shrinks by `fraction`
// around the best configuration of the cycle so far, until it holds fewer
// than `sample` configurations; then a new cycle starts on the whole space
// (the paper stops there; a tuner goes on until its abort condition).
//
// The window is a box of (0,1]^D: uniform points in it give uniformly
// random configurations of the part of the space it covers (the ATF TACO
// paper's coordinate space), so a window of volume v holds about v |SP|
// configurations and no draw meets a constraint. A shrunk window is a cube
// of side v^(1/D) centred on the best configuration's cell and moved
// inside (0,1]^D where it would stick out, so that its volume stays v.
//
// A ConfigurationTechnique: it never proposes a configuration the run
// knows; a window in which a few draws find nothing new ends its cycle.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_WINDOWSEARCH_H
#define ATFC_SEARCH_TECHNIQUES_WINDOWSEARCH_H

#include "Search/ConfigurationTechnique.h"
#include "Search/HyperParameter.h"

#include <array>

namespace atfc {

class WindowSearch : public ConfigurationTechnique {
public:
  static constexpr std::size_t kDefaultSample = 10;
  static constexpr double kDefaultFraction = 0.5;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 2> kParameters = {{
      countParameter("sample", kDefaultSample, 1, "random configurations per window"),
      {"fraction", kDefaultFraction, 0, Bound::Excluded, 1, Bound::Excluded, false,
       "factor of the window's volume per round"},
  }};

  explicit WindowSearch(std::size_t Sample = kDefaultSample, double Fraction = kDefaultFraction);
  /// From values admitted by kParameters, one per parameter.
  explicit WindowSearch(std::span<const double> Values);

  std::string describe() const override;

  /// The window's volume, a share of (0,1]^D, and its lower corner and
  /// side (for tests).
  double volume() const { return Volume; }
  const Point &corner() const { return Corner; }
  double side() const { return Side; }
  /// Cycles begun (for tests).
  std::size_t cycles() const { return Cycles; }

private:
  void start() override;
  std::vector<Configuration> next(std::size_t Max) override;
  void learn(const Configuration &C, const OptionalCost &Result, bool Own) override;

  void newCycle();
  /// Shrinks the window around the cycle's best; false when the window
  /// would hold fewer than `sample` configurations.
  bool shrink();
  /// A configuration drawn in the window that is neither known nor in
  /// Batch, nullopt when a few draws find none.
  std::optional<Configuration> drawInWindow(const std::vector<Configuration> &Batch);

  std::size_t Sample;
  double Fraction;
  double Volume = 1.0;
  Point Corner;
  double Side = 1.0;
  std::size_t LeftInRound = 0;
  std::optional<Configuration> CycleBest;
  OptionalCost CycleBestCost;
  std::size_t Cycles = 0;
};

} // namespace atfc

#endif
