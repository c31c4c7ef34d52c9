//===- Frontend/ClangUnitParser.cpp - Parse the unit with Clang -*- C++ -*-===//
//
// One buildASTFromCodeWithArgs call per file, with a DiagnosticConsumer that
// records each diagnostic instead of printing it.
//
//===----------------------------------------------------------------------===//
#include "Frontend/ClangUnitParser.h"
#include "Frontend/ExpressionSize.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"

#include "llvm/ADT/SmallString.h"

#ifndef ATF_CLANG_RESOURCE_DIR
#error "ATF_CLANG_RESOURCE_DIR must name the resource directory of Clang 14"
#endif

namespace atfc {

namespace {

/// Keeps every diagnostic of Clang as a ClangMessage.
class DiagnosticCollector : public clang::DiagnosticConsumer {
public:
  explicit DiagnosticCollector(std::vector<ClangMessage> &Out) : Out(Out) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    ClangMessage D;
    D.Level = Level;
    D.ID = Info.getID();
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    D.Message = Message.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const clang::SourceManager &SM = Info.getSourceManager();
      const clang::SourceLocation Loc = SM.getFileLoc(Info.getLocation());
      const std::pair<clang::FileID, unsigned> Decomposed = SM.getDecomposedLoc(Loc);
      if (Decomposed.first == SM.getMainFileID())
        D.Offset = Decomposed.second;
    }
    Out.push_back(std::move(D));
  }

private:
  std::vector<ClangMessage> &Out;
};

} // namespace

ParsedUnit parseSyntheticUnit(const SyntheticUnit &Unit) {
  ParsedUnit Result;
  DiagnosticCollector Collector(Result.Messages);
  // A set of N values that is not cut into chunks is a fold over N
  // arguments, and its common type N nested instantiations: the default
  // limits (256 and 1024) refused sets of 257 values with "internal error".
  // The analysis runs on a large stack (ExpressionSize.h), which holds sets
  // of kMaxUnchunkedSetValues.
  const std::vector<std::string> Args = {
      "-std=c++20",
      "-w",
      "-ferror-limit=0",
      "-fno-color-diagnostics",
      "-fbracket-depth=" + std::to_string(kMaxUnchunkedSetValues + 16),
      "-ftemplate-depth=" + std::to_string(kMaxUnchunkedSetValues + 1024),
      "-resource-dir=" ATF_CLANG_RESOURCE_DIR};
  Result.AST = clang::tooling::buildASTFromCodeWithArgs(
      Unit.Text, Args, Unit.UnitName, "atfc", std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), clang::tooling::FileContentMappings(),
      &Collector);
  return Result;
}

} // namespace atfc
