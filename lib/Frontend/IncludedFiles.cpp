//===- Frontend/IncludedFiles.cpp - What a C-family file includes -------===//
//
// One preprocessor-only Clang run over the blanked source, at the file's own
// path so that quoted includes resolve beside it. Diagnostics are dropped:
// a header that is not found is the measurement's business, not the key's.
//
//===----------------------------------------------------------------------===//
#include "Frontend/IncludedFiles.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

#ifndef ATF_CLANG_RESOURCE_DIR
#error "ATF_CLANG_RESOURCE_DIR must name the resource directory of Clang 14"
#endif

namespace atfc {
namespace {

/// Records each file the preprocessor enters that is not a system header.
class IncludeRecorder : public clang::PPCallbacks {
public:
  IncludeRecorder(const clang::SourceManager &SM, std::set<std::string> &Files)
      : SM(SM), Files(Files) {}

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind Kind, clang::FileID) override {
    if (Reason != EnterFile || clang::SrcMgr::isSystem(Kind))
      return;
    const clang::FileID Id = SM.getFileID(Loc);
    if (Id == SM.getMainFileID())
      return;
    if (const clang::FileEntry *Entry = SM.getFileEntryForID(Id))
      Files.insert(Entry->tryGetRealPathName().empty() ? Entry->getName().str()
                                                       : Entry->tryGetRealPathName().str());
  }

private:
  const clang::SourceManager &SM;
  std::set<std::string> &Files;
};

class RecordIncludes : public clang::PreprocessOnlyAction {
public:
  explicit RecordIncludes(std::set<std::string> &Files) : Files(Files) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<IncludeRecorder>(CI.getSourceManager(), Files));
    return true;
  }

private:
  std::set<std::string> &Files;
};

/// Drops every diagnostic.
class IgnoreDiagnostics : public clang::DiagnosticConsumer {};

/// The real file system, but a file that is not a regular one (a FIFO, a
/// device) is looked at without blocking and not opened: an `#include`
/// naming a FIFO once hung `atfc tune` in the open (SIGTERM ignored). Its
/// path is kept, so that the results key refuses it by name.
class RegularFilesOnly : public llvm::vfs::ProxyFileSystem {
public:
  RegularFilesOnly(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Real,
                   std::set<std::string> &Refused)
      : ProxyFileSystem(std::move(Real)), Refused(Refused) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    const std::string Name = Path.str();
    const int Fd = ::open(Name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (Fd >= 0) {
      struct stat Status {};
      const bool Regular = fstat(Fd, &Status) == 0 && S_ISREG(Status.st_mode);
      ::close(Fd);
      if (!Regular) {
        Refused.insert(Name);
        return std::make_error_code(std::errc::invalid_argument);
      }
    }
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  std::set<std::string> &Refused;
};

} // namespace

std::vector<std::string> includedFilesOf(const std::string &FileName, const std::string &Source) {
  llvm::SmallString<256> Path(FileName);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  // The language decides little for includes; C++ reads C, OpenCL C and
  // CUDA's host side alike, and a missing header only ends the walk there.
  const std::vector<std::string> Args = {"-x",
                                         "c++",
                                         "-w",
                                         "-ferror-limit=0",
                                         "-Wno-everything",
                                         "-resource-dir=" ATF_CLANG_RESOURCE_DIR};
  std::vector<std::string> Command = {"atfc-includes"};
  Command.insert(Command.end(), Args.begin(), Args.end());
  Command.push_back(Path.str().str());

  // The blanked text at the file's own path, over the real file system.
  std::set<std::string> Files;
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::makeIntrusiveRefCnt<RegularFilesOnly>(llvm::vfs::getRealFileSystem(), Files));
  auto InMemory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(InMemory);
  InMemory->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Source));
  auto FileManager =
      llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), Overlay);

  IgnoreDiagnostics Ignore;
  clang::tooling::ToolInvocation Invocation(
      std::move(Command), std::make_unique<RecordIncludes>(Files), FileManager.get());
  Invocation.setDiagnosticConsumer(&Ignore);
  Invocation.run();
  return {Files.begin(), Files.end()};
}

} // namespace atfc
