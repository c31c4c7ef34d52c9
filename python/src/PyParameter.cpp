//===- python/src/PyParameter.cpp - A Python tuning parameter -------------===//
//
// The translated constraints' evaluation with Python's number semantics,
// and the parameter's level of generation.
//
//===----------------------------------------------------------------------===//
#include "PyParameter.h"

#include "SearchSpace/GroupGenerator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace atfc::python {

namespace {

using Op = Expr::Op;

constexpr std::int64_t kMinInt = std::numeric_limits<std::int64_t>::min();

[[noreturn]] void zeroDivision(const char *What) {
  throw ConstraintError("ZeroDivisionError", What);
}
[[noreturn]] void overflow() {
  throw ConstraintError(kNativeOverflow, "an integer of a constraint exceeds 64 bits");
}

/// A op B, or OverflowError.
template <class F> std::int64_t checked(F Op, std::int64_t A, std::int64_t B) {
  std::int64_t R;
  if (Op(A, B, &R))
    overflow();
  return R;
}
constexpr auto Add = [](std::int64_t A, std::int64_t B, std::int64_t *R) {
  return __builtin_add_overflow(A, B, R);
};
constexpr auto Sub = [](std::int64_t A, std::int64_t B, std::int64_t *R) {
  return __builtin_sub_overflow(A, B, R);
};
constexpr auto Mul = [](std::int64_t A, std::int64_t B, std::int64_t *R) {
  return __builtin_mul_overflow(A, B, R);
};

/// fmod(X, Y), without the call where both are integers below 2^53 (the
/// remainder of a float by a float in most constraints: `(MWG / MDIMC) %
/// VWM`): the integers' remainder is exact, as fmod is.
double exactFmod(double X, double Y) {
  constexpr double Exact = 9007199254740992.0; // 2^53
  if (std::fabs(X) < Exact && std::fabs(Y) < Exact) {
    const auto A = static_cast<std::int64_t>(X), B = static_cast<std::int64_t>(Y);
    if (static_cast<double>(A) == X && static_cast<double>(B) == Y && B != 0) {
      const std::int64_t R = A % B;
      return R != 0 ? static_cast<double>(R) : std::copysign(0.0, X);
    }
  }
  return std::fmod(X, Y);
}

Num arith(Op O, const Num &A, const Num &B) {
  if (A.IsInt && B.IsInt) {
    switch (O) {
    case Op::Add:
      return Num::ofInt(checked(Add, A.I, B.I));
    case Op::Sub:
      return Num::ofInt(checked(Sub, A.I, B.I));
    case Op::Mul:
      return Num::ofInt(checked(Mul, A.I, B.I));
    case Op::Div:
      if (B.I == 0)
        zeroDivision("division by zero");
      return Num::ofReal(static_cast<double>(A.I) / static_cast<double>(B.I));
    case Op::FloorDiv: {
      if (B.I == 0)
        zeroDivision("integer division or modulo by zero");
      if (A.I == kMinInt && B.I == -1)
        overflow(); // 2^63; and the division would trap
      std::int64_t Q = A.I / B.I;
      if ((A.I % B.I != 0) && ((A.I < 0) != (B.I < 0)))
        --Q;
      return Num::ofInt(Q);
    }
    case Op::Mod: {
      if (B.I == 0)
        zeroDivision("integer division or modulo by zero");
      if (B.I == -1)
        return Num::ofInt(0); // INT64_MIN % -1 would trap
      std::int64_t M = A.I % B.I;
      if (M != 0 && ((M < 0) != (B.I < 0)))
        M += B.I;
      return Num::ofInt(M);
    }
    case Op::Pow: {
      if (B.I < 0)
        return Num::ofReal(std::pow(static_cast<double>(A.I), static_cast<double>(B.I)));
      // 0, 1 and -1 at once (1 ** 10**18 must not loop); any other base
      // overflows within 64 steps, at the step Python's result would.
      if (B.I == 0 || A.I == 1)
        return Num::ofInt(1);
      if (A.I == 0 || A.I == -1)
        return Num::ofInt(A.I == 0 ? 0 : (B.I % 2 == 0 ? 1 : -1));
      std::int64_t R = 1;
      for (std::int64_t E = 0; E < B.I; ++E)
        R = checked(Mul, R, A.I);
      return Num::ofInt(R);
    }
    default:
      break;
    }
  }
  const double X = A.real(), Y = B.real();
  switch (O) {
  case Op::Add:
    return Num::ofReal(X + Y);
  case Op::Sub:
    return Num::ofReal(X - Y);
  case Op::Mul:
    return Num::ofReal(X * Y);
  case Op::Div:
    if (Y == 0)
      zeroDivision("float division by zero");
    return Num::ofReal(X / Y);
  case Op::FloorDiv: {
    if (Y == 0)
      zeroDivision("float floor division by zero");
    // CPython's float_divmod, so that the quotient rounds as Python's.
    double Mod = exactFmod(X, Y);
    double Div = (X - Mod) / Y;
    if (Mod != 0 && ((Y < 0) != (Mod < 0)))
      Div -= 1.0;
    if (Div == 0)
      return Num::ofReal(std::copysign(0.0, X / Y));
    double Floor = std::floor(Div);
    if (Div - Floor > 0.5)
      Floor += 1.0;
    return Num::ofReal(Floor);
  }
  case Op::Mod: {
    if (Y == 0)
      zeroDivision("float modulo");
    double M = exactFmod(X, Y);
    if (M == 0)
      return Num::ofReal(std::copysign(0.0, Y)); // CPython's zero
    if ((M < 0) != (Y < 0))
      M += Y;
    return Num::ofReal(M);
  }
  case Op::Pow:
    return Num::ofReal(std::pow(X, Y));
  default:
    break;
  }
  return Num::ofReal(std::numeric_limits<double>::quiet_NaN());
}

bool compare(Op O, const Num &A, const Num &B) {
  if (A.IsInt && B.IsInt) {
    switch (O) {
    case Op::Lt:
      return A.I < B.I;
    case Op::Le:
      return A.I <= B.I;
    case Op::Gt:
      return A.I > B.I;
    case Op::Ge:
      return A.I >= B.I;
    case Op::Eq:
      return A.I == B.I;
    default:
      return A.I != B.I;
    }
  }
  const double X = A.real(), Y = B.real();
  switch (O) {
  case Op::Lt:
    return X < Y;
  case Op::Le:
    return X <= Y;
  case Op::Gt:
    return X > Y;
  case Op::Ge:
    return X >= Y;
  case Op::Eq:
    return X == Y;
  default:
    return X != Y;
  }
}

Op opNamed(const std::string &S) {
  static const std::pair<const char *, Op> Names[] = {
      {"+", Op::Add},   {"-", Op::Sub},   {"*", Op::Mul},   {"/", Op::Div},   {"//", Op::FloorDiv},
      {"%", Op::Mod},   {"**", Op::Pow},  {"<", Op::Lt},    {"<=", Op::Le},   {">", Op::Gt},
      {">=", Op::Ge},   {"==", Op::Eq},   {"!=", Op::Ne},   {"min", Op::Min}, {"max", Op::Max},
      {"abs", Op::Abs}, {"not", Op::Not}, {"neg", Op::Neg}, {"pos", Op::Pos}};
  for (const auto &[Name, O] : Names)
    if (S == Name)
      return O;
  throw std::invalid_argument("unknown operator in a translated constraint: " + S);
}

Num numOf(py::handle V) {
  if (py::isinstance<py::bool_>(V))
    return Num::ofInt(V.cast<bool>() ? 1 : 0);
  if (py::isinstance<py::int_>(V))
    return Num::ofInt(V.cast<std::int64_t>());
  return Num::ofReal(V.cast<double>());
}

} // namespace

