//===- CodeGen/TunerEmitter.cpp - Writing the tuner program ------------===//
//
// Names in the user's expressions are made available as C++ names of the
// same spelling (the program's own names all look like atf_name_): inputs are constants of main(),
// and a constraint's lambda binds each parameter it names to its slot of the path (the tuple of the
// group's values, in generation order). The user's text is pasted as it was
// written; `atf::` resolves through a namespace alias, and the unprefixed
// library names through a using-directive. Device limits are the one
// exception: they are the run's, not the program's, so each reference the
// analysis found (`atf::ocl::max_wg_size`, however spelled) becomes a read
// of the DeviceLimits that the runtime hands to the function that generates
// the space (`atf_limits_.MaxWorkGroupSize`) and to the launch sizes, and a
// user's lambda around one that captures nothing by default captures them.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/TunerEmitter.h"

#include "Directives/DirectiveLexing.h"
#include "Frontend/SyntheticUnit.h"
#include "Language/ConstraintCode.h"
#include "Support/CStringLiteral.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <map>
#include <set>

namespace atfc {
namespace {

/// The tuner's name of the run's DeviceLimits, in the functions that see it.
constexpr llvm::StringLiteral LimitsName = "atf_limits_";

/// The most values of a set that the tuner checks one by one (exactSet, a
/// function of as many arguments): sets of inputs' values are small, and
/// the constants of larger ones are checked before (SpecAnalysis.cpp).
constexpr std::size_t kExactSetValues = 64;

/// The DeviceLimits member (Backends/DeviceLimits.h) that device limit
/// Limit ("ocl::max_wg_size") reads, from Language.def; empty for none.
llvm::StringRef deviceLimitField(llvm::StringRef Limit) {
  static const llvm::StringMap<llvm::StringRef> Fields = {
#define ATF_DEVICE_LIMIT(Backend, Name, Field) {#Backend "::" #Name, #Field},
#include "Language/Language.def"
  };
  auto Found = Fields.find(Limit);
  return Found == Fields.end() ? llvm::StringRef() : Found->second;
}

using FilePlace = std::pair<unsigned, unsigned>; // line, column
FilePlace placeOf(SourcePosition P) { return {P.Line, P.Column}; }

/// Why a --fix value cannot be pasted into the tuner as one value of the
/// parameter's type (`equal(static_cast<T>(VALUE))`), or "" when it can: no
/// `;`, brace, comment or line break outside literals (they would end the
/// tuner's expression or statement), brackets that pair, no top-level comma.
std::string fixValueProblem(llvm::StringRef Value) {
  for (std::size_t I = 0; I < Value.size();) {
    const char C = Value[I];
    if (lexing::opensLiteral(Value, I)) {
      const std::size_t Close = lexing::skipLiteral(Value, I);
      if (Close == lexing::NoIndex)
        return "a literal that does not end";
      I = Close;
      continue;
    }
    if (C == ';' || C == '{' || C == '}' || C == '\n' || C == '\r' || C == '\\')
      return std::string("'") +
             (C == '\n' || C == '\r' ? std::string("a line break") : std::string(1, C)) + "'";
    if (C == '/' && I + 1 < Value.size() && (Value[I + 1] == '/' || Value[I + 1] == '*'))
      return "a comment";
    if (C == '(' || C == '[') {
      const std::size_t Close = lexing::findClosingBracket(Value, I);
      if (Close == lexing::NoIndex)
        return std::string("a '") + C + "' that does not close";
      I = Close + 1;
      continue;
    }
    if (C == ')' || C == ']' || C == ',')
      return std::string("a '") + C + "' outside brackets";
    ++I;
  }
  return "";
}

/// The first word of a --fix value that names nothing the tuner knows: not
/// an input of the file, not `true` or `false`, not part of a qualified
/// name or a call (`std::min(N, 8)`); empty for none. `abc` ended in the
/// tuner's compiler output.
std::string unknownFixWord(llvm::StringRef Value, const TuningSpec &Spec) {
  for (std::size_t I = 0; I < Value.size();) {
    if (lexing::opensLiteral(Value, I)) {
      I = lexing::skipLiteral(Value, I);
      continue;
    }
    if (lexing::isDigit(Value[I]) ||
        (Value[I] == '.' && I + 1 < Value.size() && lexing::isDigit(Value[I + 1]))) {
      I = lexing::skipNumber(Value, I);
      continue;
    }
    if (!lexing::isIdentifierStart(Value[I])) {
      ++I;
      continue;
    }
    const std::size_t End = lexing::wordEnd(Value, I);
    const llvm::StringRef Word = Value.slice(I, End);
    const std::size_t Next = lexing::skipBlanks(Value, End);
    const bool Qualified = (I >= 2 && Value.slice(I - 2, I) == "::") ||
                           Value.substr(Next).startswith("::") ||
                           Value.substr(Next).startswith("(");
    bool Input = false;
    for (const InputVariable &V : Spec.Inputs)
      Input = Input || V.Name.Name == Word;
    if (!Input && !Qualified && !lexing::isOperandKeyword(Word))
      return Word.str();
    I = End;
  }
  return "";
}

class Emitter {
public:
  Emitter(const FrontendResult &File, const EmitOptions &Options)
      : File(File), Spec(File.Spec), Analysis(File.Analysis), Options(Options), OS(Source) {
    Slot.assign(Spec.Parameters.size(), 0);
    for (const ParameterGroup &G : Analysis.Groups)
      for (std::size_t I = 0; I < G.Parameters.size(); ++I)
        Slot[G.Parameters[I]] = I;
    for (const DeviceLimitReference &R : Analysis.DeviceLimitReferences)
      LimitAt[placeOf(R.Begin)] = &R;
    for (const DeviceLimitCapture &C : Analysis.DeviceLimitCaptures)
      CaptureAt[placeOf(C.Bracket)] = &C;
  }

