//===- Results/EvaluationRecord.h - One evaluation, as recorded -*- C++ -*-===//
//
// An evaluation as the results database keeps it: a configuration (its
// index in the space and its values), what measuring it gave (Measurement:
// validity, costs, failure, reason, log, seconds), and where it stands in
// its run (number, time, whether it was answered from earlier results).
// The one record model of an evaluation: the tuning loop writes it,
// `atfc results` exports it, wisdom and input sets pick the best of it, and
// the table that replay, analysis and report pages read (RecordedData.h)
// holds it, whether read from results.db (ResultsRecorded.h) or from
// another tuner's file (which fills what that file knows).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_EVALUATIONRECORD_H
#define ATFC_RESULTS_EVALUATIONRECORD_H

#include "Backends/Measurement.h"
#include "SearchSpace/Configuration.h"
#include "Support/Cost.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// One evaluation: a configuration and what measuring it gave.
struct EvaluationRecord {
  /// Its id in the database; set when read.
  std::int64_t Id = 0;
  /// Its run; set when read.
  std::int64_t RunId = 0;
  /// Its run's key; set when read.
  std::string Key;
  /// The configuration's exact index in the search space, decimal (may
  /// exceed 2^64).
  std::string ConfigIndex;
  /// Every parameter's value, in generation order.
  ParameterValues Configuration;
  /// What measuring it gave: validity, costs, failure, reason, log, compile
  /// and run seconds.
  Measurement Result;
  /// Seconds the tuner spent on it besides compiling and running (search,
  /// bookkeeping).
  double OverheadSeconds = 0;
  /// Whether it was answered from earlier results instead of measured.
  bool Reused = false;
  /// Its number in its run, from 1.
  std::int64_t Evaluation = 0;
  /// When it was recorded (ISO-8601 UTC); addEvaluation fills it in when
  /// empty.
  std::string Timestamp;
};

/// The index of the best valid evaluation (lexicographically best costs,
/// each in its objective's direction; the first of equals), or nullopt
/// when none is valid.
std::optional<std::size_t> bestEvaluation(const std::vector<EvaluationRecord> &Evaluations,
                                          const ObjectiveList &Objectives);

} // namespace atfc

#endif
