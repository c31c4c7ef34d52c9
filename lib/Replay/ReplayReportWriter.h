//===- Replay/ReplayReportWriter.h - A replay's HTML report ----*- C++ -*-===//
//
// `atfc replay ... --report FILE` (and a tuner's --replay --report FILE):
// the experiment's runs handed to lib/Report as curves, the data's valid
// costs relative to the optimum for random search's baseline, written as
// one self-contained HTML page.
//
// Tested by test/atfc/report/replay.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_REPLAYREPORTWRITER_H
#define ATFC_REPLAY_REPLAYREPORTWRITER_H

#include "Replay/ReplayExperiment.h"
#include "Results/RecordedData.h"
#include "SearchSpace/ChainOfTrees.h"

#include <string>

namespace atfc {

/// Writes the report of Result (on Data and Space) to Path, or says why it
/// cannot.
Expected<void> writeReplayReport(const std::string &Path, const ReplayExperimentResult &Result,
                                 const RecordedData &Data, const ChainOfTrees &Space);

} // namespace atfc

#endif
