//===- test/unit/Analysis/SyntheticData.h - Small hand-made tables -*- C++ -*-===//
//
// RecordedData tables small enough to compute every analysis by hand; the
// tests write the hand computation next to their expectations.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_ANALYSIS_SYNTHETICDATA_H
#define ATFC_TEST_ANALYSIS_SYNTHETICDATA_H

#include "Results/RecordedData.h"

#include <initializer_list>
#include <optional>
#include <utility>

namespace atfc::test {

/// Values as a record's configuration. The analyses read values by
/// column (the table's Parameters), so the names stay empty here.
inline ParameterValues columns(std::vector<Value> Values) {
  ParameterValues Named;
  for (Value &V : Values)
    Named.push_back({"", std::move(V)});
  return Named;
}

/// A valid entry with Values and one cost.
inline EvaluationRecord entry(std::vector<Value> Values, double Cost) {
  EvaluationRecord E;
  E.Configuration = columns(std::move(Values));
  E.Result = Measurement::valid({Cost});
  return E;
}

/// An invalid entry with Values, as another tuner's data records one.
inline EvaluationRecord failed(std::vector<Value> Values) {
  EvaluationRecord E;
  E.Configuration = columns(std::move(Values));
  E.Result.Reason = "compile failed";
  return E;
}

/// Parameters A in {1, 2, 3}, B in {0, 1}, C constant "x"; time by (A, B):
///   A=1: 10 (B=0), 11 (B=1);  A=2: 20, 21;  A=3: 1.0, BestAtB1 ? 1.5 : 1.05
/// and when BestAtB1, (3,1) costs 1.0 and (3,0) 1.5 instead.
inline RecordedData threeParameterTable(bool BestAtB1 = false) {
  RecordedData Data;
  Data.Parameters = {"A", "B", "C"};
  Data.Objectives = {"time"};
  Data.Description = "synthetic";
  const std::string X = "x";
  auto Row = [&](std::int64_t A, std::int64_t B, double Cost) {
    Data.Entries.push_back(entry({Value(A), Value(B), Value(X)}, Cost));
  };
  Row(1, 0, 10);
  Row(1, 1, 11);
  Row(2, 0, 20);
  Row(2, 1, 21);
  Row(3, 0, BestAtB1 ? 1.5 : 1.0);
  Row(3, 1, BestAtB1 ? 1.0 : 1.05);
  return Data;
}

} // namespace atfc::test

#endif
