//===- python/src/NativeSource.cpp - Translated constraints as C ----------===//
//
// The translated conjuncts of a parameter's constraint (Expr trees) as a C
// function, so that the system's C compiler makes machine code of them
// (atfc/_native.py compiles, caches and loads it): a tree walk costs about
// 5 ns a node, and a candidate of pyATF's SGEMM space evaluates dozens.
//
// The C is the tree's evaluation (PyParameter.cpp) written out: the same
// number type (a tagged int64 or double, whose tags the compiler folds where
// the parameters' kinds and the constants fix them), the same helpers
// (Python's `//`, `%`, true division, overflow as OverflowError), the same
// order of evaluation (one statement per node, so that the first error is
// the one Python raises), the same short-circuits and the same hoisted
// parts, memoized per path in the engine's Memo. Nothing of the user's text
// reaches the source: parameters are slot indices, constants are written
// from their bits, functions are named by the caller.
//
// Tested by test/python/test_native.py (compiled against interpreted on
// random expressions).
//
//===----------------------------------------------------------------------===//
#include "PyParameter.h"

#include <cinttypes>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <limits>

namespace atfc::python {

namespace {

using Op = Expr::Op;

/// What the compiled code and the tree share: Num as N, a path's Memo as M,
/// the operators as helpers that set *e to an error code (nativeError).
constexpr const char *kPrelude = R"(/* atfc: compiled constraints */
typedef long long I;
typedef struct { union { I i; double d; } u; _Bool k; } N;
typedef struct { N v[8]; _Bool done[8]; } M;
_Static_assert(sizeof(N) == 16 && __builtin_offsetof(N, k) == 8, "Num");
_Static_assert(__builtin_offsetof(M, done) == 128, "Memo");
#define F static inline __attribute__((always_inline))
#define IMIN (-9223372036854775807LL - 1)
double fmod(double, double);
double floor(double);
double pow(double, double);
F N ni(I v) { N n; n.u.i = v; n.k = 1; return n; }
F N nd(double v) { N n; n.u.d = v; n.k = 0; return n; }
F double bits(unsigned long long b) { union { unsigned long long b; double d; } x; x.b = b; return x.d; }
F double re(N a) { return a.k ? (double)a.u.i : a.u.d; }
F int tr(N a) { return a.k ? a.u.i != 0 : a.u.d != 0; }
F N fail(int *e, int code) { *e = code; return ni(0); }
/* fmod, without the call for integers below 2^53 (exact either way). */
F double fm(double x, double y) {
  if (__builtin_fabs(x) < 9007199254740992.0 && __builtin_fabs(y) < 9007199254740992.0) {
    I a = (I)x, b = (I)y;
    if ((double)a == x && (double)b == y && b != 0) {
      I r = a % b;
      return r != 0 ? (double)r : __builtin_copysign(0.0, x); } }
  return fmod(x, y); }
F N add(N a, N b, int *e) {
  if (a.k && b.k) { I r; return __builtin_add_overflow(a.u.i, b.u.i, &r) ? fail(e, 6) : ni(r); }
  return nd(re(a) + re(b)); }
F N sub(N a, N b, int *e) {
  if (a.k && b.k) { I r; return __builtin_sub_overflow(a.u.i, b.u.i, &r) ? fail(e, 6) : ni(r); }
  return nd(re(a) - re(b)); }
F N mul(N a, N b, int *e) {
  if (a.k && b.k) { I r; return __builtin_mul_overflow(a.u.i, b.u.i, &r) ? fail(e, 6) : ni(r); }
  return nd(re(a) * re(b)); }
F N dvd(N a, N b, int *e) {
  if (a.k && b.k) return b.u.i == 0 ? fail(e, 1) : nd((double)a.u.i / (double)b.u.i);
  if (re(b) == 0) return fail(e, 3);
  return nd(re(a) / re(b)); }
F N fdv(N a, N b, int *e) {
  if (a.k && b.k) {
    I x = a.u.i, y = b.u.i, q;
    if (y == 0) return fail(e, 2);
    if (x == IMIN && y == -1) return fail(e, 6);
    q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0))) --q;
    return ni(q); }
  double x = re(a), y = re(b), m, d, f;
  if (y == 0) return fail(e, 4);
  m = fm(x, y);
  d = (x - m) / y;
  if (m != 0 && ((y < 0) != (m < 0))) d -= 1.0;
  if (d == 0) return nd(__builtin_copysign(0.0, x / y));
  f = floor(d);
  if (d - f > 0.5) f += 1.0;
  return nd(f); }
F N mdl(N a, N b, int *e) {
  if (a.k && b.k) {
    I x = a.u.i, y = b.u.i, m;
    if (y == 0) return fail(e, 2);
    if (y == -1) return ni(0);
    m = x % y;
    if (m != 0 && ((m < 0) != (y < 0))) m += y;
    return ni(m); }
  double x = re(a), y = re(b), m;
  if (y == 0) return fail(e, 5);
  m = fm(x, y);
  if (m == 0) return nd(__builtin_copysign(0.0, y));
  if ((m < 0) != (y < 0)) m += y;
  return nd(m); }
