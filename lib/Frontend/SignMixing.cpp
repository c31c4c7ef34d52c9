//===- Frontend/SignMixing.cpp - Signed meets unsigned in C++ -------------===//
#include "Frontend/SignMixing.h"

#include "Frontend/UnitASTReader.h"
#include "Support/Diagnostic.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace atfc {

using namespace clang;

namespace {

/// What std:: function compares as numbers where Operator compares in C++.
const char *numericComparison(BinaryOperatorKind Operator) {
  switch (Operator) {
  case BO_LT:
    return "std::cmp_less";
  case BO_GT:
    return "std::cmp_greater";
  case BO_LE:
    return "std::cmp_less_equal";
  case BO_GE:
    return "std::cmp_greater_equal";
  case BO_EQ:
    return "std::cmp_equal";
  default:
    return "std::cmp_not_equal";
  }
}

class SignMixingFinder : public RecursiveASTVisitor<SignMixingFinder> {
public:
  SignMixingFinder(const ASTContext &Context, KnownValueFunction KnownValue,
                   std::vector<SignMixing> &Found)
      : Context(Context), KnownValue(KnownValue), Found(Found) {}

  bool VisitBinaryOperator(BinaryOperator *E) {
    const BinaryOperatorKind Kind = E->getOpcode();
    const bool Comparison = E->isComparisonOp() && Kind != BO_Cmp;
    const bool Arithmetic = E->isMultiplicativeOp() || E->isAdditiveOp() || Kind == BO_And ||
                            Kind == BO_Or || Kind == BO_Xor;
    if ((!Comparison && !Arithmetic) || E->isTypeDependent() || E->isValueDependent())
      return true;
    // The operands' common type, after the usual arithmetic conversions.
    const QualType Common = E->getLHS()->getType();
    if (!Common->isUnsignedIntegerType() || Common->isBooleanType())
      return true;
    for (const Expr *Side : {E->getLHS(), E->getRHS()}) {
      const Expr *Written = Side->IgnoreImpCasts();
      const QualType Type = Written->getType();
      if (!Type->isSignedIntegerType() || Type->isEnumeralType())
        continue;
      Expr::EvalResult Evaluated;
      const std::optional<llvm::APSInt> Value =
          !Written->isValueDependent() && Written->EvaluateAsInt(Evaluated, Context)
              ? std::optional(Evaluated.Val.getInt())
              : KnownValue(Written);
      if (Value && !Value->isNegative())
        continue;
      // A signed variable in arithmetic is everyday C++ (`N * WPT % LS`
      // with an int N and size_t parameters): only a negative value is
      // sure to become another number.
      const bool Negative = Value.has_value();
      if (!Negative && !Comparison)
        continue;
      const std::string From = quoted(printType(Context, Type));
      const std::string To = quoted(printType(Context, Common));
      const std::string Operator = E->getOpcodeStr().str();
      const std::string Call = std::string(numericComparison(Kind)) + "(" + textOf(E->getLHS()) +
                               ", " + textOf(E->getRHS()) + ")";
      Found.push_back(
          {E->getOperatorLoc(), Negative,
           Comparison ? "'" + Operator + "' compares the signed " + From + " with the unsigned " +
                            To + " as C++ does, where -1 is the largest " + To +
                            "; a filter is C++, while a bound compares numbers: write " + Call +
                            " to compare numbers, or convert one side"
                      : "'" + Operator + "' converts the signed " + From + " into the unsigned " +
                            To + ", where -1 is the largest " + To +
                            "; convert one side so that both have the type you mean"});
      break;
    }
    return true;
  }

private:
  /// E as the user wrote it; "..." where a macro wrote it.
  std::string textOf(const Expr *E) const {
    const SourceRange Range = E->IgnoreImpCasts()->getSourceRange();
    if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
      return "...";
    return Lexer::getSourceText(CharSourceRange::getTokenRange(Range), Context.getSourceManager(),
                                Context.getLangOpts())
        .str();
  }

  const ASTContext &Context;
  KnownValueFunction KnownValue;
  std::vector<SignMixing> &Found;
};

} // namespace

std::vector<SignMixing> signMixingIn(const ASTContext &Context, const Expr *E,
                                     KnownValueFunction KnownValue) {
  std::vector<SignMixing> Found;
  SignMixingFinder(Context, KnownValue, Found).TraverseStmt(const_cast<Expr *>(E));
  return Found;
}

} // namespace atfc
