//===- Driver/TunerBuild.cpp - Compiling the tuner program ------------===//
//
// The toolchain is that of the build tree atfc was built in, or, for an
// installed atfc (PREFIX/bin/atfc), the libraries, headers and precompiled
// header installed under PREFIX: found relative to the executable, so that
// an installed tree can be moved as a whole.
//
//===----------------------------------------------------------------------===//
#include "Driver/TunerBuild.h"
#include "Driver/TunerIntegrity.h"
#include "System/ExecutableInUse.h"
#include "System/Interruption.h"
#include "System/OutputDirectory.h"
#include "System/Process.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

// ATF_TUNER_COMPILER, ATF_TUNER_FLAGS, ATF_TUNER_LINK_FLAGS, ATF_TUNER_INCLUDES,
// ATF_TUNER_LIBRARIES, and the installed ATF_TUNER_INSTALL_INCLUDES and
// ATF_TUNER_INSTALL_LIBRARIES (paths relative to the prefix):
// semicolon-separated lists written by CMake (cmake/AtfcTunerToolchain.cmake).
#include "TunerToolchain.inc"

namespace atfc {

namespace {
/// Runs the compiler, its stdout and stderr into Log, stdin from /dev/null
/// (a background group that reads the terminal stops), with atfc's signal
/// state, in a process group of its own; whether it exited with
/// status 0. Else Message says why in the words of LLVM's launcher, which
/// ran it before (the log shows them). A stopping signal (SIGTERM to atfc
/// or to its group, as `timeout` and Slurm send it) ends the whole group
/// and sets Interrupted: the driver, dying, once left a cc1plus it had just
/// started running on.
bool runCompiler(const std::vector<llvm::StringRef> &Args, const std::string &Log,
                 std::string &Message, bool &Interrupted) {
  if (!llvm::sys::fs::exists(Args.front())) {
    Message = "Executable \"" + Args.front().str() + "\" doesn't exist!";
    return false;
  }
  ProcessSpec Spec;
  Spec.Argv.assign(Args.begin(), Args.end());
  Spec.EmptySignalMask = Spec.DefaultSignals = false;
  Spec.OwnGroup = true;
  Spec.NullInput = true;
  const int LogFd = ::open(Log.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  int Error = LogFd < 0 ? errno : 0;
  Process Compiler;
  if (!Error) {
    Spec.OutputFd = Spec.ErrorFd = LogFd;
    Error = startProcess(Spec, Compiler);
    ::close(LogFd);
  }
  if (Error) {
    Message = describeStartFailure(Error);
    return false;
  }
  {
    // The group's id stays ours until the compiler is reaped, below.
    Interruption Stop([&Compiler] {
      Compiler.signal(SIGTERM);
      Compiler.signal(SIGCONT);
    });
    Compiler.waitForExit();
    Interrupted = Stop.requested();
  }
  // What the group has left once the compiler ends is killed.
  const int Status = Compiler.endGroup();
  if (Interrupted) {
    Message = "interrupted";
    return false;
  }
  if (WIFSIGNALED(Status)) {
    Message = strsignal(WTERMSIG(Status));
    if (WCOREDUMP(Status))
      Message += " (core dumped)";
    return false;
  }
  if (WEXITSTATUS(Status) == 127)
    Message = std::strerror(ENOENT);
  else if (WEXITSTATUS(Status) == 126)
    Message = "Program could not be executed";
  return WEXITSTATUS(Status) == 0;
}

std::vector<std::string> splitList(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  List.split(Parts, ';', -1, /*KeepEmpty=*/false);
  return {Parts.begin(), Parts.end()};
}

/// What tuners are compiled against.
struct TunerToolchain {
  /// Include directories, the precompiled header's first.
  std::vector<std::string> Includes;
  /// Libraries and linker options, in link order.
  std::vector<std::string> Libraries;
};

/// The installed toolchain when an installed atfc's libraries lie under the
/// prefix of this executable (PREFIX/bin/atfc), else this build tree's.
TunerToolchain findToolchain() {
  TunerToolchain BuildTree{splitList(ATF_TUNER_INCLUDES), splitList(ATF_TUNER_LIBRARIES)};
  static int Anchor; // any address in this program, for getMainExecutable
  const std::string Self = llvm::sys::fs::getMainExecutable(nullptr, &Anchor);
  if (Self.empty())
    return BuildTree;
  const llvm::StringRef Prefix = llvm::sys::path::parent_path(llvm::sys::path::parent_path(Self));
  // Relative entries are under the prefix; absolute ones and options stay.
  auto Resolve = [&](const std::string &Entry) {
    if (Entry.empty() || Entry[0] == '/' || Entry[0] == '-')
      return Entry;
    llvm::SmallString<256> Path(Prefix);
    llvm::sys::path::append(Path, Entry);
    return std::string(Path);
  };
  TunerToolchain Installed;
  for (const std::string &Entry : splitList(ATF_TUNER_INSTALL_INCLUDES))
    Installed.Includes.push_back(Resolve(Entry));
  for (const std::string &Entry : splitList(ATF_TUNER_INSTALL_LIBRARIES))
    Installed.Libraries.push_back(Resolve(Entry));
  if (!Installed.Libraries.empty() && llvm::sys::fs::exists(Installed.Libraries.front()))
    return Installed;
  return BuildTree;
}

/// The compiler's command line, output and input left out.
std::vector<std::string> compileCommand(const TunerToolchain &Toolchain) {
  std::vector<std::string> Command = {ATF_TUNER_COMPILER};
  for (const std::string &Flag : splitList(ATF_TUNER_FLAGS))
    Command.push_back(Flag);
  for (const std::string &Dir : Toolchain.Includes)
    Command.push_back("-I" + Dir);
  return Command;
}

/// What identifies a file's version cheaply: path, size and time.
std::string fileStamp(const std::string &Path) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return Path;
  return Path + ':' + std::to_string(Status.getSize()) + ':' +
         std::to_string(Status.getLastModificationTime().time_since_epoch().count());
}
} // namespace

std::string tunerFileName(std::uint64_t Hash) {
  std::string Digits = llvm::utohexstr(Hash, /*LowerCase=*/true);
  return "tuner-" + std::string(16 - Digits.size(), '0') + Digits;
}

namespace {
/// The cache name of Source's tuner built with Toolchain.
std::string tunerNameFor(llvm::StringRef Source, const TunerToolchain &Toolchain) {
  const std::vector<std::string> Command = compileCommand(Toolchain);
  const std::vector<std::string> &Libraries = Toolchain.Libraries;
  const std::vector<std::string> LinkFlags = splitList(ATF_TUNER_LINK_FLAGS);
  // The compiler's own stamp (stat follows its symlinks) stands for its
  // version, so that an upgraded compiler builds afresh; the precompiled
  // header's stands for the headers, whose inline code the libraries'
  // stamps do not cover.
  std::string Key = Source.str() + '\n' + fileStamp(ATF_TUNER_COMPILER);
  if (!Toolchain.Includes.empty())
    Key += '\n' + fileStamp(Toolchain.Includes.front() + "/runtime/TunerMain.h.gch");
  for (const std::string &Part : Command)
    Key += '\n' + Part;
  for (const std::string &Flag : LinkFlags)
    Key += '\n' + Flag;
  for (const std::string &Library : Libraries)
    Key += '\n' + fileStamp(Library);
  return tunerFileName(llvm::xxHash64(Key));
}
} // namespace

std::string tunerNameOf(llvm::StringRef Source) { return tunerNameFor(Source, findToolchain()); }

std::string userTunerCache() {
  if (const char *Set = std::getenv("ATFC_TUNER_CACHE"))
    return Set;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg == '/')
    return std::string(Xdg) + "/atfc/tuners";
  if (const char *Home = std::getenv("HOME"); Home && *Home == '/')
    return std::string(Home) + "/.cache/atfc/tuners";
  return "";
}