F N pw(N a, N b, int *e) {
  if (a.k && b.k) {
    I x = a.u.i, y = b.u.i, r = 1, k;
    if (y < 0) return nd(pow((double)x, (double)y));
    if (y == 0 || x == 1) return ni(1);
    if (x == 0 || x == -1) return ni(x == 0 ? 0 : (y % 2 == 0 ? 1 : -1));
    for (k = 0; k < y; ++k)
      if (__builtin_mul_overflow(r, x, &r)) return fail(e, 6);
    return ni(r); }
  return nd(pow(re(a), re(b))); }
F N neg(N a, int *e) { return a.k ? (a.u.i == IMIN ? fail(e, 6) : ni(-a.u.i)) : nd(-a.u.d); }
F N ab(N a, int *e) {
  return a.k ? (a.u.i == IMIN ? fail(e, 6) : ni(a.u.i < 0 ? -a.u.i : a.u.i)) : nd(__builtin_fabs(a.u.d)); }
F int lt(N a, N b) { return a.k && b.k ? a.u.i < b.u.i : re(a) < re(b); }
F int le(N a, N b) { return a.k && b.k ? a.u.i <= b.u.i : re(a) <= re(b); }
F int gt(N a, N b) { return a.k && b.k ? a.u.i > b.u.i : re(a) > re(b); }
F int ge(N a, N b) { return a.k && b.k ? a.u.i >= b.u.i : re(a) >= re(b); }
F int eq(N a, N b) { return a.k && b.k ? a.u.i == b.u.i : re(a) == re(b); }
F int ne(N a, N b) { return a.k && b.k ? a.u.i != b.u.i : re(a) != re(b); }
)";

const char *helperOf(Op O) {
  switch (O) {
  case Op::Add:
    return "add";
  case Op::Sub:
    return "sub";
  case Op::Mul:
    return "mul";
  case Op::Div:
    return "dvd";
  case Op::FloorDiv:
    return "fdv";
  case Op::Mod:
    return "mdl";
  case Op::Pow:
    return "pw";
  case Op::Lt:
    return "lt";
  case Op::Le:
    return "le";
  case Op::Gt:
    return "gt";
  case Op::Ge:
    return "ge";
  case Op::Eq:
    return "eq";
  case Op::Ne:
    return "ne";
  default:
    throw std::invalid_argument("no C helper for an operator of a translated constraint");
  }
}

/// Writes one function's statements: each node's value into a temporary,
/// in the tree's order of evaluation.
class Writer {
public:
  Writer(std::string &Out, const std::vector<int> &SlotKinds) : Out(Out), SlotKinds(SlotKinds) {}

  /// The C expression of E's value (a leaf, or a temporary that the
  /// statements written before hold); Memo: hoisted parts come from m.
  std::string value(const Expr &E, bool Memo) {
    if (E.Kind == Op::Param)
      return param(E.Param);
    if (E.Kind == Op::Const)
      return constant(E.Value);
    if (E.Hoist >= 0 && Memo) {
      const std::string T = fresh(), H = std::to_string(E.Hoist);
      Out += "N " + T + ";\nif (m->done[" + H + "]) " + T + " = m->v[" + H + "];\nelse {\n";
      const std::string V = value(E, false);
      Out += T + " = " + V + ";\nm->v[" + H + "] = " + T + ";\nm->done[" + H + "] = 1;\n}\n";
      return T;
    }
    const std::string T = fresh();
    switch (E.Kind) {
    case Op::Pos:
      return value(E.Kids[0], Memo);
    case Op::Neg:
    case Op::Abs: {
      const std::string A = value(E.Kids[0], Memo);
      Out += "N " + T + " = " + (E.Kind == Op::Neg ? "neg(" : "ab(") + A + ", &e);\n" + kCheck;
      return T;
    }
    case Op::Not: {
      const std::string A = value(E.Kids[0], Memo);
      Out += "N " + T + " = ni(!tr(" + A + "));\n";
      return T;
    }
    case Op::And:
    case Op::Or: {
      // The first operand that decides, else the last.
      const std::string First = value(E.Kids[0], Memo);
      Out += "N " + T + " = " + First + ";\n";
      for (std::size_t I = 1; I < E.Kids.size(); ++I) {
        Out += std::string("if (") + (E.Kind == Op::And ? "" : "!") + "tr(" + T + ")) {\n";
        const std::string V = value(E.Kids[I], Memo);
        Out += T + " = " + V + ";\n";
      }
      Out += std::string(E.Kids.size() - 1, '}') + "\n";
      return T;
    }
    case Op::Chain: {
      const std::string Left = fresh(), First = value(E.Kids[0], Memo);
      Out += "N " + T + " = ni(0);\nN " + Left + " = " + First + ";\n";
      for (std::size_t I = 0; I < E.Comparisons.size(); ++I) {
        const std::string Right = value(E.Kids[I + 1], Memo);
        Out += std::string("if (") + helperOf(E.Comparisons[I]) + "(" + Left + ", " + Right +
               ")) {\n" + Left + " = " + Right + ";\n";
      }
      Out += T + " = ni(1);\n" + std::string(E.Comparisons.size(), '}') + "\n";
      return T;
    }
    case Op::Min:
    case Op::Max: {
      const std::string First = value(E.Kids[0], Memo);
      Out += "N " + T + " = " + First + ";\n";
      for (std::size_t I = 1; I < E.Kids.size(); ++I) {
        const std::string V = value(E.Kids[I], Memo);
        Out += std::string("if (") + (E.Kind == Op::Min ? "lt(" : "gt(") + V + ", " + T + ")) " +
               T + " = " + V + ";\n";
      }
      return T;
    }
    case Op::IfElse: {
      const std::string Test = value(E.Kids[0], Memo);
      Out += "N " + T + ";\nif (tr(" + Test + ")) {\n";
      std::string V = value(E.Kids[1], Memo);
      Out += T + " = " + V + ";\n} else {\n";
      V = value(E.Kids[2], Memo);
      Out += T + " = " + V + ";\n}\n";
      return T;
    }
    default: {
      const std::string A = value(E.Kids[0], Memo);
      const std::string B = value(E.Kids[1], Memo);
      Out += "N " + T + " = " + helperOf(E.Kind) + "(" + A + ", " + B + ", &e);\n" + kCheck;
      return T;
    }
    }
  }

private:
  static constexpr const char *kCheck = "if (e) return -e;\n";

