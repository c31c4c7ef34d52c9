//===- Frontend/UnitASTReader.cpp - Facts from the unit's AST -*- C++ -*-===//
//
// Finds the synthetic declarations by name among the unit's top-level
// declarations, then walks each user expression with a RecursiveASTVisitor.
// A DeclRefExpr names an input or a tuning parameter when it refers to one of
// the unit's own declarations of it (a global input, or a parameter of a
// check function); a lambda's parameter of the same name does not count.
//
//===----------------------------------------------------------------------===//
#include "Frontend/UnitASTReader.h"

#include "Frontend/ConstantInterval.h"
#include "Frontend/ConstraintLowering.h"
#include "Frontend/ImpureCalls.h"
#include "Frontend/SignMixing.h"

#include "Directives/DirectiveLexing.h"
#include "Support/Diagnostic.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace atfc {

using namespace clang;

std::optional<unsigned> UnitOffsets::offsetOf(clang::SourceLocation Loc) const {
  if (Loc.isInvalid())
    return std::nullopt;
  const SourceManager &SM = Context.getSourceManager();
  const std::pair<FileID, unsigned> Decomposed = SM.getDecomposedLoc(SM.getFileLoc(Loc));
  if (Decomposed.first != SM.getMainFileID())
    return std::nullopt;
  return Decomposed.second;
}

std::optional<unsigned> UnitOffsets::endOf(clang::SourceLocation Loc) const {
  if (Loc.isInvalid())
    return std::nullopt;
  const SourceManager &SM = Context.getSourceManager();
  // A token of a macro's body ends where the macro's invocation ends (its
  // file location is where the invocation begins); an argument's token is
  // where the user wrote it.
  const clang::SourceLocation Last = Loc.isMacroID() && !SM.isMacroArgExpansion(Loc)
                                         ? SM.getExpansionRange(Loc).getEnd()
                                         : SM.getFileLoc(Loc);
  return offsetOf(Lexer::getLocForEndOfToken(SM.getFileLoc(Last), 0, SM, Context.getLangOpts()));
}

std::string printType(const ASTContext &Context, QualType T) {
  if (T.isNull())
    return "";
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl()))
    if (Spec->getName() == "basic_string" && Spec->isInStdNamespace() &&
        Spec->getTemplateArgs().size() > 0 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
        Spec->getTemplateArgs()[0].getAsType()->isCharType())
      return "std::string";
  PrintingPolicy Policy(Context.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Policy.PrintCanonicalTypes = true;
  return T.getAsString(Policy);
}

std::string valueTypeProblem(const ASTContext &Context, QualType T, llvm::StringRef Subject) {
  if (T.isNull() || T->isDependentType())
    return "";
  const std::string Type = quoted(printType(Context, T));
  if (T.isConstQualified() || T.isVolatileQualified())
    return (Subject + " cannot have the " + (T.isConstQualified() ? "const" : "volatile") +
            " type " + quoted(T.getAsString(Context.getPrintingPolicy())) + ": write " + Type)
        .str();
  const QualType C = T.getCanonicalType();
  if (C->isIntegerType() && !C->isEnumeralType() && Context.getIntWidth(C) > 64)
    return (Subject + " cannot have the type " + Type + " of " +
            std::to_string(Context.getIntWidth(C)) + " bits: its integers have at most 64")
        .str();
  const bool Holds = C->isBooleanType() || (C->isIntegerType() && !C->isEnumeralType()) ||
                     C->isSpecificBuiltinType(BuiltinType::Float) ||
                     C->isSpecificBuiltinType(BuiltinType::Double) ||
                     C->isSpecificBuiltinType(BuiltinType::LongDouble) ||
                     printType(Context, C) == "std::string" ||
                     (C->isPointerType() && C->getPointeeType()->isCharType());
  if (Holds)
    return "";
  return (Subject + " cannot have the type " + Type +
          ": its values are integers of at most 64 bits, float, double, long double, bool or "
          "std::string")
      .str();
}

