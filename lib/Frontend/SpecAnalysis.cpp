//===- Frontend/SpecAnalysis.cpp - Semantic analysis of a spec -*- C++ -*-===//
//
// Drives the semantic analysis: builds the synthetic unit, parses it with
// Clang once, has Clang's diagnostics moved back to the user's file
// (ClangDiagnosticMapping.h), turns the prelude's verdicts into messages,
// and derives names, groups, orders and conjuncts from the facts of the AST.
// A verdict of the prelude (empty range, lambda that cannot take the
// candidate, ...) is only shown for an expression that Clang accepted.
//
//===----------------------------------------------------------------------===//
#include "Frontend/SpecAnalysis.h"

#include "Directives/DirectiveLexing.h"
#include "Frontend/ClangDiagnosticMapping.h"
#include "Frontend/ClangUnitParser.h"
#include "Frontend/CycleReport.h"
#include "Frontend/DependencyGraph.h"
#include "Frontend/ExpressionSize.h"
#include "Frontend/ImpureCalls.h"
#include "Frontend/StatusMessages.h"
#include "Frontend/SyntheticUnit.h"
#include "Frontend/UnitASTReader.h"

#include "Support/CountArgument.h"
#include "Support/Diagnostic.h"
#include "Support/NumberText.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticSema.h"

#include "llvm/Support/thread.h"

#include <algorithm>

namespace atfc {

using llvm::StringRef;

bool AnalyzedSpec::hasErrors() const { return atfc::hasErrors(Diagnostics); }

namespace {

using namespace status;

/// The part [Begin, End) of X, with its source map.
SourceExpr sliceOf(const SourceExpr &X, std::size_t Begin, std::size_t End) {
  SourceExpr Slice;
  End = std::min(End, X.Text.size());
  Begin = std::min(Begin, End);
  Slice.Text = X.Text.substr(Begin, End - Begin);
  for (std::size_t I = Begin; I < End; ++I)
    Slice.Positions.push_back(X.positionOf(I));
  Slice.Begin = X.positionOf(Begin);
  Slice.End = End > Begin
                  ? SourcePosition{X.positionOf(End - 1).Line, X.positionOf(End - 1).Column + 1}
                  : Slice.Begin;
  return Slice;
}

void addSorted(std::vector<std::size_t> &Indices, std::size_t I) {
  auto At = std::lower_bound(Indices.begin(), Indices.end(), I);
  if (At == Indices.end() || *At != I)
    Indices.insert(At, I);
}

void addSorted(std::vector<std::string> &Names, const std::string &Name) {
  auto At = std::lower_bound(Names.begin(), Names.end(), Name);
  if (At == Names.end() || *At != Name)
    Names.insert(At, Name);
}

class SpecAnalyzer {
public:
  SpecAnalyzer(const TuningSpec &Spec, StringRef FileName)
      : Spec(Spec), FileName(FileName.str()), Unit(buildSyntheticUnit(Spec, FileName)) {}

  AnalyzedSpec run() {
    Result.Inputs.resize(Spec.Inputs.size());
    Result.Parameters.resize(Spec.Parameters.size());
    ExpressionHasError.assign(Unit.Expressions.size(), false);

    // Expressions too large for the analysis are refused before Clang
    // sees them (ExpressionSize.h).
    bool TooLarge = false;
    for (const PlacedExpression &E : Unit.Expressions) {
      if (!E.Expr)
        continue;
      std::optional<ExpressionTooLarge> Problem =
          E.Role == ExpressionRole::Range && Spec.Parameters[E.Owner].Range.Kind == RangeKind::Set
              ? setTooLarge(E.Expr->Text)
              : expressionTooLarge(E.Expr->Text);
      if (Problem) {
        error(E.Expr->positionOf(Problem->Index), Problem->Message);
        TooLarge = true;
      }
    }
    if (TooLarge) {
      groupParameters();
      return std::move(Result);
    }

    ParsedUnit Parsed = parseSyntheticUnit(Unit);
    for (Diagnostic &E : mapClangDiagnostics(Unit, Spec, Parsed.Messages, ExpressionHasError))
      error({E.Location.Line, E.Location.Column}, std::move(E.Message));
    if (!Parsed.AST) {
      // Clang could not even start (a broken installation): nothing is known.
      std::string Message = "internal error: Clang could not analyse the expressions of this file";
      for (const ClangMessage &D : Parsed.Messages)
        Message += "; " + D.Message;
      error({1, 1}, Message);
      groupParameters();
      return std::move(Result);
    }
    Facts = readUnitFacts(*Parsed.AST, Unit, Spec);
    readTypes();
    checkExpressions();
    collectNames();
    collectConjuncts();
    groupParameters();
    warnUnusedInputs();

    sortByLocation(Result.Diagnostics);
    sortDeviceLimitRewrites();
    return std::move(Result);
  }

private:
  void report(Severity Level, SourcePosition Where, std::string Message) {
    const SourceLocation Location{FileName, Where.Line, Where.Column};
    for (const Diagnostic &D : Result.Diagnostics)
      if (D.Location == Location && D.Message == Message)
        return;
    Result.Diagnostics.push_back(diagnosticAt(Level, Location, std::move(Message)));
  }
  void error(SourcePosition Where, std::string Message) {
    report(Severity::Error, Where, std::move(Message));
  }

