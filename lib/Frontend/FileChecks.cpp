//===- Frontend/FileChecks.cpp - Checks of a whole file -----------------===//
#include "Frontend/FileChecks.h"

#include "Directives/DirectiveLexing.h"
#include "Frontend/IncludedFiles.h"
#include "Frontend/SyntheticUnit.h"
#include "Search/AbortConditionParser.h"
#include "Search/TechniqueExpr.h"
#include "Search/TechniqueFactory.h"
#include "Support/PathInside.h"
#include "Support/Suggestions.h"
#include "System/RegularFiles.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

namespace atfc {

namespace {

class FileChecker {
public:
  explicit FileChecker(FrontendResult &Result) : Result(Result), Spec(Result.Spec) {}

  void run() {
    checkSearchDirectives();
    checkObjectives();
    checkCostFilePlace();
    checkDeviceLimitsInPlainArguments();
    checkConstantTolerances();
    checkOneValueArguments();
    checkReferenceNames();
    checkDependedFiles();
    if (Spec.Parameters.empty())
      error(firstDirective(), "the file declares no tuning parameter, so there is nothing to "
                              "tune; declare one, as in #atf::tp name X range {1, 2, 4}");
    if (Spec.Device.Backend == DeviceBackend::None) {
      if (!Spec.RunScript) // a space alone: atfc space and analyze use it
        warning(firstDirective(),
                "the file says neither how to run a configuration (#atf::run_script) nor which "
                "kernel to measure (#atf::ocl:: or #atf::cuda:: directives): atfc space can use "
                "it, atfc tune cannot; add one of them to tune it");
      return;
    }
    checkDevice();
  }

private:
  /// The arguments that are not C++ the analysis checks (the seed, the
  /// counts, the device's numbers, the check's values) are evaluated before
  /// the device is opened; the device limits are the run's, read only in
  /// ranges, constraints and launch sizes (docs/directives.md).
  void checkDeviceLimitsInPlainArguments() {
    std::vector<const SourceExpr *> Plain;
    for (const std::optional<SourceExpr> *X :
         {&Spec.Seed, &Spec.Timeout, &Spec.Warmups, &Spec.Repetitions, &Spec.Device.Index,
          &Spec.Device.PlatformId, &Spec.Device.DeviceId})
      if (*X)
        Plain.push_back(&**X);
    if (Spec.Check) {
      if (Spec.Check->Tolerance)
        Plain.push_back(&*Spec.Check->Tolerance);
      if (Spec.Check->Relative)
        Plain.push_back(&*Spec.Check->Relative);
      for (const ReferenceValue &V : Spec.Check->Reference)
        Plain.push_back(&V.Value);
    }
    // A derived objective is computed after the measurement, where the
    // tuner keeps no device limits.
    for (const ObjectiveSpec &O : Spec.Objectives)
      if (O.Derived)
        Plain.push_back(&*O.Derived);
    static const char *const Limits[] = {
#define ATF_DEVICE_LIMIT(Backend, Name, Field) #Name,
#include "Language/Language.def"
    };
    for (const SourceExpr *X : Plain)
      for (const char *Name : Limits)
        if (std::optional<std::size_t> At = qualifiedMention(X->Text, Name)) {
          error(X->positionOf(*At), "the device limit '" + std::string(Name) +
                                        "' is known only in ranges, constraints and launch "
                                        "sizes, which the tuner evaluates once the device is "
                                        "open");
          break;
        }
  }