namespace {

/// Whether the type Text, as written, has `const` among its specifiers
/// (`const int`, `int const`, `const char *`; not `char *const`): a
/// `const` outside brackets before the first `*` or `&` outside brackets.
/// The tuner declares an input `const TYPE N`, where C++ refuses a second
/// `const` specifier.
bool hasConstSpecifier(llvm::StringRef Text) {
  int Depth = 0;
  for (std::size_t I = 0; I < Text.size();) {
    const char C = Text[I];
    if (lexing::isIdentifierStart(C)) {
      const std::size_t End = lexing::wordEnd(Text, I);
      if (Depth == 0 && Text.slice(I, End) == "const")
        return true;
      I = End;
      continue;
    }
    if (llvm::StringRef("<([{").contains(C))
      ++Depth;
    else if (llvm::StringRef(">)]}").contains(C))
      --Depth;
    else if (Depth == 0 && (C == '*' || C == '&'))
      return false;
    ++I;
  }
  return false;
}

bool isInNamespace(const DeclContext *Context, llvm::StringRef Name, bool AtTopLevel) {
  const auto *Namespace = dyn_cast<NamespaceDecl>(Context);
  return Namespace && Namespace->getName() == Name &&
         (!AtTopLevel || Namespace->getDeclContext()->isTranslationUnit());
}

class UnitReader;

/// Collects the names and alias calls of one expression.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  UseCollector(const UnitReader &Reader, ExpressionFacts &Facts) : Reader(Reader), Facts(Facts) {}

  bool VisitDeclRefExpr(DeclRefExpr *E);
  bool VisitCallExpr(CallExpr *E);
  bool VisitUsingDecl(UsingDecl *D);
  /// Keeps the lambdas around the node being visited.
  bool TraverseLambdaExpr(LambdaExpr *E) {
    Lambdas.push_back(E);
    const bool Continue = RecursiveASTVisitor::TraverseLambdaExpr(E);
    Lambdas.pop_back();
    return Continue;
  }

private:
  /// Notes where the tuner rewrites device limit Use, named at [Begin, End].
  void noteDeviceLimit(SymbolUse &Use, clang::SourceLocation Begin, clang::SourceLocation End);
  /// Whether [Begin, End] is one argument of a macro, written by the user,
  /// that the macro neither pastes nor stringifies.
  bool isPlainMacroArgument(clang::SourceLocation Begin, clang::SourceLocation End) const;

  const UnitReader &Reader;
  ExpressionFacts &Facts;
  std::vector<const LambdaExpr *> Lambdas;
};

class UnitReader {
public:
  UnitReader(ASTContext &Context, const Preprocessor &PP, const SyntheticUnit &Unit,
             const TuningSpec &Spec)
      : Context(Context), PP(PP), Unit(Unit), Spec(Spec), Offsets(Context) {
    for (std::size_t I = 0; I < Spec.Inputs.size(); ++I)
      InputIndex[Spec.Inputs[I].Name.Name] = I;
    for (Decl *D : Context.getTranslationUnitDecl()->decls()) {
      const auto *Named = dyn_cast<NamedDecl>(D);
      std::optional<unsigned> Offset = Offsets.offsetOf(D->getLocation());
      if (Named && Named->getIdentifier() && Offset && *Offset >= Unit.PreludeEnd)
        TopLevel[Named->getName()] = Named;
    }
  }

  UnitFacts read() {
    UnitFacts Facts;
    Facts.Expressions.resize(Unit.Expressions.size());
    for (std::size_t I = 0; I < Unit.Expressions.size(); ++I)
      readExpression(Unit.Expressions[I], Facts.Expressions[I]);
    for (std::size_t I = 0; I < Spec.Inputs.size(); ++I) {
      Facts.InputTypes.push_back(aliasedType(synthetic::inputTypeAlias(I)));
      // The alias drops the const that the unit's declaration adds to the
      // input's type: a const of the user's is seen in the text.
      const std::optional<SourceExpr> &Type = Spec.Inputs[I].Type;
      Facts.InputTypeProblems.push_back(
          Type && hasConstSpecifier(Type->Text)
              ? "an input is constant already, and the tuner declares it 'const': leave out "
                "the 'const' of its type"
              : typeProblem(synthetic::inputTypeAlias(I), "an input"));
    }
    for (std::size_t I = 0; I < Spec.Parameters.size(); ++I) {
      Facts.ParameterTypes.push_back(aliasedType(synthetic::parameterTypeAlias(I)));
      Facts.ParameterTypeProblems.push_back(
          typeProblem(synthetic::parameterTypeAlias(I), "a tuning parameter"));
      Facts.RangeValueTypes.push_back(aliasedType(synthetic::rangeValueAlias(I)));
      Facts.RangeStatuses.push_back(statusOf(find<VarDecl>(synthetic::rangeStatusVariable(I))));
      Facts.RangeCulpritOffsets.push_back(setCulpritOffset(I));
    }
    return Facts;
  }

