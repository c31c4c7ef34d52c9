//===- Backends/FailureSummary.h - Why configurations failed, in words -*- C++ -*-===//
//
// A failure's one line for the user (its kind, its reason, and the useful
// line of its log: UsefulLogLine.h), and the failures of a run grouped by
// kind and reason with a count and the first one's line. The run's summary, `atfc
// results` and the report's Outcomes table all say why in these words.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_FAILURESUMMARY_H
#define ATFC_BACKENDS_FAILURESUMMARY_H

#include "Backends/Measurement.h"

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// Why a measurement failed, in one line: the failure's name, its reason
/// unless the reason says no more than the name ("build failed") or
/// starts with it ("timed out after 2 s" stands alone), and the useful
/// line of its log unless the reason holds it already:
/// "build failed: conv2d.cl:58:19: error: too few elements in vector
/// initialization", "run failed: exit status 1: ValueError: bad size".
std::string failureDetail(FailureKind Kind, std::string_view Reason, std::string_view Log);

/// failureDetail(), but with the log's line only where the reason says no
/// more than the name: short enough for a row of a table that shows the
/// log's tail below it ("run failed: exit status 2").
std::string briefFailureDetail(FailureKind Kind, std::string_view Reason, std::string_view Log);

/// The failures of one kind and one reason.
struct FailureGroup {
  FailureKind Kind = FailureKind::None;
  std::uint64_t Count = 0;
  /// failureDetail() of the group's first failure.
  std::string Example;
};

/// Counts failures by kind and reason, keeping the first of each group as
/// its example (its log's line only while every member's matches). Reasons
/// that differ only in numbers and quoted text ("y[0] differs: 1 != 2",
/// "y[5] differs: 3 != 4"), but not in an exit status or signal, are one; others of one kind
/// ("2 costs for 1 objective", "holds "abc", not comma-separated
/// numbers") are groups of their own, up to kMaxReasonsPerKind, and the
/// rest of the kind one more group, "run failed, for 2 other reasons".
class FailureTally {
public:
  static constexpr std::size_t kMaxReasonsPerKind = 3;

  /// Adds one failure; a valid measurement (Kind None) is not counted.
  void add(FailureKind Kind, std::string_view Reason, std::string_view Log);
  void add(const Measurement &M) { add(M.Failure, M.Reason, M.Log); }

  /// The groups, the most frequent first (ties in FailureKind's order,
  /// then as first seen).
  std::vector<FailureGroup> groups() const;
  /// How many failures were added.
  std::uint64_t total() const;

private:
  struct Group {
    FailureGroup Failures;
    /// The reason with its numbers and quoted text masked.
    std::string Shape;
    /// The first failure's reason, and its log's useful line masked as
    /// Shape is; whether a later one's line differs (then the example
    /// leaves the line out).
    std::string FirstReason;
    std::string LogShape;
    bool LogsDiffer = false;
    /// The kind's group of the reasons past kMaxReasonsPerKind, and
    /// their shapes: shown as its example where there is one, else as
    /// "... for N other reasons".
    bool Others = false;
    std::set<std::string> OtherShapes;
  };
  std::vector<Group> Groups;
};

} // namespace atfc

#endif