  /// The tuner converts a count, a seed, a tolerance ... as one C++ value,
  /// where `3, 1` is a comma expression worth 1: refused, like every other
  /// word after the value (SyntheticUnit.h has the rest).
  /// So is an input's value, a constraint and a derived objective.
  void checkOneValueArguments() {
    std::vector<std::pair<const SourceExpr *, std::string>> OneValue;
    for (const PlainArgument &Plain :
         plainArguments(Spec, [](std::size_t) { return std::string("long long"); }))
      if (Plain.What != "reference") // split at its commas already
        OneValue.push_back({Plain.Expr, "'" + Plain.What + "'"});
    for (const InputVariable &Input : Spec.Inputs)
      if (Input.Kind == InputKind::Constant)
        OneValue.push_back({&Input.Value, "input '" + Input.Name.Name + "'"});
    for (const TuningParameter &Parameter : Spec.Parameters)
      if (Parameter.Constraint)
        OneValue.push_back({&*Parameter.Constraint, "a constraint"});
    for (const ObjectiveSpec &O : Spec.Objectives)
      if (O.Derived)
        OneValue.push_back({&*O.Derived, "objective \"" + O.Name.Value + "\""});
    for (const auto &[X, What] : OneValue) {
      const llvm::StringRef Text = X->Text;
      const auto Parts = lexing::splitAtCommas(Text, 0, Text.size());
      if (Parts.size() > 1)
        error(X->positionOf(Parts.front().second),
              What + " takes one value; C++ would take only the last of a ',' list");
    }
  }

  /// A tolerance that is a number as written is known now: a negative one
  /// would refuse every element. Others are checked when the tuner has
  /// evaluated them (runtime/TunerMain.cpp).
  void checkConstantTolerances() {
    if (!Spec.Check)
      return;
    for (auto [X, Clause] : {std::pair{&Spec.Check->Tolerance, "tolerance"},
                             std::pair{&Spec.Check->Relative, "relative"}}) {
      if (!*X)
        continue;
      const std::string Text = llvm::StringRef((*X)->Text).trim().str();
      char *End = nullptr;
      const double Value = std::strtod(Text.c_str(), &End);
      if (Text.empty() || End != Text.c_str() + Text.size() || !(Value < 0))
        continue;
      error((*X)->Begin, "the check's " + std::string(Clause) + " " + Text +
                             " is negative; an element passes when |actual - expected| <= "
                             "tolerance + relative * |expected|, so it must be 0 or more");
    }
  }

  /// Where Text names Name after a `::` (blanks between allowed), as a
  /// whole word; none when it does not.
  static std::optional<std::size_t> qualifiedMention(llvm::StringRef Text, llvm::StringRef Name) {
    for (std::size_t At = Text.find(Name); At != llvm::StringRef::npos;
         At = Text.find(Name, At + 1)) {
      const std::size_t End = At + Name.size();
      if (End < Text.size() &&
          (std::isalnum(static_cast<unsigned char>(Text[End])) || Text[End] == '_'))
        continue;
      const llvm::StringRef Before = Text.take_front(At).rtrim();
      if (Before.endswith("::"))
        return At;
    }
    return std::nullopt;
  }

