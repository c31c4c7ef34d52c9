//===- Frontend/ConstantInterval.cpp - Intervals of constants -*- C++ -*-===//
//
// Evaluates the constant arguments with Clang, converts each to the
// interval's type as the tuner will, and builds the engine's Interval of
// the converted values to ask it whether it can be built.
//
//===----------------------------------------------------------------------===//
#include "Frontend/ConstantInterval.h"

#include "SearchSpace/Range.h"
#include "Support/Diagnostic.h"

#include "clang/AST/Type.h"

#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallString.h"

#include <cstdint>
#include <optional>
#include <type_traits>

namespace atfc {

using namespace clang;

namespace {

/// A constant argument converted to the interval's type.
struct TypedConstant {
  /// Whether it is a value of the type (an integer in its range, a finite
  /// floating-point number).
  bool Fits = true;
  /// Integer types: the value; floating-point types: the value as double.
  llvm::APSInt Int;
  double Float = 0;
};

/// The value of E, when it is a constant.
std::optional<APValue> evaluated(const ASTContext &Context, const Expr *E) {
  Expr::EvalResult Result;
  if (E->isValueDependent() || !E->EvaluateAsRValue(Result, Context))
    return std::nullopt;
  return std::move(Result.Val);
}

/// The constant V converted to T.
std::optional<TypedConstant> constantAs(const ASTContext &Context, const APValue &V, QualType T) {
  TypedConstant C;
  if (T->isIntegerType() && !T->isBooleanType()) {
    const unsigned Width = Context.getIntWidth(T);
    const bool Unsigned = T->isUnsignedIntegerType();
    C.Int = llvm::APSInt(Width, Unsigned);
    if (V.isInt()) {
      C.Fits =
          llvm::APSInt::compareValues(V.getInt(), llvm::APSInt::getMinValue(Width, Unsigned)) >=
              0 &&
          llvm::APSInt::compareValues(V.getInt(), llvm::APSInt::getMaxValue(Width, Unsigned)) <= 0;
      C.Int = V.getInt().extOrTrunc(Width);
      C.Int.setIsUnsigned(Unsigned);
    } else if (V.isFloat()) {
      bool Exact = false;
      C.Fits = !(V.getFloat().convertToInteger(C.Int, llvm::APFloat::rmTowardZero, &Exact) &
                 llvm::APFloat::opInvalidOp);
    } else {
      return std::nullopt;
    }
    return C;
  }
  if (!T->isRealFloatingType())
    return std::nullopt;
  llvm::APFloat F(Context.getFloatTypeSemantics(T));
  bool LosesInfo = false;
  if (V.isInt())
    F.convertFromAPInt(V.getInt(), V.getInt().isSigned(), llvm::APFloat::rmNearestTiesToEven);
  else if (V.isFloat()) {
    F = V.getFloat();
    F.convert(Context.getFloatTypeSemantics(T), llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
  } else
    return std::nullopt;
  C.Fits = F.isFinite();
  F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
  C.Float = F.convertToDouble();
  return C;
}

std::optional<TypedConstant> constantAs(const ASTContext &Context, const Expr *E, QualType T) {
  std::optional<APValue> V = evaluated(Context, E);
  return V ? constantAs(Context, *V, T) : std::nullopt;
}

template <class T> T valueOf(const TypedConstant &C) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(std::is_signed_v<T> ? C.Int.getExtValue()
                                              : static_cast<std::int64_t>(C.Int.getZExtValue()));
  else
    return static_cast<T>(C.Float);
}

/// The failure of the engine's interval of T over the constants.
template <class T>
RangeError failureAs(const TypedConstant &Lo, const TypedConstant &Hi,
                     const std::optional<TypedConstant> &Step, IntervalGenerator Generator) {
  const T L = valueOf<T>(Lo), H = valueOf<T>(Hi), S = Step ? valueOf<T>(*Step) : T(1);
  if constexpr (std::is_integral_v<T>)
    if (Generator == IntervalGenerator::Pow2)
      return Interval<T, Pow2Generator>(L, H, S).failure();
  return Interval<T>(L, H, S).failure();
}

RangeError failureOf(const ASTContext &Context, QualType T, const TypedConstant &Lo,
                     const TypedConstant &Hi, const std::optional<TypedConstant> &Step,
                     IntervalGenerator Generator) {
  if (const auto *Builtin = T->getAs<BuiltinType>(); Builtin && T->isRealFloatingType()) {
    // pow2 is for integers: the tuner does not compile it for another type.
    if (Generator == IntervalGenerator::Pow2)
      return RangeError::None;
    switch (Builtin->getKind()) {
    case BuiltinType::Float:
      return failureAs<float>(Lo, Hi, Step, Generator);
    case BuiltinType::Double:
      return failureAs<double>(Lo, Hi, Step, Generator);
    case BuiltinType::LongDouble:
      return failureAs<long double>(Lo, Hi, Step, Generator);
    default:
      return RangeError::None;
    }
  }
  const bool Signed = T->isSignedIntegerType();
  switch (Context.getIntWidth(T)) {
  case 8:
    return Signed ? failureAs<std::int8_t>(Lo, Hi, Step, Generator)
                  : failureAs<std::uint8_t>(Lo, Hi, Step, Generator);
  case 16:
    return Signed ? failureAs<std::int16_t>(Lo, Hi, Step, Generator)
                  : failureAs<std::uint16_t>(Lo, Hi, Step, Generator);
  case 32:
    return Signed ? failureAs<std::int32_t>(Lo, Hi, Step, Generator)
                  : failureAs<std::uint32_t>(Lo, Hi, Step, Generator);
  case 64:
    return Signed ? failureAs<std::int64_t>(Lo, Hi, Step, Generator)
                  : failureAs<std::uint64_t>(Lo, Hi, Step, Generator);
  default:
    return RangeError::None;
  }
}

/// "no value of its type 'char', which holds -128 to 127".
std::string noValueOf(const ASTContext &Context, QualType T) {
  const std::string Type = quoted(T.getUnqualifiedType().getAsString(Context.getPrintingPolicy()));
  if (T->isRealFloatingType())
    return "no finite value of its type " + Type;
  const unsigned Width = Context.getIntWidth(T);
  const bool Unsigned = T->isUnsignedIntegerType();
  llvm::SmallString<24> Min, Max;
  llvm::APSInt::getMinValue(Width, Unsigned).toString(Min, 10);
  llvm::APSInt::getMaxValue(Width, Unsigned).toString(Max, 10);
  return "no value of its type " + Type + ", which holds " + Min.str().str() + " to " +
         Max.str().str();
}

/// "its upper bound is no value of its type 'char', which holds -128 to 127".
std::string outsideTypeDetail(const ASTContext &Context, QualType T, const char *Argument) {
  return std::string("its ") + Argument + " is " + noValueOf(Context, T);
}

} // namespace

std::optional<std::string> constantValueProblem(const ASTContext &Context, const Expr *E,
                                                QualType T) {
  const std::optional<APValue> Evaluated = evaluated(Context, E);
  if (!Evaluated || (!Evaluated->isInt() && !Evaluated->isFloat()))
    return std::nullopt;
  const APValue &V = *Evaluated;
  const std::string Type = quoted(T.getUnqualifiedType().getAsString(Context.getPrintingPolicy()));
  if (T->isBooleanType()) {
    const bool Bit = V.isInt() ? V.getInt() == 0 || V.getInt() == 1
                               : V.getFloat().isZero() || V.getFloat().isExactlyValue(1.0);
    if (Bit)
      return std::nullopt;
    return "is no value of its type " + Type + ", which holds false and true (0 and 1)";
  }
  if (T->isIntegerType()) {
    if (V.isFloat()) {
      llvm::APSInt Int(Context.getIntWidth(T), T->isUnsignedIntegerType());
      bool Exact = false;
      const auto Status = V.getFloat().convertToInteger(Int, llvm::APFloat::rmTowardZero, &Exact);
      if (!(Status & llvm::APFloat::opInvalidOp) && !Exact)
        return "has a fraction, and its type " + Type + " holds integers";
    }
    std::optional<TypedConstant> C = constantAs(Context, V, T);
    if (C && !C->Fits)
      return "is " + noValueOf(Context, T);
    return std::nullopt;
  }
  // A NaN or an infinity stays one; a finite value must stay finite.
  if (!T->isRealFloatingType() || (V.isFloat() && !V.getFloat().isFinite()))
    return std::nullopt;
  std::optional<TypedConstant> C = constantAs(Context, V, T);
  if (C && !C->Fits)
    return "is " + noValueOf(Context, T);
  if (V.isInt()) {
    llvm::APFloat F(Context.getFloatTypeSemantics(T));
    if (F.convertFromAPInt(V.getInt(), V.getInt().isSigned(), llvm::APFloat::rmNearestTiesToEven) !=
        llvm::APFloat::opOK)
      return "is an integer that its type " + Type + " cannot hold exactly";
  }
  return std::nullopt;
}

std::optional<long double> constantNumber(const ASTContext &Context, const Expr *E) {
  const std::optional<APValue> V = evaluated(Context, E);
  if (V && V->isInt())
    return V->getInt().isSigned() ? static_cast<long double>(V->getInt().getExtValue())
                                  : static_cast<long double>(V->getInt().getZExtValue());
  if (V && V->isFloat())
    return static_cast<long double>(V->getFloat().convertToDouble());
  return std::nullopt;
}

ConstantIntervalProblem checkConstantInterval(const ASTContext &Context, const CallExpr &Call,
                                              QualType Index, IntervalGenerator Generator) {
  ConstantIntervalProblem Problem;
  const Expr *Lo = Call.getArg(0);
  const Expr *Hi = Call.getArg(1);
  const Expr *Step = Call.getNumArgs() >= 3 ? Call.getArg(2) : nullptr;
  if (Step)
    if (std::optional<long double> S = constantNumber(Context, Step); S && !(*S > 0)) {
      Problem.Kind = IntervalProblem::NonPositiveStep;
      Problem.Where = Step->getBeginLoc();
      return Problem;
    }
  std::optional<TypedConstant> Typed[3];
  if (!Index.isNull()) {
    const char *Names[] = {"lower bound", "upper bound", "step"};
    const Expr *Arguments[] = {Lo, Hi, Step};
    for (int I = 0; I < 3; ++I) {
      if (!Arguments[I] || !(Typed[I] = constantAs(Context, Arguments[I], Index)) || Typed[I]->Fits)
        continue;
      Problem.Kind = IntervalProblem::OutsideType;
      Problem.Where = Arguments[I]->getBeginLoc();
      Problem.Detail = outsideTypeDetail(Context, Index, Names[I]);
      return Problem;
    }
  }
  const std::optional<long double> L = constantNumber(Context, Lo), H = constantNumber(Context, Hi);
  if (L && H && *L > *H) {
    Problem.Kind = IntervalProblem::Empty;
    return Problem;
  }
  if (!Typed[0] || !Typed[1] || (Step && !Typed[2]))
    return Problem;
  if (const RangeError Failure =
          failureOf(Context, Index, *Typed[0], *Typed[1], Typed[2], Generator);
      Failure != RangeError::None) {
    Problem.Kind = IntervalProblem::CannotBeBuilt;
    Problem.Detail = rangeErrorMessage(Failure);
  }
  return Problem;
}

} // namespace atfc
