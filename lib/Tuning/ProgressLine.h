//===- Tuning/ProgressLine.h - What a run is doing, on a terminal -*- C++ -*-===//
//
// One line, rewritten in place on a terminal: evaluations, valid and
// invalid, the best cost, elapsed time and the ETA that the abort
// condition's progress gives. Silent when the output is not a terminal, so
// logs and pipes get only the final report; --verbose adds a line per
// evaluation wherever the output goes.
//
// Tested through TuningOutputsTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_PROGRESSLINE_H
#define ATFC_TUNING_PROGRESSLINE_H

#include "Support/Cost.h"

#include <cstdint>
#include <iosfwd>
#include <string>

namespace atfc {

/// A run's state as the progress line shows it.
struct ProgressState {
  std::uint64_t Evaluations = 0;
  std::uint64_t Valid = 0;
  OptionalCost Best;
  double ElapsedSeconds = 0;
  /// Share of the abort condition reached, in [0, 1].
  double Progress = 0;
  /// The file's objectives, which name Best's components (none: anonymous).
  ObjectiveList Objectives;
  /// Configurations handed to the measurer ahead (being compiled) and not
  /// measured yet: not evaluations.
  std::uint64_t Ahead = 0;
};

/// "1:05", "2:03:07": seconds as minutes and seconds (and hours).
std::string formatDuration(double Seconds);
/// "1.234e-05", "0.5": a cost as the user reads it, components joined by ", ".
std::string formatCost(const Cost &C);
/// The line: "[37 evaluations, 30 valid, 7 invalid; 2 ahead] best 1.2e-05  0:12 elapsed,
/// ETA 0:20"; "; N ahead" only while configurations are prepared ahead.
std::string progressText(const ProgressState &S);

class ProgressLine {
public:
  /// Draws on Out when Enabled (the caller checks that Out is a terminal).
  ProgressLine(std::ostream &Out, bool Enabled) : Out(Out), Enabled(Enabled) {}
  /// Redraws the line, at most ten times a second.
  void update(const ProgressState &S);
  /// Clears the line so that other output starts on a clean line.
  void clear();

private:
  std::ostream &Out;
  bool Enabled;
  double LastDraw = -1;
  std::size_t Width = 0;
};

} // namespace atfc

#endif