  /// An objective names a column beside the parameters' in the results'
  /// exports. A kernel's cost is its time, which only `min` describes, and
  /// a CUDA kernel's may be its energy too (`objective "energy"`, NVML).
  void checkObjectives() {
    for (const ObjectiveSpec &O : Spec.Objectives)
      if (Spec.findParameter(O.Name.Value))
        error(O.Name.Begin, "the objective \"" + O.Name.Value +
                                "\" has the name of a tuning parameter; the results name a "
                                "column by each, so give it another");
    // The tuner names the first measured cost `time` beside the inputs and
    // parameters that a derived objective reads.
    const auto Derived = std::find_if(Spec.Objectives.begin(), Spec.Objectives.end(),
                                      [](const ObjectiveSpec &O) { return O.Derived; });
    if (Derived != Spec.Objectives.end()) {
      if (const InputVariable *In = Spec.findInput("time"))
        error(In->Name.Position, "a derived objective names the measured time 'time', so no "
                                 "input may have that name; rename the input");
      if (const TuningParameter *P = Spec.findParameter("time"))
        error(P->Name.Position, "a derived objective names the measured time 'time', so no "
                                "parameter may have that name; rename the parameter");
    }
    // Derived objectives are computed from the measured ones; the rules
    // below are those of what is measured.
    std::vector<const ObjectiveSpec *> Measured;
    for (const ObjectiveSpec &O : Spec.Objectives)
      if (!O.Derived)
        Measured.push_back(&O);
    if (Measured.empty())
      return;
    if (Spec.Device.Backend == DeviceBackend::None) {
      // Without a cost file the one cost is the run script's wall time.
      if (Spec.RunScript && !Spec.CostFile) {
        if (Measured.size() > 1)
          error(Measured[1]->Directive,
                "without #atf::cost_file the cost is the run script's wall time, one number; "
                "several objectives need a cost file with one number per objective");
        else if (Measured.front()->Maximise)
          error(Measured.front()->Directive,
                "without #atf::cost_file the cost is the run script's wall time, which is "
                "minimised; write `min`, or have the run script write the objective to a cost "
                "file");
      }
      return;
    }
    const bool Cuda = Spec.Device.Backend == DeviceBackend::CUDA;
    const ObjectiveSpec *Time = nullptr;
    for (const ObjectiveSpec *Each : Measured) {
      const ObjectiveSpec &O = *Each;
      if (O.Name.Value == kEnergyObjective) {
        if (!Cuda)
          error(O.Name.Begin, "energy is measured for CUDA kernels only (with NVML); an OpenCL "
                              "kernel's cost is its time");
        else if (O.Maximise)
          error(O.Directive, "a kernel's energy (joules per launch) is minimised; write `min` "
                             "or nothing after \"energy\"");
        continue;
      }
      if (Time) {
        error(O.Directive,
              Cuda ? "a CUDA kernel is measured by its time and its energy; a second objective "
                     "other than \"energy\" needs a run script that writes several costs to "
                     "its cost file"
                   : "a kernel is measured by one cost, its time; a second objective needs a "
                     "run script that writes several costs to its cost file");
        continue;
      }
      Time = &O;
      if (O.Maximise)
        error(O.Directive, "a kernel's cost is its time, which is minimised; write `min`, or "
                           "measure a throughput with a run script and a cost file");
    }
  }

  void error(SourcePosition Where, std::string Message) {
    Result.Diagnostics.push_back(diagnosticAt(
        Severity::Error, {Result.FileName, Where.Line, Where.Column}, std::move(Message)));
  }

  void warning(SourcePosition Where, std::string Message) {
    Result.Diagnostics.push_back(diagnosticAt(
        Severity::Warning, {Result.FileName, Where.Line, Where.Column}, std::move(Message)));
  }

  /// A cost file outside the configuration's directory may be the user's
  /// (or atfc's own results), so atfc never removes it: each run must
  /// write it anew (Backends/ProcessBackend.cpp), and configurations that
  /// run at once share it. Said here, where the path is written.
  /// A `depends` file that cannot be read, as atfc tune would refuse it
  /// (Driver/MeasuredFiles.cpp) only once it had built the tuner.
  void checkDependedFiles() {
    for (const DependedFile &Depended : dependedFilesOf(Result)) {
      RegularFileProblem Problem;
      if (!RegularFile::open(Depended.Path, "", &Problem))
        error(Depended.Where, unreadableDependedFileMessage(Depended, Problem.Reason));
    }
  }

  void checkCostFilePlace() {
    if (!Spec.CostFile)
      return;
    const std::string &Path = Spec.CostFile->Value;
    // The path is used as written: `$ATF_WORK_DIR/cost` named a file
    // called so, which no run wrote, and every configuration was invalid.
    if (Path.find('$') != std::string::npos || llvm::StringRef(Path).startswith("~")) {
      error(Spec.CostFile->Begin,
            "cost file '" + Path +
                "' is a path, taken as written: no variable or '~' is expanded in it; name "
                "the file relative to the configuration's directory, where the run script "
                "runs (e.g. \"cost.txt\"), or give an absolute path");
      return;
    }
    // Never a regular file: every configuration was invalid ("cost file .
    // is not a regular file").
    // (Its last part: after the last '/', the whole path without one.)
    const llvm::StringRef Last = llvm::StringRef(Path).substr(Path.rfind('/') + 1);
    if (Last.empty() || Last == "." || Last == "..") {
      error(Spec.CostFile->Begin, "cost file '" + Path +
                                      "' names a directory, never the regular file a run "
                                      "writes; name the file (e.g. \"cost.txt\")");
      return;
    }
    if (!staysInside(Path))
      warning(Spec.CostFile->Begin,
              "cost file '" + Path +
                  "' lies outside the configuration's directory, where atfc leaves files as "
                  "they are: each configuration's run must write it anew, and configurations "
                  "that run at once (--ranks) share it; name a file in the run script's "
                  "directory (e.g. \"cost.txt\")");
  }