  const PlacedExpression &placed(unsigned Expression) const { return Unit.Expressions[Expression]; }

  /// The user's position of unit byte Offset; none outside the user's text.
  std::optional<SourcePosition> positionAt(unsigned Offset) const {
    std::optional<UserCharacter> Char = Unit.userCharacterAt(Offset);
    if (!Char)
      return std::nullopt;
    return placed(Char->Expression).Expr->positionOf(Char->TextIndex);
  }

  /// The user's text of unit bytes [Begin, End), which must be copied from
  /// one expression.
  std::optional<SourceExpr> textAt(unsigned Begin, unsigned End) const {
    std::optional<UserCharacter> First = Unit.userCharacterAt(Begin);
    std::optional<UserCharacter> Last = Unit.userCharacterAt(End - 1);
    if (End <= Begin || !First || !Last || First->Expression != Last->Expression)
      return std::nullopt;
    return sliceOf(*placed(First->Expression).Expr, First->TextIndex, Last->TextIndex + 1);
  }

  //===--------------------------------------------------------------------===//
  // Types and the prelude's verdicts
  //===--------------------------------------------------------------------===//

  void readTypes() {
    for (std::size_t I = 0; I < Spec.Inputs.size(); ++I) {
      const InputVariable &Input = Spec.Inputs[I];
      if (!Facts.InputTypeProblems[I].empty())
        error(Input.Type ? Input.Type->Begin : Input.Value.Begin, Facts.InputTypeProblems[I]);
      Result.Inputs[I].TypeName = Input.Type && !Input.Type->Text.empty() ? Input.Type->Text
                                  : Input.Kind == InputKind::Positional
                                      ? UntypedPositionalInputType.str()
                                      : Facts.InputTypes[I];
    }
    for (std::size_t I = 0; I < Spec.Parameters.size(); ++I) {
      const TuningParameter &Parameter = Spec.Parameters[I];
      // (A range that gives a type of its own was checked on its own.)
      if (!Facts.ParameterTypeProblems[I].empty() &&
          (Parameter.Type || Facts.RangeStatuses[I] == RangeOk))
        error(Parameter.Type ? Parameter.Type->Begin : Parameter.Range.Expr.Begin,
              Facts.ParameterTypeProblems[I]);
      Result.Parameters[I].TypeName = Parameter.Type && !Parameter.Type->Text.empty()
                                          ? Parameter.Type->Text
                                          : Facts.ParameterTypes[I];
    }
  }

  /// A constant count or timeout the tuner would refuse (TuningSetup.h's
  /// countArgument, TunerMain's timeout), refused here in the same words.
  void checkConstantPlainArgument(const PlacedExpression &Placed, const PlainArgument &Argument,
                                  long double Value) {
    if (const CountRule *Rule = countRuleOf(Argument.What)) {
      if (!isCount(*Rule, Value))
        error(Placed.Expr->Begin, countError(*Rule, shortestText(static_cast<double>(Value))));
    } else if (Argument.What == "timeout" && !(Value > 0)) {
      error(Placed.Expr->Begin,
            "the timeout must be a positive duration, not " + quoted(Placed.Expr->Text));
    }
  }

