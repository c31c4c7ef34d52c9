//===- Driver/RankLaunch.h - atfc tune over MPI ranks -----------*- C++ -*-===//
//
// `atfc tune FILE --ranks N` runs `mpiexec -n N atfc tune FILE ...`; under
// mpiexec or srun, every atfc of the job execs atfc-ranks (the only program
// of atfc that links MPI, built where Open MPI is found), rank 0 once it has
// built the tuner, the others at once: they wait in MPI for rank 0's tuner.
// atfc itself never needs an MPI library (docs/scale-out.md).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_RANKLAUNCH_H
#define ATFC_DRIVER_RANKLAUNCH_H

#include "Support/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// This process's place in an MPI job started by mpiexec (Open MPI, MPICH)
/// or srun, from the environment they set; nullopt outside one.
struct MpiJob {
  unsigned Rank = 0;
  unsigned Size = 1;
};
std::optional<MpiJob> mpiJobOfEnvironment();

/// Runs CommandLine (atfc's own argv, argv[0] excepted) under `mpiexec -n
/// Ranks` (ATFC_MPIEXEC names another); returns only when it cannot (1),
/// after reporting why to Diags.
int launchRanks(unsigned Ranks, const std::vector<std::string> &CommandLine, DiagnosticSink &Diags);

/// Becomes this rank's atfc-ranks: rank 0 with the tuner's command line
/// (TunerArgs, argv[0] included), or with Failed (an exit status) when it
/// could not build it; the other ranks with neither. Returns only when it
/// cannot (1), after reporting why to Diags.
int execRankLauncher(const std::vector<std::string> &TunerArgs, const std::string &Devices,
                     int Failed, DiagnosticSink &Diags);

} // namespace atfc

#endif