  /// Where the value at fault of parameter I's set starts (its index is the
  /// prelude's range_culprit), found among the arguments of `set(...)` and
  /// of the `chunk(...)`s that SyntheticUnit.cpp wrote into it.
  std::optional<unsigned> setCulpritOffset(std::size_t I) const {
    const std::optional<int> Culprit = statusOf(find<VarDecl>(synthetic::setCulpritVariable(I)));
    const VarDecl *Holder = find<VarDecl>(synthetic::rangeVariable(I));
    if (!Culprit || *Culprit < 0 || !Holder || Holder->isInvalidDecl() || !Holder->getInit())
      return std::nullopt;
    int Remaining = *Culprit;
    const Expr *Value =
        findSetValue(Holder->getInit(), [&](const Expr *) { return Remaining-- == 0; });
    return Value ? Offsets.offsetOf(Value->getBeginLoc()) : std::nullopt;
  }

  /// The first value of the `set(...)` Range (through the `chunk(...)`s
  /// that SyntheticUnit.cpp wrote into it) for which Pick holds; null for
  /// none, or when Range is no set.
  static const Expr *findSetValue(const Expr *Range, llvm::function_ref<bool(const Expr *)> Pick) {
    auto CallOf = [](const Expr *E, llvm::StringRef Name) -> const CallExpr * {
      const auto *Call = dyn_cast<CallExpr>(E->IgnoreImplicit()->IgnoreParens());
      const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
      return Callee && Callee->getIdentifier() && Callee->getName() == Name ? Call : nullptr;
    };
    std::function<const Expr *(const CallExpr *)> Find = [&](const CallExpr *Call) {
      for (const Expr *Argument : Call->arguments()) {
        if (const CallExpr *Chunk = CallOf(Argument, "chunk")) {
          if (const Expr *Found = Find(Chunk))
            return Found;
        } else if (Pick(Argument)) {
          return Argument;
        }
      }
      return static_cast<const Expr *>(nullptr);
    };
    const CallExpr *Set = CallOf(Range, "set");
    return Set ? Find(Set) : nullptr;
  }

  /// What D is, when it is one of the names the analysis tracks.
  std::optional<SymbolUse> resolve(const ValueDecl *D) const {
    if (const auto *Parameter = dyn_cast<ParmVarDecl>(D)) {
      const auto *Function = dyn_cast<FunctionDecl>(Parameter->getDeclContext());
      if (!Function || !Function->getIdentifier() ||
          find<FunctionDecl>(Function->getName()) != Function)
        return std::nullopt;
      const unsigned Index = Parameter->getFunctionScopeIndex();
      SymbolUse Use;
      Use.Kind = Index < Unit.NumInputs ? SymbolKind::Input : SymbolKind::Parameter;
      Use.Index = Index < Unit.NumInputs ? Index : Index - Unit.NumInputs;
      return Use;
    }
    const auto *Variable = dyn_cast<VarDecl>(D);
    if (!Variable || !Variable->getIdentifier())
      return std::nullopt;
    const DeclContext *Scope = Variable->getDeclContext();
    if (Scope->isTranslationUnit()) {
      auto Input = InputIndex.find(Variable->getName());
      if (Input == InputIndex.end() || find<VarDecl>(Variable->getName()) != Variable)
        return std::nullopt;
      SymbolUse Use;
      Use.Kind = SymbolKind::Input;
      Use.Index = Input->second;
      return Use;
    }
    if ((isInNamespace(Scope, "ocl", false) || isInNamespace(Scope, "cuda", false)) &&
        isInNamespace(Scope->getParent(), "atf", true)) {
      SymbolUse Use;
      Use.Kind = SymbolKind::DeviceLimit;
      Use.DeviceLimit = (cast<NamespaceDecl>(Scope)->getName() + "::" + Variable->getName()).str();
      return Use;
    }
    return std::nullopt;
  }

