//===- Driver/RankLaunch.h - atfc tune over MPI ranks -----------*- C++ -*-===//
//
// `atfc tune FILE --ranks N` runs `mpiexec -n 1 atfc tune FILE ... : -n N-1
// atfc-ranks` (at most rankBound() ranks; atfc waits for it and ends the job
// at a signal); under mpiexec or srun, every atfc of the job execs atfc-ranks
// (the only program of atfc that links MPI, built where Open MPI is found),
// rank 0 once it has built the tuner, the others at once: they wait in MPI
// for rank 0's tuner.
// atfc itself never needs an MPI library (docs/scale-out.md).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_RANKLAUNCH_H
#define ATFC_DRIVER_RANKLAUNCH_H

#include "Support/Diagnostic.h"
#include "Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace atfc {

/// This process's place in an MPI job started by mpiexec (Open MPI, MPICH)
/// or srun, from the environment they set; nullopt outside one.
struct MpiJob {
  unsigned Rank = 0;
  unsigned Size = 1;
};
std::optional<MpiJob> mpiJobOfEnvironment();

/// The most ranks launchRanks starts on one machine, unless ATFC_MAX_RANKS
/// says otherwise: kRanksPerOnlineCpu per online CPU (ranks mostly wait for
/// their devices, docs/scale-out.md).
inline constexpr unsigned kRanksPerOnlineCpu = 4;
inline constexpr const char *kMaxRanksVariable = "ATFC_MAX_RANKS";

/// launchRanks's bound: ATFC_MAX_RANKS, or kRanksPerOnlineCpu times the
/// online CPUs; an error when ATFC_MAX_RANKS is not a number above 0.
Expected<unsigned> rankBound();

/// What launchRanks sets in mpiexec's environment where the user has not:
/// a job on one node needs none of Open MPI's network transports, nor
/// hwloc's I/O discovery (whose OpenCL plugin loads pocl and LLVM into
/// mpiexec and every rank); together 0.3-0.4 s of a 4-rank job's start
/// (docs/scale-out.md). More ranks than cores is fine: ranks mostly wait
/// for their measurements (Open MPI refuses it by default).
inline constexpr std::pair<const char *, const char *> kOneNodeMpiSettings[] = {
    {"OMPI_MCA_rmaps_base_oversubscribe", "1"},
    {"OMPI_MCA_pml", "ob1"},
    {"OMPI_MCA_btl", "self,vader"},
    {"HWLOC_COMPONENTS", "-opencl,-gl,-pci,-cuda,-nvml,-rsmi,-levelzero"}};

/// The variable that names the file in which rank 0's atfc-ranks leaves a
/// failing exit status for launchRanks, exiting 0 itself: Open MPI follows
/// a rank's non-zero exit with two boxes of its own ("Primary job
/// terminated normally, but 1 process returned a non-zero exit code",
/// "mpiexec detected that one or more processes exited with non-zero
/// status"), noise after atfc's error. A killed rank still ends the job
/// with mpiexec's status and its "exited on signal" message.
inline constexpr const char *kRankZeroStatus = "ATFC_RANK0_STATUS";

/// Runs CommandLine (atfc's own argv, argv[0] excepted) as rank 0 of
/// `mpiexec -n Ranks` (ATFC_MPIEXEC names another), the other ranks as
/// atfc-ranks with Devices (its --devices, when not empty), with
/// kOneNodeMpiSettings; as atfc's child (Driver/TunerProcess.h: a signal
/// ends the whole job). Returns the job's exit status (rank 0's, through
/// kRankZeroStatus); 2 for a Ranks above
/// rankBound(), 1 when it cannot start, after reporting why to Diags.
int launchRanks(unsigned Ranks, const std::vector<std::string> &CommandLine,
                const std::string &Devices, DiagnosticSink &Diags);

/// Becomes this rank's atfc-ranks: rank 0 with the tuner's command line
/// (TunerArgs, argv[0] included), or with Failed (an exit status) when it
/// could not build it; the other ranks with neither. Returns only when it
/// cannot (1), after reporting why to Diags.
int execRankLauncher(const std::vector<std::string> &TunerArgs, const std::string &Devices,
                     int Failed, DiagnosticSink &Diags);

} // namespace atfc

#endif
