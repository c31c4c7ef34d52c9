//===- Driver/TunerPipeline.cpp - File to running tuner -------------------===//
#include "Driver/TunerPipeline.h"

#include "Driver/MeasuredFiles.h"

#include "Driver/TunerBuild.h"
#include "Support/Diagnostic.h"
#include "System/Interruption.h"
#include "System/OutputDirectory.h"
#include "System/OutputLock.h"
#include "System/RegularFiles.h"
#include "System/SafeFiles.h"
#include "System/SlowStepNotice.h"
#include "Wisdom/SelectionConstraints.h"

#include "llvm/Support/FileSystem.h"
#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <tuple>

namespace atfc {

std::optional<FrontendResult> analyzeFile(const std::string &File, DiagnosticSink &Diags) {
  Expected<std::string> Text = readRegularFile(File, kMaxSourceFileBytes);
  if (!Text) {
    Diags.report(Text.takeError().diagnostic());
    return std::nullopt;
  }
  FrontendResult Result = runFrontend(File, std::move(*Text));
  reportDiagnostics(Diags, Result);
  if (Result.hasErrors())
    return std::nullopt;
  // A constraint's literal that C cannot hold would make a selection
  // header that does not compile: refused here, so that `check` refuses
  // what `tune` would (SelectionConstraints.h).
  bool Unholdable = false;
  Diags.setSource(Result.FileName, Result.Source);
  for (const AnalyzedParameter &P : Result.Analysis.Parameters)
    for (const ConstraintConjunct &J : P.Conjuncts) {
      if (J.Shape == ConjunctShape::Predicate && J.Form != PredicateForm::Condition)
        continue; // a lambda: C++ the header does not hold
      if (std::optional<UnholdableLiteral> Bad = unholdableLiteral(J.Expr.Text)) {
        const SourcePosition At = J.Expr.positionOf(Bad->Offset);
        Diags.error({Result.FileName, At.Line, At.Column},
                    Bad->Why + ": the selection header cannot hold it");
        Unholdable = true;
      }
    }
  if (Unholdable)
    return std::nullopt;
  return Result;
}

std::optional<std::string> emitTunerProgram(const FrontendResult &File, DiagnosticSink &Diags,
                                            const EmitOptions &Options) {
  EmittedTuner Tuner = emitTuner(File, Options);
  Diags.setSource(File.FileName, File.Source);
  Diags.report(Tuner.Errors);
  if (!Tuner.Errors.empty())
    return std::nullopt;
  return std::move(Tuner.Source);
}

int failedBuildStatus() { return Interruption::pending() ? 128 + Interruption::pending() : 1; }

std::optional<std::string> buildTunerOf(const FrontendResult &File, const EmitOptions &Options,
                                        const std::string &CacheDir, DiagnosticSink &Diags,
                                        std::ostream &Log) {
  std::optional<std::string> Program = emitTunerProgram(File, Diags, Options);
  if (!Program)
    return std::nullopt;
  TunerBuild Build = [&] {
    const SlowStepNotice Notice("atfc: compiling the tuner of '" + File.FileName + "'");
    return buildTuner(*Program, CacheDir, userTunerCache());
  }();
  if (!Build.Refused.empty()) {
    Diags.error(Build.Refused);
    return std::nullopt;
  }
  if (Build.Interrupted) {
    Log << File.FileName << ": interrupted while building the tuner\n";
    return std::nullopt;
  }
  if (!Build.Succeeded) {
    // The compiler's own lines follow, in the compiler's format.
    Diags.error("the tuner of " + atfc::quoted(File.FileName) + " did not compile");
    Log << Build.Log;
    return std::nullopt;
  }
  return Build.Binary;
}

std::optional<std::string> buildTunerOf(const std::string &File, DiagnosticSink &Diags,
                                        std::ostream &Log, const EmitOptions &Options) {
  std::optional<FrontendResult> Result = analyzeFile(File, Diags);
  if (!Result)
    return std::nullopt;
  return buildTunerOf(*Result, Options, File + ".atf", Diags, Log);
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

std::vector<WisdomConstraint> parameterConstraintsOf(const FrontendResult &File) {
  std::vector<WisdomConstraint> Constraints;
  for (std::size_t P = 0; P < File.Spec.Parameters.size(); ++P) {
    WisdomConstraint C{File.Spec.Parameters[P].Name.Name, {}, {}};
    if (P < File.Analysis.Parameters.size()) {
      C.Type = File.Analysis.Parameters[P].TypeName;
      for (const ConstraintConjunct &J : File.Analysis.Parameters[P].Conjuncts) {
        std::string Shape(conjunctShapeName(J.Shape));
        if (J.Shape == ConjunctShape::Predicate)
          Shape = J.Form == PredicateForm::Condition  ? "condition"
                  : J.Form == PredicateForm::Callable ? "callable"
                                                      : "object";
        C.Conjuncts.push_back({Shape, J.Expr.Text, !J.Names.DeviceLimits.empty()});
      }
    }
    Constraints.push_back(std::move(C));
  }
  return Constraints;
}

Expected<OutputDirectory> openOutputDirectory(const std::string &File, const std::string &Output) {
  Expected<OutputDirectory> Dir = OutputDirectory::open(Output, /*Create=*/true);
  if (Dir && Dir->holds(File))
    return Error("the output directory " + atfc::quoted(Output) + " holds the source file " +
                 atfc::quoted(File) + ": choose another -o");
  return Dir;
}

std::optional<PreparedTuner> prepareTuner(const FrontendResult &Result, const EmitOptions &Emit,
                                          const std::string &Output, DiagnosticSink &Diags,
                                          std::ostream &Log) {
  const std::string &File = Result.FileName;
  // The output directory is the user's, private when atfc creates it, and
  // holds nothing atfc did not create that it writes (OutputDirectory.h).
  Expected<OutputDirectory> Dir = openOutputDirectory(File, Output);
  Expected<void> Claimed = Dir ? Dir->claim("blanked-source") : Dir.takeError();
  if (!Claimed) {
    Diags.report(Claimed.error().diagnostic());
    return std::nullopt;
  }
  // The tuner is cached in the output directory too, so that a build
  // system's --output in its build tree leaves the source tree untouched.
  std::optional<std::string> Tuner = buildTunerOf(Result, Emit, Output, Diags, Log);
  if (!Tuner)
    return std::nullopt;

  const std::string BlankedText = blankDirectives(Result.Source, Result.Scan.Directives);
  std::optional<MeasuredFiles> Measured = measuredFilesOf(Result, BlankedText, Diags);
  if (!Measured)
    return std::nullopt;
  const std::string Blanked = Dir->pathOf("blanked-source");
  if (Expected<void> Written = Dir->writeFile("blanked-source", BlankedText); !Written) {
    Diags.report(Written.error().diagnostic());
    return std::nullopt;
  }
  PreparedTuner Prepared{*Tuner,
                         Blanked,
                         Measured->Key,
                         Measured->AbsolutePaths,
                         Measured->Variables,
                         positionalInputsOf(Result),
                         {},
                         parameterConstraintsOf(Result)};
  // The results key names the tuner of the whole space (a --fix run
  // measures its sub-space alike), without how it searches: a technique,
  // abort condition or seed changes no measurement, so editing one in the
  // file reuses every result, as --technique does.
  EmitOptions Keyed = Emit;
  Keyed.Fixed.clear();
  Keyed.WithoutSearch = true;
  std::optional<std::string> Program = emitTunerProgram(Result, Diags, Keyed);
  if (!Program)
    return std::nullopt;
  Prepared.SpaceIdentity = tunerNameOf(*Program);
  return Prepared;
}

} // namespace atfc