  /// A reference configuration names parameters: a misspelt one was
  /// ignored, and its parameter took its range's first value unsaid.
  void checkReferenceNames() {
    if (!Spec.Check)
      return;
    std::vector<std::string> Names;
    for (const TuningParameter &P : Spec.Parameters)
      Names.push_back(P.Name.Name);
    for (const ReferenceValue &V : Spec.Check->Reference) {
      if (Spec.findParameter(V.Parameter.Name))
        continue;
      const std::string_view Closest = closestSpelling(V.Parameter.Name, Names);
      error(V.Parameter.Position,
            "'" + V.Parameter.Name + "' in the reference configuration is no tuning parameter" +
                (Closest.empty() ? "; the parameters are " + llvm::join(Names, ", ")
                                 : "; did you mean '" + std::string(Closest) + "'?"));
    }
  }

  SourcePosition firstDirective() const {
    return Result.Scan.Directives.empty() ? SourcePosition{1, 1}
                                          : Result.Scan.Directives.front().Hash;
  }

  /// The first directive of the device backend.
  SourcePosition firstDeviceDirective() const {
    for (const Directive &D : Result.Scan.Directives) {
      llvm::StringRef Text = D.Text;
      if (Text.startswith("ocl::") || Text.startswith("opencl::") || Text.startswith("cuda::"))
        return D.Hash;
    }
    return firstDirective();
  }

  /// The check's `buffers` name inputs that exist and are buffers: what
  /// `tune` refuses, `check` refuses (issue 44: `buffers 99` with two
  /// inputs passed `check` and failed in `tune` without a place).
  void checkCheckedBuffers() {
    if (!Spec.Check)
      return;
    const std::vector<KernelInput> &Inputs = Spec.Device.Inputs;
    for (unsigned Number : Spec.Check->Buffers) {
      if (Number == 0 || Number > Inputs.size()) {
        error(Spec.Check->Directive, "the check's buffers name input " + std::to_string(Number) +
                                         ", but the kernel has " + std::to_string(Inputs.size()) +
                                         " input(s); number them from 1 in the order of the "
                                         "input directives");
        return;
      }
      if (Inputs[Number - 1].Kind != KernelInputKind::Buffer) {
        error(Spec.Check->Directive, "the check's buffers name input " + std::to_string(Number) +
                                         ", " + Inputs[Number - 1].Expr.Text +
                                         "; only buffers can be checked");
        return;
      }
    }
  }