  const UnitOffsets &offsets() const { return Offsets; }
  const ASTContext &context() const { return Context; }
  const Preprocessor &preprocessor() const { return PP; }
  llvm::StringRef unitText() const { return Unit.Text; }

private:
  template <class T> const T *find(llvm::StringRef Name) const {
    auto Found = TopLevel.find(Name);
    return Found == TopLevel.end() ? nullptr : dyn_cast<T>(Found->second);
  }

  std::string aliasedType(llvm::StringRef Alias) const {
    const auto *Decl = find<TypedefNameDecl>(Alias);
    return Decl && !Decl->isInvalidDecl() ? printType(Context, Decl->getUnderlyingType()) : "";
  }

  std::string typeProblem(llvm::StringRef Alias, llvm::StringRef Subject) const {
    const auto *Decl = find<TypedefNameDecl>(Alias);
    return Decl && !Decl->isInvalidDecl()
               ? valueTypeProblem(Context, Decl->getUnderlyingType(), Subject)
               : "";
  }

  static std::optional<int> statusOf(const VarDecl *Variable) {
    if (!Variable || Variable->isInvalidDecl())
      return std::nullopt;
    const Expr *Init = Variable->getInit();
    if (!Init || Init->containsErrors() || Init->isValueDependent())
      return std::nullopt;
    const APValue *Value = Variable->evaluateValue();
    if (!Value || !Value->isInt())
      return std::nullopt;
    return static_cast<int>(Value->getInt().getExtValue());
  }

  /// The variable Name declared at the top of Function's body.
  static const VarDecl *localVariable(const FunctionDecl *Function, llvm::StringRef Name) {
    const auto *Body = Function ? dyn_cast_or_null<CompoundStmt>(Function->getBody()) : nullptr;
    if (!Body)
      return nullptr;
    for (const Stmt *S : Body->body())
      if (const auto *Declaration = dyn_cast<DeclStmt>(S))
        for (const Decl *D : Declaration->decls())
          if (const auto *Variable = dyn_cast<VarDecl>(D);
              Variable && Variable->getIdentifier() && Variable->getName() == Name)
            return Variable;
    return nullptr;
  }

  void readExpression(const PlacedExpression &Placed, ExpressionFacts &Facts) {
    const Expr *Value = nullptr;
    const FunctionDecl *Function = nullptr;
    switch (Placed.Role) {
    case ExpressionRole::InputType:
    case ExpressionRole::ParameterType:
      return; // a type: nothing to walk
    case ExpressionRole::InputValue:
    case ExpressionRole::Range:
      if (const VarDecl *Holder = find<VarDecl>(Placed.HolderName);
          Holder && !Holder->isInvalidDecl())
        Value = Holder->getInit();
      break;
    case ExpressionRole::Constraint:
    case ExpressionRole::Size:
    case ExpressionRole::KernelInput:
    case ExpressionRole::PlainArgument:
    case ExpressionRole::DerivedObjective:
      Function = find<FunctionDecl>(Placed.HolderName);
      if (const VarDecl *Holder = localVariable(Function, synthetic::ValueVariable);
          Holder && !Holder->isInvalidDecl()) {
        Value = Holder->getInit();
        Facts.ValueType = printType(Context, Holder->getType());
        const CXXRecordDecl *Record = Holder->getType().getNonReferenceType()->getAsCXXRecordDecl();
        if (Record && Record->isLambda())
          Facts.Kind = ValueKind::Lambda;
        else if (isConstraintObject(Record))
          Facts.Kind = ValueKind::ConstraintObject;
      }
      Facts.Status = statusOf(localVariable(Function, synthetic::StatusVariable));
      break;
    }
    // Without a valid value (Clang dropped it after an error, possibly one
    // in a declaration it uses) the facts are incomplete.
    Facts.ContainsErrors = !Value || Value->containsErrors();
    if (!Value)
      return;
    UseCollector(*this, Facts).TraverseStmt(const_cast<Expr *>(Value));
    for (ImpureCall &Call : impureCallsIn(Value))
      if (std::optional<unsigned> Offset = Offsets.offsetOf(Call.Where))
        Facts.ImpureCalls.push_back({*Offset, std::move(Call.Name)});

    if (Placed.Role == ExpressionRole::Range && !Facts.ContainsErrors) {
      readInterval(Value, Placed.Owner, Facts);
      readSetValues(Value, Placed.Owner, Facts);
    }
    if (Placed.Role == ExpressionRole::InputValue && !Facts.ContainsErrors)
      readInputValue(Value, Placed.Owner, Facts);
    if (Placed.Role == ExpressionRole::KernelInput && !Facts.ContainsErrors)
      readLocalCount(Value, Facts);
    if (Placed.Role == ExpressionRole::PlainArgument && !Facts.ContainsErrors)
      readPlainValue(Value, Facts);
    if (Placed.Role != ExpressionRole::Constraint || Facts.ContainsErrors)
      return;
    const std::size_t CandidateIndex = Unit.NumInputs + Placed.Owner;
    if (!Function || Function->getNumParams() <= CandidateIndex)
      return;
    auto NamesCandidate = [&](unsigned Begin, unsigned End) {
      return std::any_of(Facts.Uses.begin(), Facts.Uses.end(), [&](const SymbolUse &Use) {
        return Use.Kind == SymbolKind::Parameter && Use.Index == Placed.Owner &&
               Use.Offset >= Begin && Use.Offset < End;
      });
    };
    Facts.Conjuncts =
        lowerConstraint(Value, Function->getParamDecl(CandidateIndex), Offsets, NamesCandidate);
    for (SignMixing &Mixing :
         signMixingIn(Context, Value, [&](const Expr *E) { return constantInputValue(E); }))
      if (std::optional<unsigned> Offset = Offsets.offsetOf(Mixing.Operator))
        Facts.SignMixings.push_back({*Offset, Mixing.Negative, std::move(Mixing.Message)});
  }