  EmittedTuner emit() {
    for (const FixedParameter &F : Options.Fixed) {
      if (!Spec.findParameter(F.Name))
        Errors.push_back(diagnosticAt(Severity::Error, SourceLocation{File.FileName},
                                      "--fix names '" + F.Name +
                                          "', which is no tuning parameter of this file"));
      else if (fixIsText(F))
        continue;
      else if (const std::string Problem = fixValueProblem(F.Value); !Problem.empty())
        Errors.push_back(diagnosticAt(
            Severity::Error, SourceLocation{File.FileName},
            "--fix " + F.Name + "=" + F.Value + ": the value is one C++ value of " + F.Name +
                "'s type (a number, a name, an expression of inputs), without " + Problem));
      else if (const std::string Word = unknownFixWord(F.Value, Spec); !Word.empty())
        Errors.push_back(diagnosticAt(Severity::Error, SourceLocation{File.FileName},
                                      "--fix " + F.Name + "=" + F.Value + ": '" + Word +
                                          "' is no input of this file; the value is one value of " +
                                          F.Name + "'s type (a number, an expression of inputs)"));
    }
    OS << "// The tuner of " << quoted(File.FileName) << ", generated by atfc. Do not edit:\n"
       << "// `atfc emit` writes it again from the file's directives.\n"
       << "#include \"runtime/TunerMain.h\"\n\n"
       << "#include <cmath>\n#include <cstddef>\n#include <cstdint>\n#include <string>\n"
       << "#include <span>\n#include <tuple>\n#include <vector>\n\n"
       << "namespace atf = atfc;\n\n"
       << "int main(int atf_argc_, char **atf_argv_) {\n"
       << "  using namespace atfc;\n"
       << "  using namespace atfc::constraint_syntax;\n"
       << "  TunerMain atf_tuner_(atf_argc_, atf_argv_, " << quoted(File.FileName) << ");\n";
    emitInputs();
    emitSetup();
    // The groups are built inside run(): a range that cannot be built (e.g.
    // a zero step) is generateSpace's Error, reported at the range.
    OS << "  return atf_tuner_.run([&](const GenerationOptions &atf_options_, "
       << "[[maybe_unused]] const DeviceLimits &" << LimitsName << ") {\n";
    for (std::size_t G = 0; G < Analysis.Groups.size(); ++G)
      emitGroup(G);
    OS << "    evaluatingExpression(nullptr);\n"
       << "    return generateSpace(atf_options_";
    for (std::size_t G = 0; G < Analysis.Groups.size(); ++G)
      OS << ", atf_group_" << G + 1 << '_';
    OS << ");\n  }, atf_setup_);\n}\n";
    OS.flush();
    EmittedTuner Result;
    if (Errors.empty())
      Result.Source = std::move(Source);
    Result.Errors = std::move(Errors);
    return Result;
  }

private:
  /// Text as a C++ string literal (Support/CStringLiteral.h).
  static std::string quoted(llvm::StringRef Text) { return cStringLiteral(Text); }

