//===- Frontend/ConstraintLowering.cpp - Constraint ASTs to aliases -*- C++ -*-===//
//
// The classification works on Clang's AST, so it sees through parentheses
// and implicit conversions, recognises aliases by the declaration they call
// (not by spelling), and reads comparisons of class types (overloaded or
// C++20-rewritten operators) as well as built-in ones.
//
//===----------------------------------------------------------------------===//
#include "Frontend/ConstraintLowering.h"

#include "Language/ConstraintCode.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include "llvm/ADT/StringSwitch.h"

namespace atfc {

using namespace clang;

namespace {

/// E without parentheses and the implicit nodes around it.
const Expr *strip(const Expr *E) {
  while (true) {
    const Expr *Stripped = E->IgnoreImplicit()->IgnoreParens();
    if (Stripped == E)
      return E;
    E = Stripped;
  }
}

bool isInNamespace(const Decl *D, llvm::StringRef Name) {
  const auto *Namespace = dyn_cast<NamespaceDecl>(D->getDeclContext());
  return Namespace && Namespace->getName() == Name &&
         Namespace->getDeclContext()->isTranslationUnit();
}

/// A binary comparison, whatever its C++ form.
struct Comparison {
  BinaryOperatorKind Opcode;
  const Expr *LHS;
  const Expr *RHS;
};

std::optional<BinaryOperatorKind> comparisonOpcode(OverloadedOperatorKind Op) {
  switch (Op) {
  case OO_Less:
    return BO_LT;
  case OO_LessEqual:
    return BO_LE;
  case OO_Greater:
    return BO_GT;
  case OO_GreaterEqual:
    return BO_GE;
  case OO_EqualEqual:
    return BO_EQ;
  case OO_ExclaimEqual:
    return BO_NE;
  default:
    return std::nullopt;
  }
}

std::optional<Comparison> comparisonOf(const Expr *E) {
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    if (Binary->isComparisonOp() && Binary->getOpcode() != BO_Cmp)
      return Comparison{Binary->getOpcode(), Binary->getLHS(), Binary->getRHS()};
    return std::nullopt;
  }
  if (const auto *Rewritten = dyn_cast<CXXRewrittenBinaryOperator>(E)) {
    const CXXRewrittenBinaryOperator::DecomposedForm Form = Rewritten->getDecomposedForm();
    if (BinaryOperator::isComparisonOp(Form.Opcode) && Form.Opcode != BO_Cmp)
      return Comparison{Form.Opcode, Form.LHS, Form.RHS};
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E); Call && Call->getNumArgs() == 2)
    if (std::optional<BinaryOperatorKind> Opcode = comparisonOpcode(Call->getOperator()))
      return Comparison{*Opcode, Call->getArg(0), Call->getArg(1)};
  return std::nullopt;
}

/// The alias of `X op E`, where X is the candidate, or of `E op X` when
/// Mirrored: the one operator map's (Language/ConstraintCode.h).
ConjunctShape shapeOf(BinaryOperatorKind Opcode, bool Mirrored = false) {
  return comparisonShape(BinaryOperator::getOpcodeStr(Opcode), Mirrored)
      .value_or(ConjunctShape::Unequal);
}

bool isZero(const Expr *E) {
  const auto *Literal = dyn_cast<IntegerLiteral>(strip(E));
  return Literal && Literal->getValue() == 0;
}

/// Splits and classifies one constraint.
class ConstraintLowerer {
public:
  ConstraintLowerer(const ParmVarDecl *Candidate, const UnitOffsets &Offsets,
                    NamesCandidateFn NamesCandidate)
      : Candidate(Candidate), Offsets(Offsets), NamesCandidate(NamesCandidate) {}

  /// Adds the conjuncts of E to Out; false when a part lies outside the
  /// unit's user text (which only a broken AST would do).
  bool lower(const Expr *E, std::vector<UnitConjunct> &Out) const {
    E = strip(E);
    if (const auto *Binary = dyn_cast<BinaryOperator>(E); Binary && Binary->getOpcode() == BO_LAnd)
      return lower(Binary->getLHS(), Out) && lower(Binary->getRHS(), Out);
    if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E);
        Call && Call->getOperator() == OO_AmpAmp && Call->getNumArgs() == 2)
      return lower(Call->getArg(0), Out) && lower(Call->getArg(1), Out);
    std::optional<UnitConjunct> Conjunct = classify(E);
    if (!Conjunct)
      return false;
    Out.push_back(*Conjunct);
    return true;
  }