  /// The value of E where it names a constant input whose value is an
  /// integer constant (`OFF` of `var<int> OFF = -1`).
  std::optional<llvm::APSInt> constantInputValue(const Expr *E) const {
    const auto *Reference = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const std::optional<SymbolUse> Use = Reference ? resolve(Reference->getDecl()) : std::nullopt;
    if (!Use || Use->Kind != SymbolKind::Input ||
        Spec.Inputs[Use->Index].Kind != InputKind::Constant)
      return std::nullopt;
    const VarDecl *Value = find<VarDecl>(synthetic::inputValueVariable(Use->Index));
    Expr::EvalResult Result;
    if (!Value || Value->isInvalidDecl() || !Value->getInit() ||
        Value->getInit()->isValueDependent() || !Value->getInit()->EvaluateAsInt(Result, Context))
      return std::nullopt;
    return Result.Val.getInt();
  }

  /// Reads the value of constant input I, whose type is written: a constant
  /// that the type cannot hold as it is (`var<unsigned> U = -1`), which the
  /// tuner would convert into another number, as it would a set's value.
  void readInputValue(const Expr *Value, std::size_t I, ExpressionFacts &Facts) const {
    const VarDecl *Input = find<VarDecl>(Spec.Inputs[I].Name.Name);
    if (!Spec.Inputs[I].Type || !Input || Input->isInvalidDecl())
      return;
    const QualType Type = Input->getType();
    if (Type->isDependentType() || !(Type->isIntegerType() || Type->isRealFloatingType()))
      return;
    // The user's expression, without the conversion into the input's type
    // and the unit's parentheses around it.
    const Expr *Written = Value->IgnoreImpCasts();
    if (const auto *Parentheses = dyn_cast<ParenExpr>(Written))
      Written = Parentheses->getSubExpr()->IgnoreImpCasts();
    if (std::optional<std::string> Problem = constantValueProblem(Context, Written, Type)) {
      Facts.InexactValueOffset = Offsets.offsetOf(Written->getBeginLoc());
      Facts.InexactValueDetail = std::move(*Problem);
    }
  }

  /// Reads the count of a `local<T>(count)` kernel input, when it is a
  /// constant.
  void readLocalCount(const Expr *Value, ExpressionFacts &Facts) const {
    const auto *Call = dyn_cast<CallExpr>(Value->IgnoreImplicit()->IgnoreParens());
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (Callee && Callee->getIdentifier() && Callee->getName() == "local" &&
        Call->getNumArgs() == 1)
      Facts.ConstantLocalCount = constantNumber(Context, Call->getArg(0));
  }