  void emitInputs() {
    for (std::size_t I = 0; I < Spec.Inputs.size(); ++I) {
      const InputVariable &In = Spec.Inputs[I];
      const std::string &Type = Analysis.Inputs[I].TypeName;
      OS << "  [[maybe_unused]] const " << Type << ' ' << In.Name.Name << " = ";
      if (In.Kind == InputKind::Positional)
        OS << "atf_tuner_.positional<" << Type << ">(" << In.ArgumentIndex << ", "
           << quoted(In.Name.Name) << ");\n";
      else
        OS << "static_cast<" << Type << ">(" << In.Value.Text << ");\n";
    }
  }

  /// The parameters in chain level order: groups in generation order.
  std::vector<std::size_t> levelOrder() const {
    std::vector<std::size_t> Order;
    for (const ParameterGroup &G : Analysis.Groups)
      Order.insert(Order.end(), G.Parameters.begin(), G.Parameters.end());
    return Order;
  }

  void emitDirectiveText(const char *Field, const std::optional<SourceExpr> &X) {
    if (X)
      OS << "  atf_setup_." << Field << " = {" << quoted(X->Text) << ", " << X->Begin.Line << ", "
         << X->Begin.Column << "};\n";
  }

  /// A list of expressions as `{static_cast<std::uint64_t>(E), ...}`.
  void emitSizes(const std::vector<SourceExpr> &Sizes) {
    OS << '{';
    for (std::size_t I = 0; I < Sizes.size(); ++I)
      OS << (I ? ", " : "") << "static_cast<std::uint64_t>(" << tunerText(Sizes[I]) << ')';
    OS << '}';
  }

  /// X's text as the tuner reads it: each device limit the analysis found
  /// in it a member of the run's limits, and each lambda around one that
  /// captures nothing by default capturing them. Only ranges, constraints,
  /// launch sizes and work-group memory (local counts, shared memory) see
  /// the limits (the analysis refuses them elsewhere).
  std::string tunerText(const SourceExpr &X) const {
    std::string Out;
    for (std::size_t I = 0; I < X.Text.size(); ++I) {
      const FilePlace Here = placeOf(X.positionOf(I));
      if (auto C = CaptureAt.find(Here); C != CaptureAt.end() && X.Text[I] == ']')
        Out += (C->second->AfterOthers ? ", &" : "&") + LimitsName.str();
      auto R = LimitAt.find(Here);
      if (R == LimitAt.end() || I + R->second->Length > X.Text.size()) {
        Out += X.Text[I];
        continue;
      }
      Out += LimitsName.str() + "." + deviceLimitField(R->second->Limit).str();
      I += R->second->Length - 1;
    }
    return Out;
  }

  /// A plain argument (the seed, a count, a tolerance, ...) in the
  /// conversion that the check unit compiled it in (plainArguments()).
  std::string plain(const SourceExpr &X) const {
    for (const PlainArgument &P :
         plainArguments(Spec, [&](std::size_t I) { return Analysis.Parameters[I].TypeName; }))
      if (P.Expr == &X)
        return P.Before + X.Text + P.After;
    return "(" + X.Text + ")";
  }

  /// Derived objectives (`objective "gflops" max = EXPR`): the function
  /// that makes every cost of a configuration's values and its measured
  /// costs, EXPR pasted as written with `time` the first measured cost.
  /// Measured costs of another number than declared pass unchanged, for
  /// the check of their count to report.
  void emitDerivedObjectives(const std::vector<std::size_t> &Levels) {
    std::size_t Measured = 0;
    std::string Derived;
    for (std::size_t I = 0; I < Spec.Objectives.size(); ++I) {
      if (Spec.Objectives[I].Derived)
        Derived += (Derived.empty() ? "" : ", ") + std::to_string(I);
      else
        ++Measured;
    }
    if (Derived.empty())
      return;
    OS << "  atf_setup_.DerivedObjectives = {" << Derived << "};\n"
       << "  atf_setup_.Derive = [&]([[maybe_unused]] std::span<const Value> atf_values_, "
       << "const std::vector<double> &atf_measured_) -> std::vector<double> {\n"
       << "    if (atf_measured_.size() != " << std::max<std::size_t>(Measured, 1)
       << "u) return atf_measured_;\n";
    for (std::size_t L = 0; L < Levels.size(); ++L) {
      const std::string &Type = Analysis.Parameters[Levels[L]].TypeName;
      OS << "    [[maybe_unused]] const " << Type << ' ' << Spec.Parameters[Levels[L]].Name.Name
         << " = valueAs<" << Type << ">(atf_values_[" << L << "]);\n";
    }
    OS << "    [[maybe_unused]] const double time = atf_measured_.front();\n"
       << "    std::vector<double> atf_costs_;\n";
    std::size_t Next = 0;
    for (const ObjectiveSpec &O : Spec.Objectives)
      if (O.Derived)
        OS << "    atf_costs_.push_back(static_cast<double>(" << tunerText(*O.Derived) << "));\n";
      else
        OS << "    atf_costs_.push_back(atf_measured_[" << Next++ << "]);\n";
    OS << "    return atf_costs_;\n  };\n";
  }