  /// Whether the expressions of role Role owned by Owner are free of errors.
  bool isClean(ExpressionRole Role, std::size_t Owner) const {
    for (unsigned I = 0; I < Unit.Expressions.size(); ++I)
      if (placed(I).Role == Role && placed(I).Owner == Owner &&
          (ExpressionHasError[I] || Facts.Expressions[I].ContainsErrors))
        return false;
    return true;
  }

  void checkExpressions() {
    for (std::size_t I = 0; I < Spec.Parameters.size(); ++I)
      if (isClean(ExpressionRole::Range, I) && isClean(ExpressionRole::ParameterType, I) &&
          Facts.RangeStatuses[I])
        checkRange(I, *Facts.RangeStatuses[I], Facts.RangeCulpritOffsets[I]);
    // (A plain argument's Owner is its index here, as the unit placed it.)
    const std::vector<PlainArgument> Plain =
        plainArguments(Spec, [](std::size_t P) { return synthetic::parameterTypeAlias(P); });
    for (unsigned I = 0; I < Unit.Expressions.size(); ++I) {
      const ExpressionFacts &F = Facts.Expressions[I];
      if (ExpressionHasError[I] || F.ContainsErrors)
        continue;
      switch (placed(I).Role) {
      case ExpressionRole::Constraint:
        checkConstraint(placed(I), F);
        break;
      case ExpressionRole::Size:
        if (F.Status && *F.Status != SizeOk)
          error(placed(I).Expr->Begin, "a " + sizeName(placed(I).Size) +
                                           " must be an integer; this expression has type " +
                                           quoted(F.ValueType));
        break;
      case ExpressionRole::KernelInput:
        if (F.Status && *F.Status != InputOk)
          error(placed(I).Expr->Begin, kernelInputStatusMessage(*F.Status));
        else if (F.ConstantLocalCount && *F.ConstantLocalCount <= 0)
          error(placed(I).Expr->Begin,
                "the count of this local argument is " +
                    std::to_string(static_cast<long long>(*F.ConstantLocalCount)) +
                    "; a local argument needs at least one element");
        checkKernelInputNames(placed(I), F);
        break;
      case ExpressionRole::PlainArgument:
        if (F.ConstantPlainValue)
          checkConstantPlainArgument(placed(I), Plain[placed(I).Owner], *F.ConstantPlainValue);
        // 1.5 for an int parameter was compared as 1.
        if (F.PlainValueProblem && !Plain[placed(I).Owner].Parameter.empty())
          error(placed(I).Expr->Begin, "the reference value of " +
                                           quoted(Plain[placed(I).Owner].Parameter) + " " +
                                           *F.PlainValueProblem);
        break;
      case ExpressionRole::InputValue:
        if (F.InexactValueOffset)
          error(positionAt(*F.InexactValueOffset).value_or(placed(I).Expr->Begin),
                "the value of input " + quoted(Spec.Inputs[placed(I).Owner].Name.Name) + " " +
                    F.InexactValueDetail);
        break;
      case ExpressionRole::Range:
        Result.Parameters[placed(I).Owner].RangeLoops = F.LoopsOverIntegers;
        if (F.ConstantProblem != IntervalProblem::None)
          checkConstantInterval(placed(I), F);
        // A value's type is known only where the range's values are.
        if (F.InexactValueOffset && Facts.RangeStatuses[placed(I).Owner] == RangeOk)
          error(positionAt(*F.InexactValueOffset).value_or(placed(I).Expr->Begin),
                "this value of the range of " + quoted(Spec.Parameters[placed(I).Owner].Name.Name) +
                    " " + F.InexactValueDetail);
        break;
      default:
        break;
      }
      checkDeviceLimits(placed(I), F);
      for (const ExpressionFacts::CallAt &C : F.ImpureCalls)
        error(positionAt(C.Offset).value_or(placed(I).Expr->Begin), impureCallMessage(C.Name));
    }
  }

