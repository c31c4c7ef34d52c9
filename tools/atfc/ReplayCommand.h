//===- tools/atfc/ReplayCommand.h - atfc replay -----------------*- C++ -*-===//
//
// `atfc replay DATA [--space FILE [-- ARGS]] --technique T ... --evaluations N
// --runs R [--seed S] [--json]`: compares search techniques on recorded
// performance data. Without --space the space is the data's own; with it,
// the directive file's tuner is built and run in its replay mode, so that
// the file's space (and constraints) are searched.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_REPLAYCOMMAND_H
#define ATFC_TOOLS_ATFC_REPLAYCOMMAND_H

#include <string>
#include <vector>

namespace atfc {

/// atfc replay with its arguments (those after `replay`); returns the exit
/// status: 0, 1 when the data, the file or a run fails, 2 for a bad
/// command line.
int runReplayCommand(const std::vector<std::string> &Args);

} // namespace atfc

#endif