  /// The TuningSetup: what the directives say about searching and
  /// measuring. Expressions are pasted as written, like constraints.
  void emitSetup() {
    const std::vector<std::size_t> Levels = levelOrder();
    OS << "  TuningSetup atf_setup_;\n";
    emitDirectiveText("Technique", Spec.SearchTechnique);
    emitDirectiveText("AbortCondition", Spec.AbortCondition);
    if (Spec.Seed)
      OS << "  atf_setup_.Seed = " << plain(*Spec.Seed) << ";\n";
    OS << "  atf_setup_.DefineLines = {";
    for (std::size_t I = 0; I < Levels.size(); ++I)
      OS << (I ? ", " : "") << Spec.Parameters[Levels[I]].Directive.Line;
    OS << "};\n";
    OS << "  atf_setup_.Constraints = {";
    for (std::size_t I = 0; I < Levels.size(); ++I) {
      const std::optional<SourceExpr> &C = Spec.Parameters[Levels[I]].Constraint;
      // A --fix is part of the constraint, and of why nothing satisfies it.
      std::string Text = C ? C->Text : "";
      for (const FixedParameter &F : Options.Fixed)
        if (F.Name == Spec.Parameters[Levels[I]].Name.Name)
          Text += (Text.empty() ? "" : " with ") + ("--fix " + F.Name + "=" + F.Value);
      OS << (I ? ", " : "") << "{" << quoted(Text) << ", " << (C ? C->Begin.Line : 0) << ", "
         << (C ? C->Begin.Column : 0) << "}";
    }
    OS << "};\n";
    if (sourceLanguageForPath(File.FileName) != SourceLanguage::CFamily)
      OS << "  atf_setup_.CFamily = false;\n";
    if (!Spec.Inputs.empty()) {
      OS << "  atf_setup_.Inputs = {";
      for (std::size_t I = 0; I < Spec.Inputs.size(); ++I)
        OS << (I ? ", " : "") << "{" << quoted(Spec.Inputs[I].Name.Name) << ", toValue("
           << Spec.Inputs[I].Name.Name << ")}";
      OS << "};\n";
    }
    if (Spec.Timeout)
      OS << "  atf_setup_.TimeoutSeconds = " << plain(*Spec.Timeout) << ";\n";
    emitDirectiveText("Timeout", Spec.Timeout);
    for (auto [Field, Script] :
         {std::pair{"CompileScript", &Spec.CompileScript}, std::pair{"RunScript", &Spec.RunScript},
          std::pair{"CostFile", &Spec.CostFile}})
      if (*Script)
        OS << "  atf_setup_." << Field << " = " << quoted((*Script)->Value) << ";\n";

    for (const ObjectiveSpec &O : Spec.Objectives)
      OS << "  atf_setup_.Objectives.push_back({" << quoted(O.Name.Value)
         << ", Direction::" << (O.Maximise ? "Maximise" : "Minimise") << "});\n";
    emitDerivedObjectives(Levels);

    // Scripts are repeated like kernels.
    if (Spec.Warmups)
      OS << "  atf_setup_.Warmups = " << plain(*Spec.Warmups) << ";\n";
    if (Spec.Repetitions)
      OS << "  atf_setup_.Repetitions = " << plain(*Spec.Repetitions) << ";\n";
    if (Spec.RepetitionStatistic) {
      std::string Name = Spec.RepetitionStatistic->Name;
      Name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(Name[0])));
      OS << "  atf_setup_.Statistic = RepetitionStatistic::" << Name << ";\n";
    }