  /// At the step or bound at fault, else at the interval.
  void checkConstantInterval(const PlacedExpression &X, const ExpressionFacts &F) {
    const std::string Interval = "the interval of " + quoted(Spec.Parameters[X.Owner].Name.Name);
    const std::optional<SourcePosition> Culprit =
        F.ConstantProblemOffset ? positionAt(*F.ConstantProblemOffset) : std::nullopt;
    error(Culprit.value_or(X.Expr->Begin),
          F.ConstantProblem == IntervalProblem::Empty
              ? Interval + " is empty: its lower bound is greater than its upper bound; write "
                           "interval<T>(lo, hi) with lo <= hi"
          : F.ConstantProblem == IntervalProblem::NonPositiveStep
              ? Interval + " has a step that is not positive; give a step of at least 1"
              : Interval + " cannot be built: " + F.ConstantProblemDetail);
  }

  /// Culprit: where the value at fault of a set starts in the unit.
  void checkRange(std::size_t I, int Status, std::optional<unsigned> Culprit) {
    const TuningParameter &Parameter = Spec.Parameters[I];
    const std::string Name = quoted(Parameter.Name.Name);
    const std::string Target =
        Parameter.Type && !Parameter.Type->Text.empty() ? "its type " + quoted(Parameter.Type->Text)
        : Parameter.Range.ElementType                   ? quoted(Parameter.Range.ElementType->Text)
                                                        : "a common type";
    std::string Message;
    switch (Status) {
    case RangeOk:
      return;
    case RangeEmpty:
      Message = "the range of " + Name + " is empty; give it at least one value";
      break;
    case RangeNoCommonType:
      Message = "the values of the range of " + Name + " have no common type" +
                (Culprit ? ": this one has none with the first" : "") +
                "; write them as one type or give " + Name + " a type clause";
      break;
    case RangeValueNotConvertible:
      Message = Culprit ? "this value of the range of " + Name + " does not convert to " + Target
                        : "the values of the range of " + Name + " do not convert to " + Target;
      break;
    case RangeBoundNotConvertible:
      Message = "the bounds or the step of the interval of " + Name + " do not convert to " +
                (Parameter.Range.ElementType ? quoted(Parameter.Range.ElementType->Text)
                                             : std::string("a common type"));
      break;
    case RangeNotNumeric:
      Message = "the interval of " + Name +
                " is not numeric: an interval holds integers or floating-point values (use a "
                "set such as {\"a\", \"b\"} for other values)";
      break;
    case RangeGeneratorNotCallable:
      Message = "the generator of the interval of " + Name +
                " cannot be called with an index; write it as a lambda such as "
                "[](auto i) { return 2 * i; }";
      break;
    default:
      Message = "the range of " + Name + " is neither a set nor an interval";
      break;
    }
    const std::optional<SourcePosition> Value = Culprit ? positionAt(*Culprit) : std::nullopt;
    error(Value.value_or(Parameter.Range.Expr.Begin), Message);
  }

