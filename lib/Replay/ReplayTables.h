//===- Replay/ReplayTables.h - A replay's result as text or JSON -*- C++ -*-===//
//
// The report of a replay experiment on standard output: the tables a
// reader looks at (best found after each budget, evaluations and rounds to
// within 5 % and 10 %, the score), or the same figures as one JSON object
// for scripts. The HTML page is ReplayReportWriter's.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_REPLAYTABLES_H
#define ATFC_REPLAY_REPLAYTABLES_H

#include "Replay/ReplayExperiment.h"

#include <iosfwd>

namespace atfc {

/// Writes the report as text tables, or as one JSON object.
void printReplayText(std::ostream &Out, const ReplayExperimentResult &Result,
                     const RecordedData &Data, const ChainOfTrees &Space);
void printReplayJson(std::ostream &Out, const ReplayExperimentResult &Result,
                     const RecordedData &Data, const ChainOfTrees &Space);

} // namespace atfc

#endif