Expr Expr::fromSpec(py::handle Spec) {
  py::tuple T = py::reinterpret_borrow<py::tuple>(Spec);
  const std::string Tag = T[0].cast<std::string>();
  Expr E;
  auto Kids = [&](py::handle L) {
    for (py::handle K : L)
      E.Kids.push_back(fromSpec(K));
  };
  if (Tag == "p") {
    E.Kind = Op::Param;
    E.Param = T[1].cast<std::size_t>();
  } else if (Tag == "c") {
    E.Kind = Op::Const;
    E.Value = numOf(T[1]);
  } else if (Tag == "bin") {
    E.Kind = opNamed(T[1].cast<std::string>());
    E.Kids.push_back(fromSpec(T[2]));
    E.Kids.push_back(fromSpec(T[3]));
  } else if (Tag == "un") {
    E.Kind = opNamed(T[1].cast<std::string>());
    E.Kids.push_back(fromSpec(T[2]));
  } else if (Tag == "and" || Tag == "or") {
    E.Kind = Tag == "and" ? Op::And : Op::Or;
    Kids(T[1]);
  } else if (Tag == "cmp") {
    E.Kind = Op::Chain;
    for (py::handle O : T[1])
      E.Comparisons.push_back(opNamed(O.cast<std::string>()));
    Kids(T[2]);
  } else if (Tag == "call") {
    E.Kind = opNamed(T[1].cast<std::string>());
    Kids(T[2]);
  } else if (Tag == "if") {
    E.Kind = Op::IfElse;
    E.Kids.push_back(fromSpec(T[1]));
    E.Kids.push_back(fromSpec(T[2]));
    E.Kids.push_back(fromSpec(T[3]));
  } else {
    throw std::invalid_argument("unknown node in a translated constraint: " + Tag);
  }
  return E;
}

