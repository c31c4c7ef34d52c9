//===- Replay/ScaleSimulation.h - Tuning on P ranks, simulated -*- C++ -*-===//
//
// Hundreds of GPUs cannot be run here; a tuning run on them can be
// simulated on recorded data. A discrete-event simulation of `atfc tune`
// on P ranks (docs/scale-out.md), through the same Exploration and
// technique code a real run uses, in one of two modes:
//
//  - batches: rank 0's searching tuner asks the search for a batch of up
//    to P configurations (P x Ahead), hands each to the rank that is free
//    first, and asks for the next batch once the batch is reported;
//  - asynchronous dispatch: a rank that finishes gets its next
//    configuration at once, proposed with every result known by then.
//    Rank 0 records the results that came (all that arrived while it was
//    busy) and then asks the search for as many configurations as ranks
//    are free; a technique that is not asynchronous keeps its batches
//    (Exploration::next returns none in the middle of one).
//
// Each evaluation takes the seconds the data recorded for that
// configuration (compile and run: RecordedData.h), or DefaultSeconds where
// it recorded none. Rank 0's own time is measured, not assumed: the real
// wall time of each next() and report() (the technique's proposals and
// learning), during which it hands out nothing. In the asynchronous mode
// the order in which results reach the search therefore depends on those
// measured times (as in a real run); with one rank both modes are the
// sequential replay.
//
// A run ends when the best result comes within 5 % of the data's optimum,
// or after Evaluations evaluations, or when the space is exhausted. Its
// figures: simulated wall time and evaluations (finished by then) until
// within 5 %, rank 0's busy share (its measured seconds over the wall
// time) and the ranks' idle share.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_SCALESIMULATION_H
#define ATFC_REPLAY_SCALESIMULATION_H

#include "Replay/ReplayBackend.h"
#include "SearchSpace/ChainOfTrees.h"
#include "Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

struct ScaleSimulationOptions {
  /// The technique text (the default technique when empty).
  std::string Technique;
  std::uint64_t Ranks = 1;
  /// Configurations per rank and batch: the search proposes Ranks x Ahead
  /// at once, and a rank that finishes takes the batch's next one (1: one
  /// per rank, as the real loop without compile-ahead).
  std::uint64_t Ahead = 1;
  /// Asynchronous dispatch instead of batches (Ahead is then unused).
  bool Asynchronous = false;
  std::uint64_t Seed = 1;
  /// At most this many evaluations.
  std::uint64_t Evaluations = 5000;
  /// An evaluation's seconds where the data recorded none (T4 files, data
  /// without times): a GPU evaluation's typical second or so.
  double DefaultSeconds = 1.0;
  /// Whether to keep every evaluation (Order, Rank) for tests.
  bool KeepEvaluations = false;
};

/// One simulated evaluation.
struct SimulatedEvaluation {
  Configuration Config;
  std::uint64_t Rank = 0;
  double Start = 0, End = 0;
};

struct ScaleSimulationRun {
  std::uint64_t Ranks = 1;
  /// Evaluations measured, and simulated seconds until the last ended.
  std::uint64_t Evaluations = 0;
  double WallSeconds = 0;
  /// The simulated seconds until a result within 5 % of the optimum was
  /// known, and how many evaluations had ended by then; nullopt: never.
  std::optional<double> Within5Seconds;
  std::optional<std::uint64_t> Within5Evaluations;
  /// Rank 0's measured seconds in next() and report(), and its share of
  /// the wall time.
  double SearchSeconds = 0;
  double SearchBusyShare = 0;
  /// The share of the ranks' seconds (P x wall) they measured nothing.
  double IdleShare = 0;
  /// Proposals asked of the search that returned configurations, and
  /// their mean size.
  std::uint64_t Batches = 0;
  double MeanBatch = 0;
  /// Evaluations with a recorded time, and those with the default.
  std::uint64_t RecordedTimes = 0, DefaultTimes = 0;
  /// With KeepEvaluations: every evaluation, in the order handed out.
  std::vector<SimulatedEvaluation> Order;
};

/// Simulates one run on Space with costs and seconds from Backend (whose
/// data has an optimum). The error says what stopped it (a technique text
/// that names no technique, data without a valid entry, ...).
Expected<ScaleSimulationRun> simulateScaleOut(const ChainOfTrees &Space,
                                              const ReplayBackend &Backend,
                                              const ScaleSimulationOptions &Options);

/// The seconds data entry E's evaluation took: compile and run as
/// recorded, or Default where the data recorded none.
double recordedEvaluationSeconds(const EvaluationRecord &E, double Default);

} // namespace atfc

#endif