  void checkConstraint(const PlacedExpression &X, const ExpressionFacts &F) {
    const std::string Name = quoted(Spec.Parameters[X.Owner].Name.Name);
    const std::string Type = quoted(Result.Parameters[X.Owner].TypeName);

    // An alias compares the candidate with an expression of the path, which
    // cannot hold the candidate itself.
    for (const AliasCall &Call : F.AliasCalls)
      for (const SymbolUse &Use : F.Uses)
        if (Use.Kind == SymbolKind::Parameter && Use.Index == X.Owner &&
            Use.Offset >= Call.ArgumentBegin && Use.Offset < Call.ArgumentEnd) {
          if (std::optional<SourcePosition> Where = positionAt(Call.Offset))
            error(*Where, "the argument of " + std::string(conjunctShapeName(Call.Shape)) +
                              "(...) names " + Name +
                              ", the parameter it constrains; an alias compares " + Name +
                              " with an expression of inputs and other parameters (write a "
                              "condition such as '" +
                              Spec.Parameters[X.Owner].Name.Name + " % 2 == 0' instead)");
          break;
        }

    for (const UnitConjunct &C : F.Conjuncts)
      if (std::optional<SourceExpr> Text = textAt(C.Begin, C.End); Text && !C.NumberType.empty())
        error(Text->Begin, numberConstraintMessage(Spec.Parameters[X.Owner].Name.Name, Text->Text,
                                                   C.NumberType, C.Constant));
    // A filter is the user's C++; an alias or a bound compares numbers.
    for (const ExpressionFacts::SignMixingAt &M : F.SignMixings)
      for (const UnitConjunct &C : F.Conjuncts)
        if (C.Shape == ConjunctShape::Predicate && M.Offset >= C.Begin && M.Offset < C.End)
          if (std::optional<SourcePosition> Where = positionAt(M.Offset))
            report(M.Negative ? Severity::Error : Severity::Warning, *Where, M.Message);

    if (!F.Status || *F.Status == ConstraintOk)
      return;
    const int Status = *F.Status;
    if (Status >= ConstraintRelationBase) {
      const auto Shape = static_cast<ConjunctShape>(Status - ConstraintRelationBase);
      const std::string Alias = std::string(conjunctShapeName(Shape)) + "(...)";
      auto Call = std::find_if(F.AliasCalls.begin(), F.AliasCalls.end(),
                               [&](const AliasCall &C) { return C.Shape == Shape; });
      std::optional<SourcePosition> Where =
          Call != F.AliasCalls.end() ? positionAt(Call->Offset) : std::nullopt;
      const std::string Argument = Call != F.AliasCalls.end()
                                       ? " and its argument has type " + quoted(Call->ArgumentType)
                                       : "";
      const bool Arithmetic = Shape == ConjunctShape::Divides || Shape == ConjunctShape::MultipleOf;
      error(Where.value_or(X.Expr->Begin),
            Arithmetic
                ? Alias + " in the constraint of " + Name + " needs numbers, but " + Name +
                      " has type " + Type + Argument
                : Alias + " in the constraint of " + Name + " cannot compare " + Name +
                      " (of type " + Type + ") with its argument" +
                      (Call != F.AliasCalls.end() ? " of type " + quoted(Call->ArgumentType) : ""));
      return;
    }
    std::string Message;
    if (Status == ConstraintNotCallable && F.Kind == ValueKind::Lambda)
      Message = "the lambda in the constraint of " + Name + " cannot be called with a value of " +
                Name + " (of type " + Type + ")";
    else if (Status == ConstraintNotCallable && F.Kind == ValueKind::ConstraintObject)
      Message = "a lambda in the constraint of " + Name + " cannot be called with a value of " +
                Name + " (of type " + Type + ")";
    else if (Status == ConstraintResultNotCondition)
      Message = "the lambda in the constraint of " + Name + " does not return a condition for a " +
                "value of type " + Type;
    else
      Message = "the constraint of " + Name + " has type " + quoted(F.ValueType) +
                ", which is not a condition: write a boolean expression, an alias such as "
                "divides(N), or a lambda taking the value of " +
                Name;
    error(X.Expr->Begin, Message);
  }

  /// Device limits are the run's: known once the device is open, and read
  /// by the tuner where atfc rewrote the user's name (TunerEmitter.cpp).
  void checkDeviceLimits(const PlacedExpression &X, const ExpressionFacts &F) {
    bool Rewritable = true;
    for (const SymbolUse &Use : F.Uses) {
      if (Use.Kind != SymbolKind::DeviceLimit)
        continue;
      const std::optional<SourcePosition> Where = positionAt(Use.Offset);
      if (!Where)
        continue;
      const std::string Limit = quoted(Use.DeviceLimit);
      const bool OpenCL = StringRef(Use.DeviceLimit).startswith("ocl::");
      const DeviceBackend Needed = OpenCL ? DeviceBackend::OpenCL : DeviceBackend::CUDA;
      std::string Problem;
      if (Spec.Device.Backend != Needed)
        Problem = "the device limit " + Limit + " is only known when the file tunes " +
                  (OpenCL ? "an OpenCL" : "a CUDA") + " kernel; add the " +
                  (OpenCL ? "#atf::ocl::" : "#atf::cuda::") +
                  " directives, or make the limit an input (#atf::var)";
      else if (X.Role == ExpressionRole::InputValue ||
               (X.Role == ExpressionRole::KernelInput &&
                Spec.Device.Inputs[X.Owner].Kind != KernelInputKind::Local))
        Problem = "the device limit " + Limit + " is not known yet where " +
                  (X.Role == ExpressionRole::InputValue ? "an input's value" : "a kernel input") +
                  " is made, before the device is opened; name it in a range, a constraint or a "
                  "launch size";
      else if (!Use.Macro.empty())
        Problem = "the device limit " + Limit + " is named in the expansion of the macro " +
                  quoted(Use.Macro) +
                  "; the tuner reads device limits from the run where the file names them, "
                  "which atfc can arrange in a macro only for a whole argument that the macro "
                  "neither pastes nor stringifies: name the limit outside the macro";
      else if (Use.InUsingDeclaration)
        Problem = "a using-declaration of the device limit " + Limit +
                  "; the tuner reads device limits from the run where the file names them: "
                  "name the limit where it is used (a using-directive such as "
                  "'using namespace atf::ocl;' is fine)";
      if (!Problem.empty()) {
        error(*Where, Problem);
        Rewritable = false;
      } else if (!addDeviceLimitReference(Use)) {
        error(*Where, "internal error: cannot find the characters of the device limit " + Limit);
        Rewritable = false;
      }
    }
    if (!Rewritable)
      return;
    for (const LambdaIntroducer &L : F.LimitLambdas)
      if (std::optional<SourcePosition> Bracket = positionAt(L.Bracket))
        Result.DeviceLimitCaptures.push_back({*Bracket, L.HasCaptures});
  }