  void checkDevice() {
    checkCheckedBuffers();
    const DeviceSpec &D = Spec.Device;
    const bool OpenCL = D.Backend == DeviceBackend::OpenCL;
    const std::string Prefix = OpenCL ? "#atf::ocl::" : "#atf::cuda::";
    const SourcePosition At = D.KernelName ? D.KernelName->Position : firstDeviceDirective();
    const std::vector<SourceExpr> &Outer = OpenCL ? D.GlobalSize : D.GridDim;
    const std::vector<SourceExpr> &Inner = OpenCL ? D.LocalSize : D.BlockDim;
    const char *OuterName = OpenCL ? "global_size" : "grid_dim";
    const char *InnerName = OpenCL ? "local_size" : "block_dim";
    if (Outer.empty())
      error(At, "the kernel is launched with no " + std::string(OuterName) + "; add " + Prefix +
                    OuterName + (OpenCL ? " N (the number of work-items)" : " (the grid)"));
    if (!OpenCL && Inner.empty())
      error(At, "the kernel is launched with no block_dim; add #atf::cuda::block_dim (the "
                "threads of a block)");
    if (!Outer.empty() && !Inner.empty() && Outer.size() != Inner.size())
      error(Inner.front().Begin, std::string(InnerName) + " has " + std::to_string(Inner.size()) +
                                     " dimension(s) but " + OuterName + " has " +
                                     std::to_string(Outer.size()) + "; give both the same number");
    const std::vector<KernelSignature> Kernels = kernelsDefinedIn(Result.Source);
    const KernelSignature *Measured = nullptr;
    if (D.KernelName) {
      for (const KernelSignature &K : Kernels)
        if (K.Name == D.KernelName->Name)
          Measured = &K;
      // Every configuration would fail to build (CL_INVALID_KERNEL_NAME).
      if (!Measured && !isDefinedInIncludes(D.KernelName->Name))
        error(D.KernelName->Position, "no kernel " + atfc::quoted(D.KernelName->Name) + " in " +
                                          Result.FileName + "; " + kernelList(Kernels));
    } else if (Kernels.size() == 1) {
      Measured = &Kernels.front();
      Spec.Device.KernelName = Identifier{Measured->Name, At};
    } else {
      error(At, Kernels.empty()
                    ? "the file names no kernel to measure and defines none; add " + Prefix +
                          "kernel_name NAME"
                    : "the file defines " + std::to_string(Kernels.size()) +
                          " kernels; say which one to measure with " + Prefix + "kernel_name NAME");
      return;
    }
    // Every configuration would fail to launch (CL_INVALID_KERNEL_ARGS).
    if (Measured && Measured->Parameters != D.Inputs.size())
      error(D.Inputs.empty() ? At : D.Inputs.front().Expr.Begin,
            "kernel '" + Measured->Name + "' takes " + std::to_string(Measured->Parameters) +
                " parameter(s) but the file gives " + std::to_string(D.Inputs.size()) + " (" +
                Prefix + "input directives, one per parameter in order)");
  }

  /// "it defines 'a' and 'b'", "it defines none".
  static std::string kernelList(const std::vector<KernelSignature> &Kernels) {
    std::vector<std::string> Names;
    for (const KernelSignature &K : Kernels)
      Names.push_back(atfc::quoted(K.Name));
    return Kernels.empty() ? "it defines no kernel (__kernel, kernel or __global__ function)"
                           : "it defines " + llvm::join(Names, ", ");
  }

  /// Whether a header that the file includes defines kernel Name.
  bool isDefinedInIncludes(const std::string &Name) const {
    const std::string Blanked = blankDirectives(Result.Source, Result.Scan.Directives);
    for (const std::string &Included : includedFilesOf(Result.FileName, Blanked)) {
      Expected<std::string> Text = readRegularFile(Included);
      if (!Text)
        continue;
      for (const KernelSignature &K : kernelsDefinedIn(*Text))
        if (K.Name == Name)
          return true;
    }
    return false;
  }

  /// The search technique and the abort condition are not C++: lib/Search
  /// parses them (the tuner does so again at run time, for overrides too).
  /// Their errors join the frontend's, at the position inside the directive.
  void checkSearchDirectives() {
    auto Report = [&](const SourceExpr &X, const Error &E) {
      error(X.positionOf(textOffset(E)), E.message());
    };
    if (const std::optional<SourceExpr> &X = Spec.SearchTechnique) {
      if (Expected<std::unique_ptr<SearchTechnique>> Made = makeTechnique(X->Text); !Made)
        Report(*X, Made.error());
    }
    if (const std::optional<SourceExpr> &X = Spec.AbortCondition)
      if (Expected<AbortCondition> Parsed = parseAbortCondition(X->Text); !Parsed)
        Report(*X, Parsed.error());
  }

