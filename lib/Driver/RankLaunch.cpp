//===- Driver/RankLaunch.cpp - atfc tune over MPI ranks -------------------===//
#include "Driver/RankLaunch.h"

#include "Driver/TunerProcess.h"

#include "Support/Diagnostic.h"
#include "System/Process.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unistd.h>

namespace atfc {
namespace {

std::optional<unsigned> number(const char *Name) {
  const char *Text = std::getenv(Name);
  if (!Text || !*Text)
    return std::nullopt;
  unsigned V = 0;
  const char *End = Text + std::strlen(Text);
  auto [Ptr, Ec] = std::from_chars(Text, End, V);
  if (Ec != std::errc() || Ptr != End)
    return std::nullopt;
  return V;
}

/// A program beside this atfc (atfc-ranks lives where atfc does).
std::string besideSelf(const char *Name) {
  std::error_code EC;
  const std::filesystem::path Self = std::filesystem::read_symlink("/proc/self/exe", EC);
  return EC ? std::string(Name) : (Self.parent_path() / Name).string();
}

/// Becomes the program Args name; returns 1 only when it cannot.
int execProgram(const std::vector<std::string> &Args, DiagnosticSink &Diags) {
  const int Error = replaceProcess(Args);
  Diags.error(std::string("cannot run '") + Args[0] + "': " + std::strerror(Error));
  return 1;
}

} // namespace

std::optional<MpiJob> mpiJobOfEnvironment() {
  // Open MPI's mpiexec, MPICH's (and srun --mpi=pmi2), then srun's own.
  const char *Pairs[][2] = {{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
                            {"PMI_RANK", "PMI_SIZE"},
                            {"SLURM_PROCID", "SLURM_STEP_NUM_TASKS"}};
  for (const auto &[RankName, SizeName] : Pairs) {
    const std::optional<unsigned> Rank = number(RankName), Size = number(SizeName);
    if (Rank && Size && *Rank < *Size)
      return MpiJob{*Rank, *Size};
  }
  return std::nullopt;
}

Expected<unsigned> rankBound() {
  if (const char *Text = std::getenv(kMaxRanksVariable); Text && *Text) {
    unsigned Bound = 0;
    const char *End = Text + std::strlen(Text);
    auto [Ptr, Ec] = std::from_chars(Text, End, Bound);
    if (Ec != std::errc() || Ptr != End || Bound == 0)
      return Error(std::string(kMaxRanksVariable) + " must be a whole number above 0, not '" +
                   Text + "'");
    return Bound;
  }
  const long Online = sysconf(_SC_NPROCESSORS_ONLN);
  return kRanksPerOnlineCpu * static_cast<unsigned>(Online > 0 ? Online : 1);
}

int launchRanks(unsigned Ranks, const std::vector<std::string> &CommandLine,
                const std::string &Devices, DiagnosticSink &Diags) {
  // mpiexec -n 100000 once started 410 processes (load 400) before it
  // failed, and ignored SIGTERM meanwhile.
  Expected<unsigned> Bound = rankBound();
  if (!Bound) {
    Diags.error(Bound.error().message());
    return 2;
  }
  if (Ranks > *Bound) {
    const bool Set = std::getenv(kMaxRanksVariable) && *std::getenv(kMaxRanksVariable);
    Diags.error("--ranks " + std::to_string(Ranks) + " is more ranks than atfc starts on one " +
                "machine: at most " + std::to_string(*Bound) +
                (Set ? std::string(" (") + kMaxRanksVariable + ")"
                     : " (" + std::to_string(kRanksPerOnlineCpu) + " per online CPU)") +
                "; set " + kMaxRanksVariable + "=N to allow more, or start the job with mpiexec " +
                "or srun yourself (docs/scale-out.md)");
    return 2;
  }
  const std::string Launcher = besideSelf("atfc-ranks");
  if (access(Launcher.c_str(), X_OK) != 0) {
    Diags.error(std::string("--ranks needs '") + Launcher +
                "', which is built where Open MPI is found (libopenmpi-dev); "
                "this atfc was built without it");
    return 1;
  }
  const char *MpiExec = std::getenv("ATFC_MPIEXEC");
  // Only rank 0 runs atfc (it builds the tuner); the others start as
  // atfc-ranks at once (MPI's MPMD form), which spares each of them atfc's
  // start (0.25 s under load) on the cores rank 0 builds on.
  std::vector<std::string> Args = {MpiExec && *MpiExec ? MpiExec : "mpiexec", "-n", "1",
                                   besideSelf("atfc")};
  Args.insert(Args.end(), CommandLine.begin(), CommandLine.end());
  if (Ranks > 1) {
    Args.insert(Args.end(), {":", "-n", std::to_string(Ranks - 1), Launcher});
    if (!Devices.empty())
      Args.insert(Args.end(), {"--devices", Devices});
    Args.push_back("--");
  }
  // Into mpiexec's environment, not atfc's: tuneOverRanks's analysis reads
  // atfc's on another thread meanwhile (setenv beside getenv is a race).
  std::vector<std::pair<std::string, std::string>> Settings;
  for (const auto &[Name, Value] : kOneNodeMpiSettings)
    if (const char *Set = std::getenv(Name); !Set)
      Settings.emplace_back(Name, Value);
  // Rank 0 leaves a failing status here and exits 0, so that mpiexec does
  // not follow atfc's own error with its boxes.
  llvm::SmallString<128> StatusFile;
  const bool HasStatusFile =
      !llvm::sys::fs::createTemporaryFile("atfc-rank0-status", "txt", StatusFile);
  if (HasStatusFile)
    Settings.emplace_back(kRankZeroStatus, StatusFile.str().str());
  // atfc stays mpiexec's parent, so that a signal ends the whole job.
  int Status = runJobLauncher(Args, std::move(Settings), Diags);
  if (HasStatusFile) {
    // A job that failed otherwise (a rank killed, mpiexec's own error)
    // keeps mpiexec's status and messages.
    if (Status == 0)
      if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
              llvm::MemoryBuffer::getFile(StatusFile))
        if (int Kept = 0; llvm::to_integer((*Text)->getBuffer().trim(), Kept, 10))
          Status = Kept;
    llvm::sys::fs::remove(StatusFile);
  }
  return Status;
}

int execRankLauncher(const std::vector<std::string> &TunerArgs, const std::string &Devices,
                     int Failed, DiagnosticSink &Diags) {
  std::vector<std::string> Args = {besideSelf("atfc-ranks")};
  if (!Devices.empty())
    Args.insert(Args.end(), {"--devices", Devices});
  if (Failed != 0)
    Args.insert(Args.end(), {"--failed", std::to_string(Failed)});
  Args.push_back("--");
  Args.insert(Args.end(), TunerArgs.begin(), TunerArgs.end());
  return execProgram(Args, Diags);
}

} // namespace atfc