  /// Reads the value of a plain argument that is a constant: what the
  /// conversion (`static_cast<unsigned>(X)`, `timeoutSeconds(X)`) is of, and
  /// of a `duration<Unit>(N)` its N.
  void readPlainValue(const Expr *Value, ExpressionFacts &Facts) const {
    const Expr *Inner = Value->IgnoreImplicit()->IgnoreParens();
    std::optional<QualType> Target;
    if (const auto *Cast = dyn_cast<CXXStaticCastExpr>(Inner)) {
      Inner = Cast->getSubExpr();
      Target = writtenParameterType(Cast->getTypeAsWritten());
    } else if (const auto *Call = dyn_cast<CallExpr>(Inner); Call && Call->getNumArgs() == 1) {
      Inner = Call->getArg(0);
    }
    // (Clang puts a static_cast's conversion in an implicit cast below it.)
    Inner = Inner->IgnoreParenImpCasts();
    if (const auto *Functional = dyn_cast<CXXFunctionalCastExpr>(Inner))
      Inner = Functional->getSubExpr()->IgnoreImplicit()->IgnoreParens();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(Inner);
        Construct && Construct->getNumArgs() == 1)
      Inner = Construct->getArg(0);
    Facts.ConstantPlainValue = constantNumber(Context, Inner);
    if (Target && !(*Target)->isDependentType())
      Facts.PlainValueProblem = constantValueProblem(Context, Inner, *Target);
  }

  /// The first template argument of Call's callee as written (`size_t`,
  /// not `unsigned long`), for messages.
  static std::optional<QualType> writtenTypeArgument(const CallExpr &Call) {
    const auto *Callee = dyn_cast<DeclRefExpr>(Call.getCallee()->IgnoreImplicit());
    if (!Callee || Callee->getNumTemplateArgs() == 0 ||
        Callee->getTemplateArgs()[0].getArgument().getKind() != TemplateArgument::Type)
      return std::nullopt;
    return Callee->getTemplateArgs()[0].getArgument().getAsType();
  }

  /// Where Written is a parameter's type alias (a reference value's
  /// conversion), the parameter's type as its clause writes it, else as
  /// Clang sees it; nullopt for any other type.
  std::optional<QualType> writtenParameterType(QualType Written) const {
    const auto *Typedef = Written->getAs<TypedefType>();
    if (!Typedef)
      return std::nullopt;
    for (std::size_t I = 0; I < Spec.Parameters.size(); ++I)
      if (Typedef->getDecl()->getName() == synthetic::parameterTypeAlias(I))
        return typeClause(I).value_or(Typedef->getDecl()->getUnderlyingType().getCanonicalType());
    return std::nullopt;
  }

  /// The type that parameter I's `type` clause names, if it has one.
  std::optional<QualType> typeClause(std::size_t I) const {
    if (!Spec.Parameters[I].Type || Spec.Parameters[I].Type->Text.empty())
      return std::nullopt;
    const auto *Alias = find<TypedefNameDecl>(synthetic::parameterTypeAlias(I));
    if (!Alias || Alias->isInvalidDecl())
      return std::nullopt;
    return Alias->getUnderlyingType();
  }

  /// Reads the values of a `set(...)` range (through the chunks that
  /// SyntheticUnit.cpp wrote into it): the first constant that parameter
  /// I's type cannot hold as it is. The tuner converts each value into
  /// that type, and its compiler refuses some (1.5 into an int) and
  /// silently changes others.
  void readSetValues(const Expr *Value, std::size_t I, ExpressionFacts &Facts) const {
    const auto *Alias = find<TypedefNameDecl>(synthetic::parameterTypeAlias(I));
    if (!Alias || Alias->isInvalidDecl())
      return;
    // The clause as written ("uint8_t"), else the values' common type.
    const QualType Type = typeClause(I).value_or(Alias->getUnderlyingType().getCanonicalType());
    if (Type->isDependentType() || !(Type->isIntegerType() || Type->isRealFloatingType()))
      return;
    std::optional<std::string> Problem;
    if (const Expr *Culprit = findSetValue(Value, [&](const Expr *Argument) {
          return (Problem = constantValueProblem(Context, Argument, Type)).has_value();
        })) {
      Facts.InexactValueOffset = Offsets.offsetOf(Culprit->getBeginLoc());
      Facts.InexactValueDetail = std::move(*Problem);
    }
  }

  /// Reads an `interval(...)` range: whether it loops over integers, and
  /// what is wrong with its constant bounds or step (ConstantInterval.h).
  /// Parameter I's `type` clause, where it has one, is the type of an
  /// interval that names none (the tuner builds interval<clause>) and a
  /// type its bounds must be values of besides the interval's own.
  void readInterval(const Expr *Value, std::size_t I, ExpressionFacts &Facts) const {
    const auto *Call = dyn_cast<CallExpr>(Value->IgnoreImplicit()->IgnoreParens());
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || !Callee->getIdentifier() || Callee->getName() != "interval" ||
        Call->getNumArgs() < 2)
      return;
    const auto *Range =
        dyn_cast_or_null<ClassTemplateSpecializationDecl>(Call->getType()->getAsCXXRecordDecl());
    QualType Index;
    IntervalGenerator Generator = IntervalGenerator::Other;
    const std::optional<QualType> Clause = typeClause(I);
    if (Range && Range->getTemplateArgs().size() == 5) {
      const TemplateArgumentList &Args = Range->getTemplateArgs();
      auto IsInteger = [](QualType T) {
        return T->isIntegerType() && !T->isBooleanType() && !T->isEnumeralType();
      };
      auto IsNamed = [](QualType T, llvm::StringRef Name) {
        const auto *Record = T->getAsCXXRecordDecl();
        return Record && Record->getIdentifier() && Record->getName() == Name;
      };
      const QualType Written = Args[0].getAsType();
      const bool Deduced = IsNamed(Written, "deduce");
      const bool Integral = Deduced
                                ? IsInteger(Args[1].getAsType()) && IsInteger(Args[2].getAsType())
                                : IsInteger(Written);
      const bool Plain = IsNamed(Args[4].getAsType(), "no_generator");
      Facts.LoopsOverIntegers = Integral && Plain;
      // Deduced from bounds of one type, the values are of that type.
      if (!Deduced)
        Index = writtenTypeArgument(*Call).value_or(Written);
      else if (Clause)
        Index = *Clause;
      else if (Context.hasSameType(Args[1].getAsType(), Args[2].getAsType()))
        Index = Args[1].getAsType();
      Generator = Plain                                            ? IntervalGenerator::None
                  : IsNamed(Args[4].getAsType(), "pow2_generator") ? IntervalGenerator::Pow2
                                                                   : IntervalGenerator::Other;
    }
    ConstantIntervalProblem Problem = checkConstantInterval(Context, *Call, Index, Generator);
    if (Problem.Kind == IntervalProblem::None && Clause && !Index.isNull() &&
        !Context.hasSameType(*Clause, Index))
      if (ConstantIntervalProblem AsClause =
              checkConstantInterval(Context, *Call, *Clause, Generator);
          AsClause.Kind == IntervalProblem::OutsideType)
        Problem = std::move(AsClause);
    Facts.ConstantProblem = Problem.Kind;
    Facts.ConstantProblemOffset = Offsets.offsetOf(Problem.Where);
    Facts.ConstantProblemDetail = std::move(Problem.Detail);
  }

  ASTContext &Context;
  const Preprocessor &PP;
  const SyntheticUnit &Unit;
  const TuningSpec &Spec;
  UnitOffsets Offsets;
  llvm::StringMap<std::size_t> InputIndex;
  llvm::StringMap<const NamedDecl *> TopLevel;
};