    const DeviceSpec &D = Spec.Device;
    if (D.Backend == DeviceBackend::None)
      return;
    OS << "  atf_setup_.Kind = MeasurementKind::"
       << (D.Backend == DeviceBackend::OpenCL ? "OpenCL" : "CUDA") << ";\n";
    // A kernel's energy is measured (CUDA, NVML); where, for its messages.
    for (const ObjectiveSpec &O : Spec.Objectives)
      if (O.Name.Value == kEnergyObjective)
        OS << "  atf_setup_.Energy = {" << quoted(O.Name.Value) << ", " << O.Name.Begin.Line << ", "
           << O.Name.Begin.Column << "};\n";
    if (!Analysis.DeviceLimitReferences.empty())
      OS << "  atf_setup_.NamesDeviceLimits = true;\n";
    // Their names, which `atfc space --device-limit` may give instead.
    std::set<std::string> LimitNames;
    for (const DeviceLimitReference &R : Analysis.DeviceLimitReferences)
      LimitNames.insert(R.Limit.substr(R.Limit.rfind(':') + 1));
    for (const std::string &Name : LimitNames)
      OS << "  atf_setup_.NamedDeviceLimits.push_back(" << quoted(Name) << ");\n";
    if (D.Vendor)
      OS << "  atf_setup_.Vendor = " << quoted(D.Vendor->Value) << ";\n";
    if (D.Type)
      OS << "  atf_setup_.DeviceType = " << quoted(D.Type->Value) << ";\n";
    for (auto [Field, X] :
         {std::pair{"DeviceIndex", &D.Index}, std::pair{"PlatformId", &D.PlatformId},
          std::pair{"DeviceId", &D.DeviceId}})
      if (*X)
        OS << "  atf_setup_." << Field << " = " << plain(**X) << ";\n";
    if (D.Selection)
      OS << "  atf_setup_.DeviceSelection = {\"\", " << D.Selection->Line << ", "
         << D.Selection->Column << "};\n";
    if (D.KernelName)
      OS << "  atf_setup_.KernelName = " << quoted(D.KernelName->Name) << ";\n";
    // A local argument is made here without its count, which is a
    // configuration's (the launch function below).
    for (const KernelInput &In : D.Inputs)
      if (In.Kind == KernelInputKind::Local)
        OS << "  atf_setup_.Arguments.push_back(KernelArgument::local<"
           << (In.ElementType ? In.ElementType->Text : std::string("float")) << ">());\n";
      else
        emitKernelInput(In);
    if (Spec.Check)
      emitCheck(*Spec.Check);

    // Launch sizes are expressions of inputs and parameters: a function of
    // the configuration's values, in chain level order.
    const bool IsOpenCL = D.Backend == DeviceBackend::OpenCL;
    const std::vector<SourceExpr> &Outer = IsOpenCL ? D.GlobalSize : D.GridDim;
    const std::vector<SourceExpr> &Inner = IsOpenCL ? D.LocalSize : D.BlockDim;
    OS << "  atf_setup_.Launch = [&]([[maybe_unused]] std::span<const Value> atf_values_, "
       << "[[maybe_unused]] const DeviceLimits &" << LimitsName << ") -> LaunchDimensions {\n";
    for (std::size_t L = 0; L < Levels.size(); ++L) {
      const std::string &Type = Analysis.Parameters[Levels[L]].TypeName;
      OS << "    [[maybe_unused]] const " << Type << ' ' << Spec.Parameters[Levels[L]].Name.Name
         << " = valueAs<" << Type << ">(atf_values_[" << L << "]);\n";
    }
    OS << "    return {";
    emitSizes(Outer);
    OS << ", ";
    emitSizes(Inner);
    OS << ", {";
    bool FirstLocal = true;
    for (const KernelInput &In : D.Inputs)
      if (In.Kind == KernelInputKind::Local) {
        OS << (FirstLocal ? "" : ", ") << '(' << tunerText(In.Expr) << ").Count";
        FirstLocal = false;
      }
    OS << "}, ";
    if (D.SharedMemory)
      OS << "sharedMemoryBytes(" << tunerText(*D.SharedMemory) << ')';
    else
      OS << '0';
    OS << "};\n  };\n";
  }