  /// File order, each lambda once.
  void sortDeviceLimitRewrites() {
    auto Before = [](SourcePosition A, SourcePosition B) {
      return std::pair(A.Line, A.Column) < std::pair(B.Line, B.Column);
    };
    std::sort(Result.DeviceLimitReferences.begin(), Result.DeviceLimitReferences.end(),
              [&](const auto &A, const auto &B) { return Before(A.Begin, B.Begin); });
    std::vector<DeviceLimitCapture> &Captures = Result.DeviceLimitCaptures;
    std::sort(Captures.begin(), Captures.end(),
              [&](const auto &A, const auto &B) { return Before(A.Bracket, B.Bracket); });
    Captures.erase(std::unique(Captures.begin(), Captures.end(),
                               [](const auto &A, const auto &B) { return A.Bracket == B.Bracket; }),
                   Captures.end());
  }

  /// Records where the tuner rewrites Use; false when its characters are
  /// not one run of one expression's text.
  bool addDeviceLimitReference(const SymbolUse &Use) {
    std::optional<UserCharacter> First = Unit.userCharacterAt(Use.Offset);
    std::optional<UserCharacter> Last =
        Use.End > Use.Offset ? Unit.userCharacterAt(Use.End - 1) : std::nullopt;
    if (!First || !Last || First->Expression != Last->Expression ||
        Last->TextIndex < First->TextIndex)
      return false;
    const SourcePosition Begin = placed(First->Expression).Expr->positionOf(First->TextIndex);
    for (const DeviceLimitReference &R : Result.DeviceLimitReferences)
      if (R.Begin == Begin) // a lambda's body seen twice
        return true;
    Result.DeviceLimitReferences.push_back(
        {Use.DeviceLimit, Begin, Last->TextIndex - First->TextIndex + 1});
    return true;
  }

  /// A kernel's arguments are made once, before any configuration: they
  /// may name inputs, not tuning parameters.
  void checkKernelInputNames(const PlacedExpression &X, const ExpressionFacts &F) {
    // A local argument is sized at each launch, like the launch sizes.
    if (Spec.Device.Inputs[X.Owner].Kind == KernelInputKind::Local)
      return;
    for (const SymbolUse &Use : F.Uses)
      if (Use.Kind == SymbolKind::Parameter)
        if (std::optional<SourcePosition> Where = positionAt(Use.Offset)) {
          error(*Where, "kernel input " + std::to_string(X.Owner + 1) + " names the tuning " +
                            "parameter " + quoted(Spec.Parameters[Use.Index].Name.Name) +
                            "; the kernel's arguments are made once for all configurations, so "
                            "their sizes and values may only name inputs (#atf::var): size the "
                            "buffer for the largest value instead");
          return;
        }
  }

  //===--------------------------------------------------------------------===//
  // Names and conjuncts
  //===--------------------------------------------------------------------===//