bool UseCollector::VisitDeclRefExpr(DeclRefExpr *E) {
  std::optional<SymbolUse> Use = Reader.resolve(E->getDecl());
  std::optional<unsigned> Offset = Reader.offsets().offsetOf(E->getBeginLoc());
  if (Use && Offset) {
    Use->Offset = *Offset;
    if (Use->Kind == SymbolKind::DeviceLimit)
      noteDeviceLimit(*Use, E->getBeginLoc(), E->getEndLoc());
    Facts.Uses.push_back(std::move(*Use));
  }
  return true;
}

bool UseCollector::VisitUsingDecl(UsingDecl *D) {
  for (const UsingShadowDecl *Shadow : D->shadows())
    if (const auto *Target = dyn_cast<ValueDecl>(Shadow->getTargetDecl()))
      if (std::optional<SymbolUse> Use = Reader.resolve(Target);
          Use && Use->Kind == SymbolKind::DeviceLimit)
        if (std::optional<unsigned> Offset = Reader.offsets().offsetOf(D->getBeginLoc())) {
          Use->Offset = *Offset;
          Use->InUsingDeclaration = true;
          Facts.Uses.push_back(std::move(*Use));
        }
  return true;
}

void UseCollector::noteDeviceLimit(SymbolUse &Use, clang::SourceLocation Begin,
                                   clang::SourceLocation End) {
  const SourceManager &SM = Reader.context().getSourceManager();
  const LangOptions &Language = Reader.context().getLangOpts();
  // In a macro's expansion the tuner can rewrite only a name the user wrote
  // whole as an argument of a macro that neither pastes nor stringifies
  // (__glibc_likely(X <= atf::ocl::max_wg_size)): the expansion is the
  // same, with the run's limit in place of the name. A name in a macro's
  // body, or one the macro may turn into text, is refused.
  if ((Begin.isMacroID() || End.isMacroID()) && !isPlainMacroArgument(Begin, End)) {
    Use.Macro = Lexer::getImmediateMacroName(Begin.isMacroID() ? Begin : End, SM, Language).str();
    return;
  }
  Use.End = Reader.offsets().endOf(End).value_or(0);
  for (const LambdaExpr *Lambda : Lambdas) {
    if (Lambda->getCaptureDefault() != LCD_None)
      continue;
    const clang::SourceLocation Bracket = Lambda->getIntroducerRange().getEnd();
    if (Bracket.isMacroID()) {
      Use.Macro = Lexer::getImmediateMacroName(Bracket, SM, Language).str();
      return;
    }
    std::optional<unsigned> Offset = Reader.offsets().offsetOf(Bracket);
    if (!Offset)
      continue;
    const bool Known = std::any_of(Facts.LimitLambdas.begin(), Facts.LimitLambdas.end(),
                                   [&](const LambdaIntroducer &L) { return L.Bracket == *Offset; });
    if (!Known)
      Facts.LimitLambdas.push_back(
          {*Offset, Lambda->explicit_capture_begin() != Lambda->explicit_capture_end()});
  }
}