  FrontendResult &Result;
  TuningSpec &Spec;
};

} // namespace

std::vector<KernelSignature> kernelsDefinedIn(llvm::StringRef Source) {
  std::string Buffer(Source); // the lexer needs a NUL after the end
  clang::LangOptions Opts;
  Opts.LineComment = 1;
  Opts.CPlusPlus = 1;
  Opts.CPlusPlus11 = 1;
  clang::Lexer Lex(clang::SourceLocation{}, Opts, Buffer.data(), Buffer.data(),
                   Buffer.data() + Buffer.size());
  std::vector<KernelSignature> Kernels;
  // After a kernel qualifier: the last identifier before `(` is the name;
  // attributes (`__attribute__((...))`, `__launch_bounds__(...)`) are
  // skipped. Then the parameters: top-level commas, `()` and `(void)` none.
  enum { Outside, Qualified, Attribute, Parameters } State = Outside;
  unsigned Depth = 0;
  KernelSignature Current;
  bool Empty = true, OnlyVoid = false;
  clang::Token Tok;
  for (Lex.LexFromRawLexer(Tok); Tok.isNot(clang::tok::eof); Lex.LexFromRawLexer(Tok)) {
    const bool Open =
        Tok.is(clang::tok::l_paren) || Tok.is(clang::tok::l_square) || Tok.is(clang::tok::l_brace);
    const bool Close =
        Tok.is(clang::tok::r_paren) || Tok.is(clang::tok::r_square) || Tok.is(clang::tok::r_brace);
    const llvm::StringRef Word =
        Tok.is(clang::tok::raw_identifier) ? Tok.getRawIdentifier() : llvm::StringRef();
    switch (State) {
    case Outside:
      if (Word == "__kernel" || Word == "kernel" || Word == "__global__") {
        State = Qualified;
        Current = {};
      }
      break;
    case Attribute:
      if (Open)
        ++Depth;
      else if (Close && Depth > 0 && --Depth == 0)
        State = Qualified;
      break;
    case Qualified:
      if (Word == "__attribute__" || Word == "__launch_bounds__") {
        State = Attribute;
        Depth = 0;
      } else if (!Word.empty()) {
        Current.Name = Word.str();
      } else if (Tok.is(clang::tok::l_paren) && !Current.Name.empty()) {
        State = Parameters;
        Depth = 1;
        Empty = true;
        OnlyVoid = false;
        Current.Parameters = 1;
      } else if (!Tok.isOneOf(clang::tok::star, clang::tok::amp, clang::tok::less,
                              clang::tok::greater, clang::tok::coloncolon)) {
        State = Outside;
      }
      break;
    case Parameters:
      if (Open) {
        ++Depth;
      } else if (Close && --Depth == 0) {
        if (Empty || OnlyVoid)
          Current.Parameters = 0;
        if (std::none_of(Kernels.begin(), Kernels.end(),
                         [&](const KernelSignature &K) { return K.Name == Current.Name; }))
          Kernels.push_back(Current);
        State = Outside;
        break;
      } else if (Tok.is(clang::tok::comma) && Depth == 1) {
        ++Current.Parameters;
      }
      OnlyVoid = Empty && Word == "void";
      Empty = false;
      break;
    }
  }
  return Kernels;
}

namespace fs = std::filesystem;

std::vector<DependedFile> dependedFilesOf(const FrontendResult &Result) {
  std::error_code EC;
  const fs::path Directory =
      fs::absolute(fs::path(Result.FileName), EC).lexically_normal().parent_path();
  std::vector<DependedFile> Files;
  for (const StringArgument &Depends : Result.Spec.Depends) {
    fs::path Path(Depends.Value);
    if (Path.is_relative())
      Path = Directory / Path;
    Files.push_back({Path.lexically_normal().string(), Depends.Value, Depends.Begin});
  }
  return Files;
}

std::string unreadableDependedFileMessage(const DependedFile &File, const std::string &Reason) {
  return "cannot read '" + File.Written + "', which the results depend on: " + Reason;
}

void checkWholeFile(FrontendResult &Result) { FileChecker(Result).run(); }

} // namespace atfc