  /// Adds the uses of F with offsets in [Begin, End) to Names, leaving out
  /// parameter Self (none: Self = npos).
  static void addUses(NameReferences &Names, const ExpressionFacts &F, std::size_t Self,
                      unsigned Begin = 0, unsigned End = ~0u) {
    for (const SymbolUse &Use : F.Uses) {
      if (Use.Offset < Begin || Use.Offset >= End)
        continue;
      switch (Use.Kind) {
      case SymbolKind::Input:
        addSorted(Names.Inputs, Use.Index);
        break;
      case SymbolKind::Parameter:
        if (Use.Index != Self)
          addSorted(Names.Parameters, Use.Index);
        break;
      case SymbolKind::DeviceLimit:
        addSorted(Names.DeviceLimits, Use.DeviceLimit);
        break;
      }
    }
  }

  void collectNames() {
    constexpr std::size_t None = static_cast<std::size_t>(-1);
    for (unsigned I = 0; I < Unit.Expressions.size(); ++I) {
      const PlacedExpression &X = placed(I);
      const ExpressionFacts &F = Facts.Expressions[I];
      for (const SymbolUse &Use : F.Uses)
        if (Use.Kind == SymbolKind::Input)
          Result.Inputs[Use.Index].Used = true;
      // Clang's AST of an expression with an error (or one that uses a
      // declaration with an error) may miss names: there, an input the text
      // mentions counts as used, and a constraint depends on the parameters
      // its text mentions, so that groups stay as complete as they can.
      if (ExpressionHasError[I] || F.ContainsErrors) {
        for (std::size_t J = 0; J < Spec.Inputs.size(); ++J)
          Result.Inputs[J].Used |= mentions(X.Expr->Text, Spec.Inputs[J].Name.Name);
        if (X.Role == ExpressionRole::Constraint)
          for (std::size_t J = 0; J < Spec.Parameters.size(); ++J)
            if (std::size_t At = mentionIndex(X.Expr->Text, Spec.Parameters[J].Name.Name);
                J != X.Owner && At != StringRef::npos) {
              addSorted(Result.Parameters[X.Owner].ConstraintNames.Parameters, J);
              References.push_back({X.Owner, J, X.Expr->positionOf(At)});
            }
      }
      if (X.Role == ExpressionRole::Constraint)
        for (const SymbolUse &Use : F.Uses)
          if (Use.Kind == SymbolKind::Parameter && Use.Index != X.Owner)
            if (std::optional<SourcePosition> Where = positionAt(Use.Offset))
              References.push_back({X.Owner, Use.Index, *Where});
      if (X.Role == ExpressionRole::InputValue)
        addUses(Result.Inputs[X.Owner].ValueNames, F, None);
      else if (X.Role == ExpressionRole::Range)
        addUses(Result.Parameters[X.Owner].RangeNames, F, None);
      else if (X.Role == ExpressionRole::Constraint)
        addUses(Result.Parameters[X.Owner].ConstraintNames, F, X.Owner);
    }
  }

  void collectConjuncts() {
    for (unsigned I = 0; I < Unit.Expressions.size(); ++I) {
      const PlacedExpression &X = placed(I);
      const ExpressionFacts &F = Facts.Expressions[I];
      if (X.Role != ExpressionRole::Constraint || ExpressionHasError[I])
        continue;
      std::vector<ConstraintConjunct> Conjuncts;
      for (const UnitConjunct &C : F.Conjuncts) {
        std::optional<SourceExpr> Text = textAt(C.Begin, C.End);
        if (!Text) {
          Conjuncts.clear();
          break;
        }
        ConstraintConjunct Conjunct;
        Conjunct.Shape = C.Shape;
        Conjunct.Form = C.Form;
        Conjunct.Expr = std::move(*Text);
        addUses(Conjunct.Names, F, static_cast<std::size_t>(-1), C.Begin, C.End);
        Conjuncts.push_back(std::move(Conjunct));
      }
      Result.Parameters[X.Owner].Conjuncts = std::move(Conjuncts);
    }
  }

  //===--------------------------------------------------------------------===//
  // Groups, order, unused inputs
  //===--------------------------------------------------------------------===//