namespace {

/// More than any tuner, less than a planted huge file could make atfc read.
constexpr std::size_t kTunerLimit = std::size_t(512) << 20;

/// Copies the tuner Name from the directory From into To, checked: From's
/// copy must match the digest recorded beside it, and To's copy that digest
/// too (a file changed between the two reads is not taken). Whether To now
/// holds it, recorded.
bool copyTuner(const std::string &From, const std::string &To, const std::string &Name) {
  const std::string Source = From + "/" + Name, Target = To + "/" + Name;
  Expected<bool> Matches = tunerMatchesRecord(Source);
  if (!Matches || !*Matches)
    return false;
  Expected<OutputDirectory> FromDir = OutputDirectory::open(From, /*Create=*/false);
  Expected<OutputDirectory> ToDir = OutputDirectory::open(To, /*Create=*/true);
  if (!FromDir || !ToDir)
    return false;
  Expected<std::string> Bytes = FromDir->readFile(Name, kTunerLimit);
  Expected<std::string> Record = FromDir->readFile(Name + ".sha256", 100);
  if (!Bytes || !Record || !ToDir->writeFile(Name, *Bytes, 0755))
    return false;
  const std::optional<std::string> Copied = fileDigest(Target);
  if (!Copied || llvm::StringRef(*Copied) != llvm::StringRef(*Record).trim() ||
      !recordTunerDigest(Target)) {
    llvm::sys::fs::remove(Target);
    return false;
  }
  return true;
}

} // namespace