  /// A path of a `data` clause as a C++ string expression: each `$k` the
  /// tuner's k-th argument, so that every input set reads its own data (a
  /// missing argument is named by the path: "input 'x_$1.npy' is $1, ...").
  static std::string pathExpression(llvm::StringRef Path) {
    std::string Out = "std::string(";
    std::size_t Literal = 0;
    for (std::size_t At = Path.find('$'); At != llvm::StringRef::npos; At = Path.find('$', At)) {
      std::size_t End = At + 1;
      while (End < Path.size() && Path[End] >= '0' && Path[End] <= '9')
        ++End;
      const std::string K = Path.slice(At + 1, End).str();
      Out += quoted(Path.slice(Literal, At)) + ") + atf_tuner_.positional<std::string>(" + K +
             ", " + quoted(Path) + ") + std::string(";
      Literal = At = End;
    }
    return Out + quoted(Path.substr(Literal)) + ")";
  }

  /// An `input` directive: the argument, then its contents' clause.
  void emitKernelInput(const KernelInput &In) {
    OS << "  atf_setup_.Arguments.push_back((" << In.Expr.Text << ")";
    if (In.Data)
      OS << ".withData(" << pathExpression(In.Data->Value) << ", " << In.Data->Begin.Line << ", "
         << In.Data->Begin.Column << ")";
    if (In.Fill) {
      static constexpr const char *Kinds[] = {"Constant", "Index", "RandomRange"};
      OS << ".withFill(BufferContents::" << Kinds[static_cast<int>(In.Fill->How)] << ", "
         << quoted(In.Fill->Low) << ", " << quoted(In.Fill->High) << ", " << In.Fill->Begin.Line
         << ", " << In.Fill->Begin.Column << ")";
    }
    OS << ");\n";
  }

  void emitCheck(const ResultCheck &Check) {
    OS << "  atf_setup_.Check.emplace();\n";
    if (Check.Kind == CheckKind::GoldFile)
      OS << "  atf_setup_.Check->GoldFile = " << quoted(Check.GoldFile.Value) << ";\n";
    else if (Check.Kind == CheckKind::Script)
      OS << "  atf_setup_.Check->Kind = CheckAgainst::Script;\n"
         << "  atf_setup_.Check->Script = " << quoted(Check.Script.Value) << ";\n"
         << (Check.Server ? "  atf_setup_.Check->Server = true;\n" : "");
    else
      OS << "  atf_setup_.Check->Kind = CheckAgainst::ReferenceConfiguration;\n";
    // Where the check is, for messages about its files.
    OS << "  atf_setup_.Check->Line = " << Check.Directive.Line << ";\n"
       << "  atf_setup_.Check->Column = " << Check.Directive.Column << ";\n";
    for (const ReferenceValue &V : Check.Reference)
      OS << "  atf_setup_.CheckReference.push_back({" << quoted(V.Parameter.Name) << ", toValue("
         << plain(V.Value) << ")});\n";
    // Each tolerance with its place, for the message about a negative or
    // NaN value (runtime/Measurers.cpp).
    for (auto [Field, X] :
         {std::pair{"Tolerance", &Check.Tolerance}, std::pair{"Relative", &Check.Relative}})
      if (*X)
        OS << "  atf_setup_.Check->" << Field << " = " << plain(**X) << ";\n  atf_setup_.Check"
           << Field << "Text = {" << quoted((*X)->Text) << ", " << (*X)->Begin.Line << ", "
           << (*X)->Begin.Column << "};\n";
    if (!Check.Buffers.empty()) {
      OS << "  atf_setup_.Check->Buffers = {";
      for (std::size_t I = 0; I < Check.Buffers.size(); ++I)
        OS << (I ? ", " : "") << Check.Buffers[I];
      OS << "};\n";
    }
  }

  void emitGroup(std::size_t G) {
    OS << "    auto atf_group_" << G + 1 << "_ = group(";
    bool First = true;
    for (std::size_t P : Analysis.Groups[G].Parameters) {
      OS << (First ? "\n" : ",\n");
      First = false;
      emitParameter(P);
    }
    OS << ");\n";
  }

