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
#include <set>

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
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  auto InMemory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(InMemory);
  InMemory->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Source));
  auto FileManager =
      llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), Overlay);

  std::set<std::string> Files;
  IgnoreDiagnostics Ignore;
  clang::tooling::ToolInvocation Invocation(
      std::move(Command), std::make_unique<RecordIncludes>(Files), FileManager.get());
  Invocation.setDiagnosticConsumer(&Ignore);
  Invocation.run();
  return {Files.begin(), Files.end()};
}

} // namespace atfc
