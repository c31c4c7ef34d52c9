//===- tools/atfc/TunerPipeline.cpp - File to running tuner ---------------===//
#include "TunerPipeline.h"

#include "MeasuredFiles.h"

#include "Directives/TunerBuild.h"
#include "runtime/OutputLock.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <tuple>
#include <unistd.h>

namespace atfc {

std::optional<FrontendResult> analyzeFile(const std::string &File) {
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  if (!Buffer) {
    llvm::errs() << "atfc: error: cannot read '" << File << "': " << Buffer.getError().message()
                 << '\n';
    return std::nullopt;
  }
  FrontendResult Result = runFrontend(File, (*Buffer)->getBuffer().str());
  for (const AnalysisDiagnostic &D : Result.Diagnostics)
    printDiagnostic(llvm::errs(), D, Result.Source);
  if (Result.hasErrors())
    return std::nullopt;
  return Result;
}

std::optional<std::string> emitTunerProgram(const FrontendResult &File,
                                            const EmitOptions &Options) {
  EmittedTuner Tuner = emitTuner(File, Options);
  for (const AnalysisDiagnostic &D : Tuner.Errors)
    printDiagnostic(llvm::errs(), D, File.Source);
  if (!Tuner.Errors.empty())
    return std::nullopt;
  return std::move(Tuner.Source);
}

std::optional<std::string> buildTunerOf(const FrontendResult &File, const EmitOptions &Options,
                                        const std::string &CacheDir) {
  std::optional<std::string> Program = emitTunerProgram(File, Options);
  if (!Program)
    return std::nullopt;
  TunerBuild Build = buildTuner(*Program, CacheDir);
  if (!Build.Succeeded) {
    llvm::errs() << "atfc: error: the tuner of '" << File.FileName << "' did not compile:\n"
                 << Build.Log;
    return std::nullopt;
  }
  return Build.Binary;
}

std::optional<std::string> buildTunerOf(const std::string &File, const EmitOptions &Options) {
  std::optional<FrontendResult> Result = analyzeFile(File);
  if (!Result)
    return std::nullopt;
  return buildTunerOf(*Result, Options, File + ".atf");
}

namespace {
// A handler, not SIG_IGN: the tuner inherits ignored signals across exec,
// but a handler is reset to the default there.
extern "C" void waitForTuner(int) {}
} // namespace

int runTunerProcess(const std::string &Binary, const std::vector<std::string> &Args) {
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  struct sigaction Wait = {}, OldInt = {}, OldTerm = {};
  Wait.sa_handler = waitForTuner;
  sigemptyset(&Wait.sa_mask);
  sigaction(SIGINT, &Wait, &OldInt);
  sigaction(SIGTERM, &Wait, &OldTerm);
  // The tuner ends when atfc does (runtime/OutputLock.h).
  setenv(kParentPidVariable, std::to_string(getpid()).c_str(), 1);
  std::string Error;
  const int Status = llvm::sys::ExecuteAndWait(Binary, Refs, llvm::None, {}, 0, 0, &Error);
  sigaction(SIGINT, &OldInt, nullptr);
  sigaction(SIGTERM, &OldTerm, nullptr);
  if (Status < 0) {
    llvm::errs() << "atfc: error: the tuner '" << Binary << "' failed: " << Error << '\n';
    return 1;
  }
  return Status;
}

std::vector<WisdomInput> positionalInputsOf(const FrontendResult &File) {
  std::vector<WisdomInput> Inputs;
  for (std::size_t I = 0; I < File.Spec.Inputs.size(); ++I) {
    const InputVariable &Input = File.Spec.Inputs[I];
    if (Input.Kind == InputKind::Positional)
      Inputs.push_back({Input.Name.Name,
                        I < File.Analysis.Inputs.size() ? File.Analysis.Inputs[I].TypeName : "",
                        Input.ArgumentIndex});
  }
  return Inputs;
}

std::optional<PreparedTuner> prepareTuner(const std::string &File, const EmitOptions &Emit,
                                          const std::string &Output) {
  std::optional<FrontendResult> Result = analyzeFile(File);
  if (!Result)
    return std::nullopt;
  // The tuner is cached in the output directory too, so that a build
  // system's --output in its build tree leaves the source tree untouched.
  std::optional<std::string> Tuner = buildTunerOf(*Result, Emit, Output);
  if (!Tuner)
    return std::nullopt;

  if (std::error_code EC = llvm::sys::fs::create_directories(Output)) {
    llvm::errs() << "atfc: error: cannot create '" << Output << "': " << EC.message() << '\n';
    return std::nullopt;
  }
  const std::string BlankedText = blankDirectives(Result->Source, Result->Scan.Directives);
  std::optional<MeasuredFiles> Measured = measuredFilesOf(*Result, BlankedText);
  if (!Measured)
    return std::nullopt;
  const std::string Blanked = Output + "/blanked-source";
  std::error_code EC;
  llvm::raw_fd_ostream OS(Blanked, EC);
  if (!EC)
    OS << BlankedText;
  OS.close();
  if (EC || OS.has_error()) {
    llvm::errs() << "atfc: error: cannot write '" << Blanked
                 << "': " << (EC ? EC : OS.error()).message() << '\n';
    return std::nullopt;
  }
  PreparedTuner Prepared{*Tuner, Blanked, Measured->Key, positionalInputsOf(*Result), {}};
  if (!Emit.Fixed.empty()) {
    EmitOptions Whole = Emit;
    Whole.Fixed.clear();
    std::optional<std::string> Program = emitTunerProgram(*Result, Whole);
    if (!Program)
      return std::nullopt;
    Prepared.SpaceIdentity = tunerNameOf(*Program);
  }
  return Prepared;
}

} // namespace atfc