TunerBuild buildTuner(llvm::StringRef Source, llvm::StringRef CacheDir, llvm::StringRef UserCache) {
  const auto Start = std::chrono::steady_clock::now();
  TunerBuild Build;
  auto Finish = [&] {
    Build.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    return Build;
  };

  const TunerToolchain Toolchain = findToolchain();
  const std::vector<std::string> Command = compileCommand(Toolchain);
  const std::vector<std::string> &Libraries = Toolchain.Libraries;
  const std::vector<std::string> LinkFlags = splitList(ATF_TUNER_LINK_FLAGS);
  const std::string Name = tunerNameFor(Source, Toolchain);

  // The cache is an output directory: the user's, no link followed, no
  // file overwritten that atfc did not create (System/OutputDirectory.h).
  Expected<OutputDirectory> Dir = OutputDirectory::open(CacheDir.str(), /*Create=*/true);
  Expected<void> Claimed =
      Dir ? Dir->claimAll({Name, Name + ".cpp", Name + ".sha256", Name + ".command"})
          : Dir.takeError();
  if (!Claimed) {
    Build.Refused = Claimed.error().message();
    return Finish();
  }
  llvm::SmallString<256> Binary(CacheDir);
  llvm::sys::path::append(Binary, Name);
  Build.Binary = std::string(Binary);
  // Only the binary atfc built and recorded (TunerIntegrity.h); anything
  // else of that name is built over.
  Expected<bool> Matches = tunerMatchesRecord(Build.Binary);
  if (!Matches) {
    Build.Refused = Matches.error().message();
    return Finish();
  }
  if (*Matches && llvm::sys::fs::can_execute(Binary)) {
    // Used now: the cache evicts the tuners used longest ago.
    ::utimensat(Dir->fd(), Name.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
    Build.Succeeded = Build.Cached = true;
    evictOldTuners(CacheDir, kTunersKept);
    return Finish();
  }
  // Built for another output directory: the user's cache has it.
  if (!UserCache.empty() && copyTuner(UserCache.str(), CacheDir.str(), Name)) {
    if (Expected<OutputDirectory> User = OutputDirectory::open(UserCache.str(), false))
      ::utimensat(User->fd(), Name.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
    Build.Succeeded = Build.Cached = true;
    evictOldTuners(CacheDir, kTunersKept);
    return Finish();
  }

  // From here a stopping signal is kept, not the default action, which
  // left this build's files behind and its compiler running on (rank 0 of
  // a run over ranks, stopped as its build began); the compiler's
  // Interruption then stops it at once.
  Interruption::keepSignals();
  if (Interruption::pending()) {
    Build.Interrupted = true;
    Build.Log = "interrupted";
    return Finish();
  }
  // Files of this build only: two atfc building the same tuner at once
  // must not compile from, or link into, each other's half-written files.
  llvm::SmallString<256> Program;
  int ProgramFd = -1;
  if (std::error_code Error =
          llvm::sys::fs::createUniqueFile(Build.Binary + "-%%%%%%%%.cpp", ProgramFd, Program)) {
    Build.Log = "cannot create a file in '" + CacheDir.str() + "': " + Error.message();
    return Finish();
  }
  const std::string Stem = std::string(Program.str().drop_back(4));
  const std::string Partial = Stem + ".partial", Log = Stem + ".log";
  auto RemoveTemporaries = [&] {
    for (const std::string &Path : {std::string(Program), Partial, Log})
      llvm::sys::fs::remove(Path);
  };
  {
    llvm::raw_fd_ostream OS(ProgramFd, /*shouldClose=*/true);
    OS << Source;
    OS.close();
    if (OS.has_error()) {
      Build.Log = "cannot write '" + std::string(Program) + "'";
      OS.clear_error();
      RemoveTemporaries();
      return Finish();
    }
  }
  std::vector<llvm::StringRef> Args(Command.begin(), Command.end());
  Args.push_back(Program);
  Args.push_back("-o");
  Args.push_back(Partial);
  for (const std::string &Flag : LinkFlags)
    Args.push_back(Flag);
  for (const std::string &Library : Libraries)
    Args.push_back(Library);
  std::string ErrorMessage;
  if (!runCompiler(Args, Log, ErrorMessage, Build.Interrupted)) {
    auto Output = llvm::MemoryBuffer::getFile(Log);
    Build.Log = (Output ? (*Output)->getBuffer().str() : std::string()) + ErrorMessage;
    RemoveTemporaries();
    return Finish();
  }
  // Renamed only when complete, so that a cached binary is never partial.
  auto BaseName = [](llvm::StringRef Path) { return llvm::sys::path::filename(Path).str(); };
  if (Expected<void> Renamed = Dir->renameOnto(BaseName(Partial), Name); !Renamed) {
    Build.Log = Renamed.error().message() + "\n";
    RemoveTemporaries();
    return Finish();
  }
  static_cast<void>(Dir->renameOnto(BaseName(Program), Name + ".cpp"));
  RemoveTemporaries();
  if (Expected<void> Recorded = recordTunerDigest(Build.Binary); !Recorded) {
    Build.Log =
        "cannot record the digest of '" + Build.Binary + "': " + Recorded.error().message() + "\n";
    return Finish();
  }
  // The command beside the tuner, for whoever wonders how it was built
  // (and which toolchain, build tree or installed, it was built with).
  {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    const std::string Kept = Build.Binary + ".cpp";
    for (std::size_t I = 0; I < Args.size(); ++I)
      OS << (I ? " " : "")
         << (Args[I] == Program   ? llvm::StringRef(Kept)
             : Args[I] == Partial ? llvm::StringRef(Build.Binary)
                                  : Args[I]);
    OS << '\n';
    // Only informative: a failure to write it is no error.
    static_cast<void>(Dir->writeFile(Name + ".command", OS.str()));
  }
  evictOldTuners(CacheDir, kTunersKept);
  // For the next output directory; a cache that cannot take it is no error.
  if (!UserCache.empty() && copyTuner(CacheDir.str(), UserCache.str(), Name))
    evictOldTuners(UserCache, kUserTunersKept);
  Build.Succeeded = true;
  return Finish();
}

std::size_t evictOldTuners(llvm::StringRef CacheDir, std::size_t Keep) {
  struct Cached {
    /// The name in CacheDir.
    std::string Path;
    std::chrono::system_clock::time_point Used;
  };
  // Only what atfc created there: a user's file of a tuner's name stays.
  Expected<OutputDirectory> Dir = OutputDirectory::open(CacheDir.str(), /*Create=*/false);
  Expected<std::vector<std::string>> Created =
      Dir ? Dir->createdNames() : Expected<std::vector<std::string>>(Dir.takeError());
  if (!Created)
    return 0;
  auto IsCreated = [&](const std::string &Name) { return llvm::is_contained(*Created, Name); };
  std::vector<Cached> Tuners;
  std::error_code Error;
  for (llvm::sys::fs::directory_iterator It(CacheDir, Error), End; It != End && !Error;
       It.increment(Error)) {
    const std::string Name = llvm::sys::path::filename(It->path()).str();
    // Only what buildTuner names: "tuner-" and 16 hex digits.
    if (Name.size() != 22 || !llvm::StringRef(Name).startswith("tuner-") ||
        !llvm::all_of(llvm::StringRef(Name).drop_front(6), llvm::isHexDigit) || !IsCreated(Name))
      continue;
    // The entry itself: a link put in its place is no tuner of atfc's.
    struct stat Status;
    if (::fstatat(Dir->fd(), Name.c_str(), &Status, AT_SYMLINK_NOFOLLOW) != 0 ||
        !S_ISREG(Status.st_mode))
      continue;
    Tuners.push_back({Name, std::chrono::system_clock::from_time_t(Status.st_mtim.tv_sec) +
                                std::chrono::nanoseconds(Status.st_mtim.tv_nsec)});
  }
  if (Tuners.size() <= Keep)
    return 0;
  std::sort(Tuners.begin(), Tuners.end(),
            [](const Cached &A, const Cached &B) { return A.Used > B.Used; });
  std::size_t Removed = 0;
  for (std::size_t I = Keep; I < Tuners.size(); ++I) {
    // A tuner another atfc (or the user) is running stays, with its files.
    if (!removeUnlessInUse(Dir->fd(), Tuners[I].Path))
      continue;
    ++Removed;
    for (const char *Suffix : {".cpp", ".command", ".sha256"})
      if (IsCreated(Tuners[I].Path + Suffix))
        ::unlinkat(Dir->fd(), (Tuners[I].Path + Suffix).c_str(), 0);
  }
  return Removed;
}

} // namespace atfc