/// E's value: a leaf read here, anything else evaluated (a call less per
/// leaf, half of a constraint's nodes).
[[gnu::always_inline]] inline Num valueOf(const Expr &E, const void *const *Slots, Memo *M) {
  if (E.Kind == Expr::Op::Param)
    return static_cast<const Cell *>(Slots[E.Param])->N;
  if (E.Kind == Expr::Op::Const)
    return E.Value;
  return E.eval(Slots, M);
}

Num Expr::eval(const void *const *Slots, Memo *M) const {
  if (Hoist >= 0 && M) [[unlikely]] {
    if (!M->Done[Hoist]) {
      M->Values[Hoist] = eval(Slots, nullptr);
      M->Done[Hoist] = true;
    }
    return M->Values[Hoist];
  }
  switch (Kind) {
  case Op::Param:
    return static_cast<const Cell *>(Slots[Param])->N;
  case Op::Const:
    return Value;
  case Op::Neg: {
    const Num A = valueOf(Kids[0], Slots, M);
    if (A.IsInt && A.I == kMinInt)
      overflow();
    return A.IsInt ? Num::ofInt(-A.I) : Num::ofReal(-A.D);
  }
  case Op::Pos:
    return valueOf(Kids[0], Slots, M);
  case Op::Not:
    return Num::ofInt(valueOf(Kids[0], Slots, M).truthy() ? 0 : 1);
  case Op::Abs: {
    const Num A = valueOf(Kids[0], Slots, M);
    if (A.IsInt && A.I == kMinInt)
      overflow();
    return A.IsInt ? Num::ofInt(A.I < 0 ? -A.I : A.I) : Num::ofReal(std::fabs(A.D));
  }
  case Op::And:
  case Op::Or: {
    // Python's and/or: the first operand that decides, else the last.
    Num Last = Num::ofInt(0);
    for (const Expr &K : Kids) {
      Last = valueOf(K, Slots, M);
      if (Last.truthy() != (Kind == Op::And))
        return Last;
    }
    return Last;
  }
  case Op::Chain: {
    Num Left = valueOf(Kids[0], Slots, M);
    for (std::size_t I = 0; I < Comparisons.size(); ++I) {
      const Num Right = valueOf(Kids[I + 1], Slots, M);
      if (!compare(Comparisons[I], Left, Right))
        return Num::ofInt(0);
      Left = Right;
    }
    return Num::ofInt(1);
  }
  case Op::Min:
  case Op::Max: {
    Num Best = valueOf(Kids[0], Slots, M);
    for (std::size_t I = 1; I < Kids.size(); ++I) {
      const Num N = valueOf(Kids[I], Slots, M);
      if (compare(Kind == Op::Min ? Op::Lt : Op::Gt, N, Best))
        Best = N;
    }
    return Best;
  }
  case Op::IfElse:
    return valueOf(Kids[0], Slots, M).truthy() ? valueOf(Kids[1], Slots, M)
                                               : valueOf(Kids[2], Slots, M);
  default: {
    // Left before right, as Python: the first error is the one it raises.
    const Num A = valueOf(Kids[0], Slots, M);
    const Num B = valueOf(Kids[1], Slots, M);
    return arith(Kind, A, B);
  }
  }
}

