//===- Directives/TunerBuild.cpp - Compiling the tuner program ------------===//
#include "Directives/TunerBuild.h"

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
// ATF_TUNER_LIBRARIES: semicolon-separated lists written by CMake
// (cmake/AtfcTunerToolchain.cmake).
#include "TunerToolchain.inc"

namespace atfc {

namespace {
std::vector<std::string> splitList(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  List.split(Parts, ';', -1, /*KeepEmpty=*/false);
  return {Parts.begin(), Parts.end()};
}

/// The compiler's command line, output and input left out.
std::vector<std::string> compileCommand() {
  std::vector<std::string> Command = {ATF_TUNER_COMPILER};
  for (const std::string &Flag : splitList(ATF_TUNER_FLAGS))
    Command.push_back(Flag);
  for (const std::string &Dir : splitList(ATF_TUNER_INCLUDES))
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

TunerBuild buildTuner(llvm::StringRef Source, llvm::StringRef CacheDir) {
  const auto Start = std::chrono::steady_clock::now();
  TunerBuild Build;
  auto Finish = [&] {
    Build.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    return Build;
  };

  const std::vector<std::string> Command = compileCommand();
  const std::vector<std::string> Libraries = splitList(ATF_TUNER_LIBRARIES);
  const std::vector<std::string> LinkFlags = splitList(ATF_TUNER_LINK_FLAGS);
  // The compiler's own stamp (stat follows its symlinks) stands for its
  // version, so that an upgraded compiler builds afresh.
  std::string Key = Source.str() + '\n' + fileStamp(ATF_TUNER_COMPILER);
  for (const std::string &Part : Command)
    Key += '\n' + Part;
  for (const std::string &Flag : LinkFlags)
    Key += '\n' + Flag;
  for (const std::string &Library : Libraries)
    Key += '\n' + fileStamp(Library);
  const std::string Hash = llvm::utohexstr(llvm::xxHash64(Key), /*LowerCase=*/true);

  if (std::error_code Error = llvm::sys::fs::create_directories(CacheDir)) {
    Build.Log = "cannot create '" + CacheDir.str() + "': " + Error.message();
    return Finish();
  }
  llvm::SmallString<256> Binary(CacheDir);
  llvm::sys::path::append(Binary, "tuner-" + Hash);
  Build.Binary = std::string(Binary);
  if (llvm::sys::fs::can_execute(Binary)) {
    Build.Succeeded = Build.Cached = true;
    return Finish();
  }

  const std::string Program = Build.Binary + ".cpp", Partial = Build.Binary + ".partial";
  const std::string Log = Build.Binary + ".log";
  {
    std::error_code Error;
    llvm::raw_fd_ostream OS(Program, Error);
    if (!Error)
      OS << Source;
    if (Error || OS.has_error()) {
      Build.Log = "cannot write '" + Program + "'";
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
  llvm::sys::fs::remove(Log);
  Build.Succeeded = true;
  return Finish();
}

} // namespace atfc