  void emitParameter(std::size_t P) {
    const TuningParameter &Param = Spec.Parameters[P];
    const AnalyzedParameter &A = Analysis.Parameters[P];
    // The range's place in the file: where a range that cannot be built is
    // reported (SearchSpace/GroupGenerator.h), and a trap while it is
    // evaluated (runtime/ArithmeticTrap.h).
    OS << "        parameter(SourceLocation{" << quoted(File.FileName) << ", "
       << Param.Range.Expr.Begin.Line << ", " << Param.Range.Expr.Begin.Column << "}, "
       << quoted(Param.Name.Name) << ", (evaluatingExpression("
       << quoted(File.FileName + ":" + std::to_string(Param.Range.Expr.Begin.Line) + ":" +
                 std::to_string(Param.Range.Expr.Begin.Column))
       << "), ";
    emitRange(Param, A);
    OS << ")";
    for (std::size_t C = 0; C < A.Conjuncts.size(); ++C) {
      OS << (C == 0 ? ",\n                  " : " &&\n                  ");
      emitConjunct(P, A.Conjuncts[C]);
    }
    for (const FixedParameter &F : Options.Fixed)
      if (F.Name == Param.Name.Name)
        OS << (A.Conjuncts.empty() ? ",\n                  " : " &&\n                  ")
           << "equal(fixedValue<" << A.TypeName << ">(" << fixedValueCode(F) << ", "
           << quoted("--fix " + F.Name + "=" + F.Value) << "))";
    OS << ")";
  }

  bool isStringParameter(const std::string &Name) const {
    for (std::size_t P = 0; P < Spec.Parameters.size(); ++P)
      if (Spec.Parameters[P].Name.Name == Name)
        return Analysis.Parameters[P].TypeName == "std::string";
    return false;
  }

  /// Whether a --fix value is its own text: a string parameter's value
  /// that is neither a literal nor an input's name (`--fix OPT=-O2`).
  bool fixIsText(const FixedParameter &F) const {
    const llvm::StringRef Value = llvm::StringRef(F.Value).trim();
    return isStringParameter(F.Name) && !Value.startswith("\"") && !Spec.findInput(Value);
  }

  /// A --fix value as C++: its text as a literal, or as written.
  std::string fixedValueCode(const FixedParameter &F) const {
    return fixIsText(F) ? cStringLiteral(F.Value) : F.Value;
  }

  void emitRange(const TuningParameter &Param, const AnalyzedParameter &A) {
    const std::string Rewritten = tunerText(Param.Range.Expr);
    llvm::StringRef Text = llvm::StringRef(Rewritten).trim();
    if (Param.Range.Kind == RangeKind::Interval) {
      emitInterval(Param, A, Text);
      return;
    }
    // {a, b} and set(a, b): the values of a set of the parameter's type.
    if (Text.consume_front("atf::"))
      Text = Text.ltrim();
    if (Text.startswith("set")) {
      Text = Text.drop_until([](char C) { return C == '('; });
      Text = Text.drop_front().drop_back();
    } else {
      Text = Text.drop_front().drop_back();
    }
    // Many std::string temporaries in one initializer list crash GCC
    // (100,000: a segmentation fault after 70 s); string literals go in as
    // pointers, and become strings in a loop (Range.h).
    if (A.TypeName == "std::string" && allStringLiterals(Text)) {
      OS << "set(std::initializer_list<const char *>{" << Text << "})";
      return;
    }
    // A few values are each converted into the type at run time where it
    // holds them as they are (an input's value too), else the range fails
    // (Range.h's exactSet); the front end checked the constants of more.
    if (lexing::splitAtCommas(Text, 0, Text.size()).size() <= kExactSetValues) {
      OS << "exactSet<" << A.TypeName << ">(" << Text << ")";
      return;
    }
    OS << "set<" << A.TypeName << ">({" << Text << "})";
  }

  /// An interval as written, given its type where it was left out (check
  /// deduces it; the engine's interval<T> needs it): the parameter's type
  /// where a `type` clause names it, else the common type of the bounds and
  /// the step (a generator's argument is no bound).
  void emitInterval(const TuningParameter &Param, const AnalyzedParameter &A,
                    llvm::StringRef Text) {
    llvm::StringRef Call = Text;
    if (Call.consume_front("atf::"))
      Call = Call.ltrim();
    if (Param.Range.ElementType || !Call.consume_front("interval") ||
        !Call.ltrim().startswith("(") || !Call.endswith(")")) {
      OS << Text;
      return;
    }
    Call = Call.ltrim();
    std::string Type = A.TypeName;
    if (!Param.Type) {
      const llvm::StringRef Inner = Call.drop_front().drop_back();
      Type = "std::common_type_t<";
      const auto Arguments = lexing::splitAtCommas(Inner, 0, Inner.size());
      for (std::size_t I = 0; I < Arguments.size() && I < 3; ++I)
        Type += std::string(I ? ", " : "") + "decltype(" +
                Inner.slice(Arguments[I].first, Arguments[I].second).trim().str() + ")";
      Type += ">";
    }
    // Bounds and step of their own types, converted into the clause's type
    // where it holds them as they are (Range.h's exactInterval).
    OS << (Param.Type ? "exactInterval<" : "interval<") << Type << ">" << Call;
  }