void Expr::hoist(std::size_t Self, int &Next) {
  Hoist = -1;
  if (Kind == Op::Const || Kind == Op::Param)
    return;
  if (!reads(Self) && Next < static_cast<int>(Memo::kMax)) {
    Hoist = Next++;
    return;
  }
  for (Expr &K : Kids)
    K.hoist(Self, Next);
}

bool Expr::reads(std::size_t Index) const {
  if (Kind == Op::Param)
    return Param == Index;
  return std::any_of(Kids.begin(), Kids.end(), [&](const Expr &K) { return K.reads(Index); });
}

void Expr::collect(std::vector<std::size_t> &Into) const {
  if (Kind == Op::Param)
    Into.push_back(Param);
  for (const Expr &K : Kids)
    K.collect(Into);
}

PyParameter::PyParameter(std::string Name, std::int64_t Start, std::int64_t Step,
                         std::uint64_t Count)
    : Name(std::move(Name)), K(Kind::Int), Count(Count), Start(Start), Step(Step),
      IsInterval(true) {
  makeCells();
}

void PyParameter::makeCells() {
  // Every value's cell, made once (up to a million values), so that a path
  // points into them: nothing is copied per candidate or per prefix.
  if (Count > (1u << 20))
    return;
  Cells.reserve(Count);
  for (std::uint64_t I = 0; I < Count; ++I)
    Cells.push_back(cellAt(I));
}

PyParameter::PyParameter(std::string Name, py::sequence Given) : Name(std::move(Name)) {
  Count = Given.size();
  Objects = py::list(Given);
  for (py::handle V : Given) {
    if (py::isinstance<py::bool_>(V)) {
      K = Kind::Bool;
      Values.push_back(Num::ofInt(V.cast<bool>()));
    } else if (py::isinstance<py::int_>(V)) {
      K = Kind::Int;
      Values.push_back(Num::ofInt(V.cast<std::int64_t>()));
    } else if (py::isinstance<py::float_>(V)) {
      K = Kind::Float;
      Values.push_back(Num::ofReal(V.cast<double>()));
    } else {
      K = Kind::Str;
      Strings.push_back(V.cast<std::string>());
      Values.push_back(Num::ofInt(static_cast<std::int64_t>(Strings.size() - 1)));
    }
  }
  makeCells();
}

PyParameter::PyParameter(std::string Name, py::sequence Given, std::vector<std::string> Names)
    : Name(std::move(Name)), K(Kind::Str), Count(Given.size()), Strings(std::move(Names)) {
  if (Strings.size() != Count)
    throw std::invalid_argument("tuning parameter " + this->Name + ": " +
                                std::to_string(Strings.size()) + " names for " +
                                std::to_string(Count) + " values");
  Objects = py::list(Given);
  for (std::uint64_t I = 0; I < Count; ++I)
    Values.push_back(Num::ofInt(static_cast<std::int64_t>(I)));
  makeCells();
}

void PyParameter::setObjects(py::sequence Given) {
  if (IsInterval || Given.size() != Count)
    throw std::invalid_argument("tuning parameter " + Name + ": " + std::to_string(Given.size()) +
                                " objects for " + std::to_string(Count) + " values");
  Objects = py::list(Given);
}