  void groupParameters() {
    std::vector<std::vector<std::size_t>> Dependencies;
    for (const AnalyzedParameter &Parameter : Result.Parameters)
      Dependencies.push_back(Parameter.ConstraintNames.Parameters);
    ParameterOrder Order = orderParameters(Dependencies);
    for (std::vector<std::size_t> &Group : Order.Groups)
      Result.Groups.push_back({std::move(Group)});
    for (std::size_t P = 0; P < Result.Parameters.size(); ++P)
      Result.Parameters[P].Group = Order.GroupOf[P];
    std::vector<std::string> Names;
    std::vector<SourcePosition> Directives;
    for (const TuningParameter &Parameter : Spec.Parameters) {
      Names.push_back(Parameter.Name.Name);
      Directives.push_back(Parameter.Directive);
    }
    for (const std::vector<std::size_t> &Component : Order.Cycles)
      Result.Diagnostics.push_back(
          cycleDiagnostic(Component, References, Names, Directives, FileName));
  }

  /// Whether Text names Name as a whole word (outside nothing: a crude
  /// check for arguments that are not type-checked).
  static bool mentions(StringRef Text, StringRef Name) {
    return mentionIndex(Text, Name) != StringRef::npos;
  }
  /// Where Text first names Name as a whole word; npos for nowhere.
  static std::size_t mentionIndex(StringRef Text, StringRef Name) {
    for (std::size_t At = Text.find(Name); At != StringRef::npos; At = Text.find(Name, At + 1)) {
      const bool StartsWord = At == 0 || !lexing::isIdentifierChar(Text[At - 1]);
      const bool EndsWord =
          At + Name.size() == Text.size() || !lexing::isIdentifierChar(Text[At + Name.size()]);
      if (StartsWord && EndsWord)
        return At;
    }
    return StringRef::npos;
  }

  void warnUnusedInputs() {
    // Arguments that are not type-checked (yet) count as uses when they
    // mention the input, so that the warning is never wrong about them.
    std::vector<StringRef> Others;
    for (const std::optional<SourceExpr> *X :
         {&Spec.SearchTechnique, &Spec.AbortCondition, &Spec.Seed, &Spec.Timeout, &Spec.Warmups,
          &Spec.Repetitions, &Spec.Device.Index, &Spec.Device.PlatformId, &Spec.Device.DeviceId})
      if (*X)
        Others.push_back((*X)->Text);
    for (const std::optional<StringArgument> *S :
         {&Spec.CompileScript, &Spec.RunScript, &Spec.CostFile})
      if (*S)
        Others.push_back((*S)->Value);
    for (const ObjectiveSpec &O : Spec.Objectives)
      if (O.Derived)
        Others.push_back(O.Derived->Text);
    if (Spec.Check) {
      if (Spec.Check->Tolerance)
        Others.push_back(Spec.Check->Tolerance->Text);
      if (Spec.Check->Relative)
        Others.push_back(Spec.Check->Relative->Text);
      for (const ReferenceValue &Value : Spec.Check->Reference)
        Others.push_back(Value.Value.Text);
    }
    for (std::size_t I = 0; I < Spec.Inputs.size(); ++I) {
      const std::string &Name = Spec.Inputs[I].Name.Name;
      Result.Inputs[I].Used |= std::any_of(Others.begin(), Others.end(),
                                           [&](StringRef Text) { return mentions(Text, Name); });
      if (!Result.Inputs[I].Used)
        report(Severity::Warning, Spec.Inputs[I].Name.Position,
               "input " + quoted(Name) + " is never used");
    }
  }

  const TuningSpec &Spec;
  std::string FileName;
  SyntheticUnit Unit;
  UnitFacts Facts;
  /// Per placed expression: whether an error was reported in or for it.
  std::vector<bool> ExpressionHasError;
  /// Where constraints name other parameters (CycleReport.h).
  std::vector<ParameterReference> References;
  AnalyzedSpec Result;
};

} // namespace

AnalyzedSpec analyzeSpec(const TuningSpec &Spec, StringRef FileName) {
  // Clang recurses per nesting level of an expression: on a thread whose
  // stack holds every expression that ExpressionSize.h lets through.
  AnalyzedSpec Result;
  llvm::thread Analysis(llvm::Optional<unsigned>(kAnalysisStackBytes),
                        [&] { Result = SpecAnalyzer(Spec, FileName).run(); });
  Analysis.join();
  return Result;
}

} // namespace atfc
