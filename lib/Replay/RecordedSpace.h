//===- Replay/RecordedSpace.h - The space recorded data covers -*- C++ -*-===//
//
// When no directive file gives the search space, replay searches the space
// the data itself describes: exactly the configurations it holds. Invalid
// entries belong to it too: they are configurations of the real space that
// failed to compile or run, and proposing one costs a tuner an evaluation
// just as it did when the data was recorded.
//
// The space is one group whose parameters are the data's, in the data's
// order, each ranging over the set of its observed values (sorted), and
// whose tree holds a path for each recorded configuration. The tree is
// built directly from the sorted configurations through GroupTree's public
// constructor: the data's parameters are known only at run time, while the
// typed generator needs them at compile time.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_RECORDEDSPACE_H
#define ATFC_REPLAY_RECORDEDSPACE_H

#include "Results/RecordedData.h"
#include "SearchSpace/ChainOfTrees.h"

#include <cstdint>
#include <vector>

namespace atfc {

/// The recorded configurations as a search space, and which entry each
/// configuration is.
struct RecordedSpace {
  /// One group; its configurations are exactly Data.Entries (the leaf order
  /// is the lexicographic order of the values' positions in their ranges).
  ChainOfTrees Space;
  /// The index into Data.Entries of each leaf.
  std::vector<std::uint32_t> EntryOfLeaf;
};

/// Values sorted in their range order: numbers numerically, text
/// lexicographically, false before true.
bool valueLess(const Value &A, const Value &B);

/// The space of the configurations in Data, whose columns have one kind
/// each (as readRecordedData leaves them); an error when Data holds 2^32
/// entries or more, or a configuration twice.
Expected<RecordedSpace> buildRecordedSpace(const RecordedData &Data);

/// buildRecordedSpace(Data)'s Space.
Expected<ChainOfTrees> recordedSpace(const RecordedData &Data);

} // namespace atfc

#endif