void PyParameter::setConstraint(py::list Given, py::object Call, std::vector<std::size_t> Args,
                                std::vector<std::string> Names) {
  Conjuncts.clear();
  Compiled = nullptr;
  for (py::handle C : Given)
    Conjuncts.push_back(Expr::fromSpec(C));
  Callable = std::move(Call);
  ArgIndices = std::move(Args);
  ArgNames = std::move(Names);
  derive();
}

void PyParameter::setIndex(std::size_t I) {
  if (I != Index)
    Compiled = nullptr; // compiled for another index's hoisting
  Index = I;
  derive();
}

void PyParameter::derive() {
  findDivisorSource();
  MemoReads = reads();
  Remembers = !Conjuncts.empty() && Callable.is_none();
}

void PyParameter::findDivisorSource() {
  Hoisted = 0;
  for (Expr &C : Conjuncts)
    C.hoist(Index, Hoisted);
  // `E % self == 0` first, E not reading self, over positive integers.
  DivisorOf = DivisorScale = nullptr;
  if (!Conjuncts.empty() && K == Kind::Int && Count > 0) {
    const Expr &C = Conjuncts.front();
    const std::int64_t Lowest =
        IsInterval ? std::min(Start, Start + Step * static_cast<std::int64_t>(Count - 1))
                   : std::min_element(Values.begin(), Values.end(), [](const Num &A, const Num &B) {
                       return A.I < B.I;
                     })->I;
    if (Lowest >= 1 && C.Kind == Op::Chain && C.Comparisons.size() == 1 &&
        C.Comparisons[0] == Op::Eq) {
      const Expr *Mod = &C.Kids[0], *Zero = &C.Kids[1];
      if (Mod->Kind == Op::Const)
        std::swap(Mod, Zero);
      const bool ModOfZero = Zero->Kind == Op::Const && Zero->Value.IsInt && Zero->Value.I == 0 &&
                             Mod->Kind == Op::Mod && !Mod->Kids[0].reads(Index);
      const Expr *By = ModOfZero ? &Mod->Kids[1] : nullptr;
      auto IsSelf = [&](const Expr &E) { return E.Kind == Op::Param && E.Param == Index; };
      if (By && IsSelf(*By)) {
        DivisorOf = &Mod->Kids[0];
      } else if (By && By->Kind == Op::Mul) {
        // `E % (F * self) == 0`: self divides E / F, where F divides E.
        for (std::size_t Side = 0; Side < 2; ++Side)
          if (IsSelf(By->Kids[Side]) && !By->Kids[1 - Side].reads(Index)) {
            DivisorOf = &Mod->Kids[0];
            DivisorScale = &By->Kids[1 - Side];
          }
      }
    }
  }
}

std::vector<std::size_t> PyParameter::reads() const {
  std::vector<std::size_t> Read;
  for (const Expr &C : Conjuncts)
    C.collect(Read);
  if (!Callable.is_none())
    Read.insert(Read.end(), ArgIndices.begin(), ArgIndices.end());
  std::sort(Read.begin(), Read.end());
  Read.erase(std::unique(Read.begin(), Read.end()), Read.end());
  Read.erase(std::remove(Read.begin(), Read.end(), Index), Read.end());
  return Read;
}

ValueKind PyParameter::kind() const {
  switch (K) {
  case Kind::Int:
    return ValueKind::Int;
  case Kind::Float:
    return ValueKind::Double;
  case Kind::Bool:
    return ValueKind::Bool;
  case Kind::Str:
    return ValueKind::String;
  }
  return ValueKind::Int;
}

Cell PyParameter::cellAt(std::uint64_t I) const {
  if (IsInterval)
    return {Num::ofInt(Start + Step * static_cast<std::int64_t>(I)), I};
  return {Values[I], I};
}