bool UseCollector::isPlainMacroArgument(clang::SourceLocation Begin,
                                        clang::SourceLocation End) const {
  const SourceManager &SM = Reader.context().getSourceManager();
  const LangOptions &Language = Reader.context().getLangOpts();
  for (clang::SourceLocation Loc : {Begin, End})
    // An argument the user wrote, not one a macro passed on to another.
    if (!SM.isMacroArgExpansion(Loc) || !SM.getImmediateSpellingLoc(Loc).isFileID())
      return false;
  const llvm::StringRef Macro = Lexer::getImmediateMacroName(Begin, SM, Language);
  if (Macro != Lexer::getImmediateMacroName(End, SM, Language))
    return false;
  const MacroInfo *Definition =
      Reader.preprocessor().getMacroInfo(&Reader.context().Idents.get(Macro));
  if (!Definition || llvm::any_of(Definition->tokens(), [](const Token &T) {
        return T.isOneOf(tok::hash, tok::hashhash, tok::hashat);
      }))
    return false;
  // One argument's characters: a qualified name and nothing else (two
  // arguments joined by the macro's body would hold a comma).
  std::optional<unsigned> First = Reader.offsets().offsetOf(Begin);
  std::optional<unsigned> Past = Reader.offsets().endOf(End);
  if (!First || !Past || *Past <= *First)
    return false;
  return llvm::all_of(Reader.unitText().slice(*First, *Past), [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == ':' || C == ' ' ||
           C == '\t';
  });
}

bool UseCollector::VisitCallExpr(CallExpr *E) {
  std::optional<ConjunctShape> Alias = aliasOf(E);
  if (!Alias)
    return true;
  std::optional<unsigned> Offset = Reader.offsets().offsetOf(E->getBeginLoc());
  std::optional<unsigned> Begin = Reader.offsets().offsetOf(E->getArg(0)->getBeginLoc());
  std::optional<unsigned> End = Reader.offsets().endOf(E->getArg(0)->getEndLoc());
  if (Offset && Begin && End)
    Facts.AliasCalls.push_back(
        {*Alias, *Offset, *Begin, *End, printType(Reader.context(), E->getArg(0)->getType())});
  return true;
}

} // namespace

UnitFacts readUnitFacts(ASTUnit &AST, const SyntheticUnit &Unit, const TuningSpec &Spec) {
  return UnitReader(AST.getASTContext(), AST.getPreprocessor(), Unit, Spec).read();
}

} // namespace atfc