private:
  std::optional<UnitConjunct> relation(ConjunctShape Shape, const Expr *Operand) const {
    std::optional<std::pair<unsigned, unsigned>> Range = rangeOf(Operand);
    if (!Range)
      return std::nullopt;
    UnitConjunct Conjunct;
    Conjunct.Shape = Shape;
    Conjunct.Begin = Range->first;
    Conjunct.End = Range->second;
    return Conjunct;
  }

  std::optional<UnitConjunct> classify(const Expr *E) const {
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (std::optional<ConjunctShape> Alias = aliasOf(Call))
        return relation(*Alias, Call->getArg(0));

    if (std::optional<Comparison> Compare = comparisonOf(E)) {
      if (isCandidate(Compare->LHS) && !names(Compare->RHS))
        return relation(shapeOf(Compare->Opcode), Compare->RHS);
      if (isCandidate(Compare->RHS) && !names(Compare->LHS))
        return relation(shapeOf(Compare->Opcode, /*Mirrored=*/true), Compare->LHS);
      if (Compare->Opcode == BO_EQ) {
        const Expr *Other = isZero(Compare->RHS)   ? Compare->LHS
                            : isZero(Compare->LHS) ? Compare->RHS
                                                   : nullptr;
        const auto *Remainder = Other ? dyn_cast<BinaryOperator>(strip(Other)) : nullptr;
        if (Remainder && Remainder->getOpcode() == BO_Rem) {
          if (isCandidate(Remainder->getRHS()) && !names(Remainder->getLHS()))
            return relation(ConjunctShape::Divides, Remainder->getLHS());
          if (isCandidate(Remainder->getLHS()) && !names(Remainder->getRHS()))
            return relation(ConjunctShape::MultipleOf, Remainder->getRHS());
        }
      }
    }

    std::optional<UnitConjunct> Predicate = relation(ConjunctShape::Predicate, E);
    if (!Predicate)
      return std::nullopt;
    Predicate->Form = formOf(E);
    // C++ reads a number as `!= 0`: `constraint 42` kept every value. (A
    // `,` list is refused as such, FileChecks.cpp; a call, such as a
    // macro's __builtin_expect, may be a C-style condition.)
    const auto *Comma = dyn_cast<BinaryOperator>(E);
    if (const QualType Type = E->getType();
        Predicate->Form == PredicateForm::Condition && !E->isTypeDependent() &&
        Type->isScalarType() && !Type->isBooleanType() && !(Comma && Comma->isCommaOp()) &&
        !isa<CallExpr>(E) && !E->getBeginLoc().isMacroID()) {
      Predicate->NumberType = printType(Offsets.context(), Type);
      Predicate->Constant = !E->isValueDependent() && E->isEvaluatable(Offsets.context());
    }
    return Predicate;
  }

  static PredicateForm formOf(const Expr *E) {
    const CXXRecordDecl *Record = E->getType()->getAsCXXRecordDecl();
    if (!Record)
      return PredicateForm::Condition;
    if (isConstraintObject(Record))
      return PredicateForm::ConstraintObject;
    return PredicateForm::Callable;
  }

  bool isCandidate(const Expr *E) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(strip(E));
    return Ref && Ref->getDecl() == Candidate;
  }

  /// Whether E names the candidate; true when that cannot be told.
  bool names(const Expr *E) const {
    std::optional<std::pair<unsigned, unsigned>> Range = rangeOf(E);
    return !Range || NamesCandidate(Range->first, Range->second);
  }

  std::optional<std::pair<unsigned, unsigned>> rangeOf(const Expr *E) const {
    std::optional<unsigned> Begin = Offsets.offsetOf(E->getBeginLoc());
    std::optional<unsigned> End = Offsets.endOf(E->getEndLoc());
    if (!Begin || !End || *End <= *Begin)
      return std::nullopt;
    return std::make_pair(*Begin, *End);
  }

  const ParmVarDecl *Candidate;
  const UnitOffsets &Offsets;
  NamesCandidateFn NamesCandidate;
};

} // namespace

bool isConstraintObject(const CXXRecordDecl *Record) {
  return Record && Record->getIdentifier() && isInNamespace(Record, "atf_detail") &&
         llvm::StringSwitch<bool>(Record->getName())
             .Cases("relation", "predicate_of", "all_of", "any_of", "negation", true)
             .Default(false);
}

std::optional<ConjunctShape> aliasOf(const CallExpr *Call) {
  if (isa<CXXOperatorCallExpr>(Call) || Call->getNumArgs() != 1)
    return std::nullopt;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || !isInNamespace(Callee, "atf"))
    return std::nullopt;
  return llvm::StringSwitch<std::optional<ConjunctShape>>(Callee->getName())
#define ATF_CONSTRAINT_ALIAS(Name, Shape) .Case(#Name, ConjunctShape::Shape)
#include "Language/Language.def"
      .Default(std::nullopt);
}

std::vector<UnitConjunct> lowerConstraint(const Expr *Constraint, const ParmVarDecl *Candidate,
                                          const UnitOffsets &Offsets,
                                          NamesCandidateFn NamesCandidate) {
  std::vector<UnitConjunct> Conjuncts;
  if (!ConstraintLowerer(Candidate, Offsets, NamesCandidate).lower(Constraint, Conjuncts))
    return {};
  return Conjuncts;
}

} // namespace atfc