  std::string fresh() { return "t" + std::to_string(Next++); }

  std::string param(std::size_t Index) const {
    const std::string Slot = "s[" + std::to_string(Index) + "]";
    switch (SlotKinds.at(Index)) {
    case 0:
      return "ni(*(const I *)" + Slot + ")";
    case 1:
      return "nd(*(const double *)" + Slot + ")";
    default:
      return "(*(const N *)" + Slot + ")";
    }
  }

  static std::string constant(const Num &V) {
    char Text[64];
    if (V.IsInt) {
      if (V.I == std::numeric_limits<std::int64_t>::min())
        return "ni(IMIN)";
      std::snprintf(Text, sizeof Text, "ni(%" PRId64 "LL)", V.I);
    } else {
      std::uint64_t Bits;
      std::memcpy(&Bits, &V.D, sizeof Bits);
      std::snprintf(Text, sizeof Text, "nd(bits(0x%016" PRIx64 "ULL))", Bits);
    }
    return Text;
  }

  std::string &Out;
  const std::vector<int> &SlotKinds;
  int Next = 0;
};

// The compiled code reads slots, Nums and Memos with these layouts.
static_assert(sizeof(Num) == 16 && offsetof(Num, IsInt) == 8, "Num as the prelude's N");
static_assert(offsetof(Cell, N) == 0, "a slot's number first");
static_assert(offsetof(Memo, Done) == 128 && Memo::kMax == 8, "Memo as the prelude's M");

} // namespace

const char *nativePrelude() { return kPrelude; }

void throwNativeError(int Code) {
  switch (Code) {
  case 1:
    throw ConstraintError("ZeroDivisionError", "division by zero");
  case 2:
    throw ConstraintError("ZeroDivisionError", "integer division or modulo by zero");
  case 3:
    throw ConstraintError("ZeroDivisionError", "float division by zero");
  case 4:
    throw ConstraintError("ZeroDivisionError", "float floor division by zero");
  case 5:
    throw ConstraintError("ZeroDivisionError", "float modulo");
  default:
    throw ConstraintError(kNativeOverflow, "an integer of a constraint exceeds 64 bits");
  }
}

int PyParameter::slotKind() const {
  if (IsInterval)
    return 0;
  if (K == Kind::Str)
    return 2;
  bool Ints = true, Reals = true;
  for (const Num &V : Values) {
    Ints = Ints && V.IsInt;
    Reals = Reals && !V.IsInt;
  }
  return Ints ? 0 : Reals ? 1 : 2;
}

std::string PyParameter::nativeSource(const std::string &Function,
                                      const std::vector<int> &SlotKinds) const {
  if (Conjuncts.empty())
    return "";
  std::string Out = "int " + Function +
                    "(const void *const *s, void *mv, int from) {\nM *m = (M *)mv;\nint e = 0;\n"
                    "(void)s; (void)m; (void)e;\n";
  Writer W(Out, SlotKinds);
  for (std::size_t C = 0; C < Conjuncts.size(); ++C) {
    Out += C == 0 ? "if (from <= 0) {\n" : "{\n";
    const std::string V = W.value(Conjuncts[C], true);
    Out += "if (!tr(" + V + ")) return 0;\n}\n";
  }
  return Out + "return 1;\n}\n";
}

} // namespace atfc::python