std::function<Value(std::uint64_t)> PyParameter::valueAt() const {
  return [this](std::uint64_t I) -> Value {
    const Cell C = cellAt(I);
    switch (K) {
    case Kind::Int:
      return C.N.I;
    case Kind::Float:
      return C.N.D;
    case Kind::Bool:
      return C.N.I != 0;
    case Kind::Str:
      return Strings[I];
    }
    return C.N.I;
  };
}

const void *PyParameter::hold(std::uint64_t I, std::any &Holder) const {
  if (!Cells.empty())
    return &Cells[I];
  Holder = cellAt(I);
  return std::any_cast<Cell>(&Holder);
}

const void *PyParameter::holdValue(const Value &V, std::any &Holder) const {
  Cell C;
  if (const auto *S = std::get_if<std::string>(&V)) {
    const auto It = std::find(Strings.begin(), Strings.end(), *S);
    C.Index = static_cast<std::uint64_t>(It - Strings.begin());
    C.N = Num::ofInt(static_cast<std::int64_t>(C.Index));
  } else if (const auto *D = std::get_if<double>(&V)) {
    C.N = Num::ofReal(*D);
  } else if (const auto *B = std::get_if<bool>(&V)) {
    C.N = Num::ofInt(*B);
  } else if (const auto *U = std::get_if<std::uint64_t>(&V)) {
    C.N = Num::ofInt(static_cast<std::int64_t>(*U));
  } else {
    C.N = Num::ofInt(std::get<std::int64_t>(V));
  }
  Holder = C;
  return std::any_cast<Cell>(&Holder);
}

py::object PyParameter::object(std::uint64_t I) const {
  if (IsInterval)
    return py::int_(Start + Step * static_cast<std::int64_t>(I));
  return Objects[I];
}

bool PyParameter::callBack(const void *const *Slots) const {
  py::gil_scoped_acquire Lock;
  try {
    py::dict Args;
    for (std::size_t A = 0; A < ArgIndices.size(); ++A) {
      const auto *C = static_cast<const Cell *>(Slots[ArgIndices[A]]);
      // Every argument is a parameter of this parameter's group, generated
      // before it (grouping saw to that), or the parameter itself.
      Args[py::str(ArgNames[A])] = (*All)[ArgIndices[A]]->object(C->Index);
    }
    return py::bool_(Callable(**Args));
  } catch (py::error_already_set &E) {
    const std::string Type = py::str(E.type().attr("__name__"));
    ConstraintError Error(Type, "the constraint of tuning parameter " + Name + " raised " + Type +
                                    ": " + py::str(E.value()).cast<std::string>());
    // Raised again as it is, its class, attributes and traceback intact
    // (as pyATF, which calls the constraint itself): a copy as a
    // RuntimeError escaped `except ValueError`, Ctrl-C's `except
    // KeyboardInterrupt`. A note says where it came from. (Released with
    // the GIL, on whichever thread holds the error last.)
    py::object Raised = E.value();
    if (E.trace())
      PyException_SetTraceback(Raised.ptr(), E.trace().ptr());
    if (py::hasattr(Raised, "add_note"))
      Raised.attr("add_note")("(raised by the constraint of tuning parameter " + Name + ")");
    Error.Raised =
        std::shared_ptr<py::object>(new py::object(std::move(Raised)), [](py::object *O) {
          py::gil_scoped_acquire Lock;
          delete O;
        });
    throw Error;
  }
}

bool PyParameter::accepts(const void *const *Slots, bool ByDivisors, Memo *M) const {
  if (Compiled) {
    Memo Own;
    if (!M) {
      std::fill_n(Own.Done, Hoisted, false);
      M = &Own;
    }
    const int R = Compiled(Slots, M, ByDivisors ? 1 : 0);
    if (R < 0)
      throwNativeError(-R);
    return R != 0 && (Callable.is_none() || callBack(Slots));
  }
  for (std::size_t C = ByDivisors ? 1 : 0; C < Conjuncts.size(); ++C)
    if (!Conjuncts[C].eval(Slots, M).truthy())
      return false;
  return Callable.is_none() || callBack(Slots);
}

} // namespace atfc::python
