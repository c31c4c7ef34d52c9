//===- Directives/TunerBuild.cpp - Compiling the tuner program ------------===//
//
// The toolchain is that of the build tree atfc was built in, or, for an
// installed atfc (PREFIX/bin/atfc), the libraries, headers and precompiled
// header installed under PREFIX: found relative to the executable, so that
// an installed tree can be moved as a whole.
//
//===----------------------------------------------------------------------===//
#include "Directives/TunerBuild.h"
#include "Directives/TunerIntegrity.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <vector>

// ATF_TUNER_COMPILER, ATF_TUNER_FLAGS, ATF_TUNER_LINK_FLAGS, ATF_TUNER_INCLUDES,
// ATF_TUNER_LIBRARIES, and the installed ATF_TUNER_INSTALL_INCLUDES and
// ATF_TUNER_INSTALL_LIBRARIES (paths relative to the prefix):
// semicolon-separated lists written by CMake (cmake/AtfcTunerToolchain.cmake).
#include "TunerToolchain.inc"

namespace atfc {

namespace {
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

TunerBuild buildTuner(llvm::StringRef Source, llvm::StringRef CacheDir) {
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
  const std::string Name = tunerFileName(llvm::xxHash64(Key));

  if (std::error_code Error = llvm::sys::fs::create_directories(
          CacheDir, /*IgnoreExisting=*/true, llvm::sys::fs::owner_all)) { // private (0700)
    Build.Log = "cannot create '" + CacheDir.str() + "': " + Error.message();
    return Finish();
  }
  llvm::SmallString<256> Binary(CacheDir);
  llvm::sys::path::append(Binary, Name);
  Build.Binary = std::string(Binary);
  // Only the binary atfc built and recorded (TunerIntegrity.h); anything
  // else of that name is built over.
  if (llvm::sys::fs::can_execute(Binary) && tunerMatchesRecord(Build.Binary)) {
    Build.Succeeded = Build.Cached = true;
    return Finish();
  }

  const std::string Program = Build.Binary + ".cpp", Partial = Build.Binary + ".partial";
  const std::string Log = Build.Binary + ".log";
  {
    // Each file made here is made afresh: a link planted under its name is
    // removed, never followed out of the directory (runtime/SafeFiles.h).
    for (const std::string &Stale : {Program, Partial, Log, Build.Binary + ".command"})
      llvm::sys::fs::remove(Stale);
    std::error_code Error;
    llvm::raw_fd_ostream OS(Program, Error, llvm::sys::fs::CD_CreateNew);
    if (!Error)
      OS << Source;
    OS.close();
    if (Error || OS.has_error()) {
      Build.Log = "cannot write '" + Program + "': " + (Error ? Error : OS.error()).message();
      // Cleared, or the stream's destructor ends atfc with "LLVM ERROR: IO
      // failure" (a read-only output directory).
      OS.clear_error();
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
  const llvm::Optional<llvm::StringRef> Redirects[] = {llvm::None, llvm::StringRef(Log),
                                                       llvm::StringRef(Log)};
  const int Status =
      llvm::sys::ExecuteAndWait(Args.front(), Args, llvm::None, Redirects, 0, 0, &ErrorMessage);
  if (Status != 0) {
    auto Output = llvm::MemoryBuffer::getFile(Log);
    Build.Log = (Output ? (*Output)->getBuffer().str() : std::string()) + ErrorMessage;
    llvm::sys::fs::remove(Partial);
    return Finish();
  }
  // Renamed only when complete, so that a cached binary is never partial.
  if (std::error_code Error = llvm::sys::fs::rename(Partial, Build.Binary)) {
    Build.Log = "cannot rename '" + Partial + "': " + Error.message();
    return Finish();
  }
  if (!recordTunerDigest(Build.Binary)) {
    Build.Log =
        "cannot record the digest of '" + Build.Binary + "' in '" + Build.Binary + ".sha256'";
    return Finish();
  }
  llvm::sys::fs::remove(Log);
  // The command beside the tuner, for whoever wonders how it was built
  // (and which toolchain, build tree or installed, it was built with).
  {
    std::error_code Error;
    llvm::raw_fd_ostream OS(Build.Binary + ".command", Error, llvm::sys::fs::CD_CreateNew);
    for (std::size_t I = 0; I < Args.size() && !Error; ++I)
      OS << (I ? " " : "") << Args[I];
    OS << '\n';
    OS.close();
    OS.clear_error(); // only informative: a failure to write it is no error
  }
  Build.Succeeded = true;
  return Finish();
}

} // namespace atfc