  /// Whether each of the comma-separated values in Text is a plain string
  /// literal (or several, concatenated).
  static bool allStringLiterals(llvm::StringRef Text) {
    for (const auto &[Begin, End] : lexing::splitAtCommas(Text, 0, Text.size())) {
      llvm::StringRef Value = Text.slice(Begin, End).trim();
      while (!Value.empty()) {
        if (Value[0] != '"')
          return false;
        const std::size_t Past = lexing::skipLiteral(Value, 0);
        if (Past == lexing::NoIndex)
          return false;
        Value = Value.drop_front(Past).ltrim();
      }
      if (Text.slice(Begin, End).trim().empty())
        return false;
    }
    return true;
  }

  /// Binds, inside a lambda over the path, every parameter the names list.
  std::string bindings(const NameReferences &Names) const {
    std::string Out;
    for (std::size_t Q : Names.Parameters)
      Out += "[[maybe_unused]] const auto &" + Spec.Parameters[Q].Name.Name + " = std::get<" +
             std::to_string(Slot[Q]) + ">(atf_path_); ";
    return Out;
  }

  void emitConjunct(std::size_t P, const ConstraintConjunct &C) {
    const TuningParameter &Param = Spec.Parameters[P];
    const std::string &Type = Analysis.Parameters[P].TypeName;
    const std::string Text = tunerText(C.Expr);
    // A device's limits are known only when the file measures on it.
    for (const std::string &Limit : C.Names.DeviceLimits)
      if (Spec.Device.Backend == DeviceBackend::None)
        Errors.push_back(diagnosticAt(Severity::Error,
                                      {File.FileName, C.Expr.Begin.Line, C.Expr.Begin.Column},
                                      "device limit '" + Limit +
                                          "' is only known when the file measures on a device: "
                                          "add the #atf::ocl:: or #atf::cuda:: directives of "
                                          "its kernel"));
    if (C.Shape != ConjunctShape::Predicate) {
      // The alias's operand: a value, or a function of the path.
      OS << relationCall(C.Shape, C.Names.Parameters.empty()
                                      ? "(" + Text + ")"
                                      : "[&]([[maybe_unused]] const auto &atf_path_) { " +
                                            bindings(C.Names) + "return (" + Text + "); }");
      return;
    }
    // A filter: the candidate is called by the parameter's own name.
    OS << "predicate([&]([[maybe_unused]] const " << Type << " &" << Param.Name.Name
       << ", [[maybe_unused]] const auto &atf_path_) -> bool { ";
    NameReferences Others = C.Names;
    llvm::erase_value(Others.Parameters, P);
    OS << bindings(Others);
    switch (C.Form) {
    case PredicateForm::Condition:
      OS << "return static_cast<bool>(" << Text << "); })";
      break;
    case PredicateForm::Callable:
      OS << "return static_cast<bool>((" << Text << ")(" << Param.Name.Name << ")); })";
      break;
    case PredicateForm::ConstraintObject:
      OS << "return static_cast<bool>(asConstraint(" << Text << ")(" << Param.Name.Name
         << ", atf_path_)); })";
      break;
    }
  }

  const FrontendResult &File;
  const TuningSpec &Spec;
  const AnalyzedSpec &Analysis;
  const EmitOptions &Options;
  std::string Source;
  llvm::raw_string_ostream OS;
  std::vector<std::size_t> Slot; // parameter -> its index in its group
  /// The device limits and the lambdas that capture them, by file place.
  std::map<FilePlace, const DeviceLimitReference *> LimitAt;
  std::map<FilePlace, const DeviceLimitCapture *> CaptureAt;
  std::vector<Diagnostic> Errors;
};

} // namespace

EmittedTuner emitTuner(const FrontendResult &File, const EmitOptions &Options) {
  return Emitter(File, Options).emit();
}

} // namespace atfc
