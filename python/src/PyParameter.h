//===- python/src/PyParameter.h - A Python tuning parameter ----*- C++ -*-===//
//
// One tuning parameter of Python's atfc.TP as the online space generates
// it (Online/OnlineSpace.h's ParameterModel): its range (an integer
// interval computed on the fly, or the values Python gave), and its
// constraint in two parts, checked in order:
//
//  - the conjuncts that atfc/_translate.py could read as arithmetic,
//    comparisons and logic of parameters and numbers, evaluated here with
//    Python's semantics (int and float, `/`, `//`, `%`, and/or returning
//    an operand, ZeroDivisionError) and without the interpreter lock. The
//    first of them may be `E % P == 0` of the parameter P itself: then
//    only the divisors of E in the range are visited, as the engine's
//    divides(E) does;
//  - the Python callable itself, when some part of it could not be read:
//    called with the interpreter lock held around the call only.
//
// A Python constraint names the parameters it reads (its arguments), so
// every read is declared: the space is grouped before generation and
// never generated again for a read found late.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_PYTHON_PYPARAMETER_H
#define ATFC_PYTHON_PYPARAMETER_H

#include "Online/OnlineSpace.h"
#include "Online/SubtreeMemo.h"

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace atfc::python {

namespace py = pybind11;

/// A number as a constraint computes with it: a Python int (64 bits
/// here) or float. A bool is an int, as in Python.
/// Trivial, so that a level's Memo costs nothing to make: made only by
/// ofInt and ofReal.
struct Num {
  union {
    std::int64_t I;
    double D;
  };
  bool IsInt;
  double real() const { return IsInt ? static_cast<double>(I) : D; }
  bool truthy() const { return IsInt ? I != 0 : D != 0; }
  static Num ofInt(std::int64_t V) {
    Num N;
    N.I = V;
    N.IsInt = true;
    return N;
  }
  static Num ofReal(double V) {
    Num N;
    N.D = V;
    N.IsInt = false;
    return N;
  }
};

/// What a path slot of a Python parameter points to: its value as a
/// number and its index in the range (strings are known by the index).
struct Cell {
  Num N = Num::ofInt(0);
  std::uint64_t Index = 0;
};

/// An error inside a constraint (Python's exception, or one the
/// translated form raises as Python would): its text, ready for Python.
struct ConstraintError : std::runtime_error {
  ConstraintError(std::string Type, const std::string &What)
      : std::runtime_error(What), Type(std::move(Type)) {}
  std::string Type;
  /// kNativeOverflow: the parameter whose constraint overflowed.
  std::string Parameter;
  /// What a constraint called in Python raised: the program's own object,
  /// raised again as it was.
  std::shared_ptr<py::object> Raised;
};
/// The Type of a translated constraint's integer beyond 64 bits, where
/// Python's integers have no bound: the package then generates again with
/// that parameter's constraint called in Python (search_space.py).
inline constexpr const char *kNativeOverflow = "NativeOverflow";

/// The values of a level's hoisted subexpressions on one path.
struct Memo {
  static constexpr std::size_t kMax = 8;
  Num Values[kMax];
  bool Done[kMax];
};

/// A translated expression: a tree built from _translate.py's tuples.
struct Expr {
  enum class Op : std::uint8_t {
    Param,
    Const,
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    Neg,
    Pos,
    Not,
    And,
    Or,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    Chain,
    Min,
    Max,
    Abs,
    IfElse
  };
  Op Kind = Op::Const;
  Num Value = Num::ofInt(0);
  std::size_t Param = 0;
  /// For Chain: the comparison of each pair of operands.
  std::vector<Op> Comparisons;
  std::vector<Expr> Kids;
  /// Its slot in a Memo when it does not read the parameter it constrains
  /// (and is no leaf); -1 otherwise.
  int Hoist = -1;

  /// Builds it from a tuple ('p', index), ('c', number), ('bin', op, a,
  /// b), ('un', op, a), ('and', [..]), ('or', [..]), ('cmp', [ops],
  /// [operands]), ('call', name, [args]), ('if', test, a, b).
  static Expr fromSpec(py::handle Spec);
  /// Its value on the path Slots; hoisted parts from M, computed there on
  /// first use.
  Num eval(const void *const *Slots, Memo *M = nullptr) const;
  /// Marks the largest subexpressions that do not read parameter Self.
  void hoist(std::size_t Self, int &Next);
  /// Whether it reads parameter Index.
  bool reads(std::size_t Index) const;
  void collect(std::vector<std::size_t> &Into) const;
};

/// A compiled form of a parameter's conjuncts (NativeSource.cpp): 1 when
/// they accept the path Slots (the first skipped when From is 1), 0 when
/// not, minus an error code (throwNativeError) when one raises.
using NativeFn = int (*)(const void *const *Slots, void *Memo, int From);
/// What every compiled function's source starts with.
const char *nativePrelude();
/// Throws the ConstraintError of a compiled function's error code.
[[noreturn]] void throwNativeError(int Code);

class PyParameter final : public online::ParameterModel {
public:
  enum class Kind : std::uint8_t { Int, Float, Bool, Str };

  /// An integer interval: Count values Start + I * Step.
  PyParameter(std::string Name, std::int64_t Start, std::int64_t Step, std::uint64_t Count);
  /// The values Python gave, all of one kind (ints, floats, bools or
  /// strings).
  PyParameter(std::string Name, py::sequence Values);
  /// Values of any type (range.py's kind 'object'), which the engine
  /// holds as strings, Names (one per value): constraints get the values.
  PyParameter(std::string Name, py::sequence Values, std::vector<std::string> Names);

  /// The values the program gave, where the engine holds others (NumPy's
  /// scalars as Python's numbers): what a constraint called in Python
  /// gets, as pyATF's gets them.
  void setObjects(py::sequence Given);

  /// The translated conjuncts (each _translate.py's tuple, parameters by
  /// index), and the callable for what is left (None: nothing is left),
  /// with the indices of its arguments in its order.
  void setConstraint(py::list Conjuncts, py::object Callable, std::vector<std::size_t> ArgIndices,
                     std::vector<std::string> ArgNames);

  const std::string &name() const override { return Name; }
  std::size_t index() const override { return Index; }
  void setIndex(std::size_t I) override;
  const void *identity() const override { return this; }
  const ReadIdentities &readIdentities() const override {
    static const ReadIdentities None;
    return None;
  }
  std::vector<std::size_t> reads() const override;
  ValueKind kind() const override;
  std::uint64_t rangeSize() const override { return Count; }
  std::function<Value(std::uint64_t)> valueAt() const override;
  bool constrained() const override { return !Conjuncts.empty() || !Callable.is_none(); }
  bool opaque() const override { return false; }
  RangeError rangeError() const override { return RangeError::None; }
  const void *hold(std::uint64_t Index, std::any &Holder) const override;
  const void *holdValue(const Value &V, std::any &Holder) const override;
  std::uint64_t loop(const online::OnlineLevels &Levels, online::Frame &F,
                     atfc::detail::ChunkLevels &C, std::size_t Level) const override;

  /// The value at range index I as a Python object.
  py::object object(std::uint64_t I) const;
  /// Whether the constraint accepts the value of Slots[index()] (its first
  /// conjunct aside when ByDivisors: the value is a divisor of its E).
  bool accepts(const void *const *Slots, bool ByDivisors = false, Memo *M = nullptr) const;
  /// The tuner's parameters, by index: what the callable's arguments are.
  void setAll(const std::vector<const PyParameter *> *Given) { All = Given; }
  Kind valueKind() const { return K; }
  /// Whether only the divisors of a number are visited (findDivisorSource).
  bool byDivisors() const { return DivisorOf != nullptr; }
  /// Whether every part of the constraint was translated.
  bool native() const { return Callable.is_none(); }
  /// The translated conjuncts as the C function Function (empty when
  /// there are none); SlotKinds: every parameter's slotKind, by index.
  std::string nativeSource(const std::string &Function, const std::vector<int> &SlotKinds) const;
  /// How compiled code reads this parameter's slot: 0 an int64, 1 a
  /// double, 2 a Num whose tag says.
  int slotKind() const;
  /// Evaluates the conjuncts with Fn, compiled from nativeSource at the
  /// parameter's current index (nullptr: with the tree).
  void setCompiled(NativeFn Fn) { Compiled = Fn; }
  bool compiled() const { return Compiled != nullptr; }

private:
  /// loop() at a level known to be the last (Leaf) or not; a constraint's
  /// overflow leaves it named after this parameter.
  template <bool Leaf>
  std::uint64_t levelLoop(const online::OnlineLevels &Levels, online::Frame &F,
                          atfc::detail::ChunkLevels &C, std::size_t Level) const;
  template <bool Leaf>
  std::uint64_t visitLevel(const online::OnlineLevels &Levels, online::Frame &F,
                           atfc::detail::ChunkLevels &C, std::size_t Level) const;
  /// The chunk's memo of the subtrees below level Level (this parameter's),
  /// made on first use; null where it is off (SubtreeMemo.h).
  online::SubtreeMemo *subtreeMemo(const online::OnlineLevels &Levels,
                                   atfc::detail::ChunkLevels &Chunk, std::size_t Level) const;
  Cell cellAt(std::uint64_t I) const;
  void makeCells();
  /// What follows from the constraint and the index: the divisor source
  /// and whether the level remembers what it accepts.
  void derive();
  /// Sets DivisorOf when the first conjunct is `E % self == 0` over
  /// positive integers (once the parameter knows its index).
  void findDivisorSource();
  bool callBack(const void *const *Slots) const;
  /// Appends to Into the range indices of the divisors of N, in range
  /// order.
  void fillDivisorIndices(std::uint64_t N, std::vector<std::uint64_t> &Into) const;
  /// Sets Visit to the range indices of the divisors of the first
  /// conjunct's E on path Slots (kept in Cache, the level's own, for the
  /// siblings), or returns false when that does not apply on this path.
  bool divisorIndices(const void *const *Slots, std::vector<std::uint64_t> &Cache,
                      std::span<const std::uint64_t> &Visit) const;

  std::string Name;
  std::size_t Index = 0;
  Kind K = Kind::Int;
  std::uint64_t Count = 0;
  /// An interval (Values empty) or a list.
  std::int64_t Start = 0, Step = 1;
  bool IsInterval = false;
  std::vector<Num> Values;
  /// Every value's cell, when there are at most a million (makeCells).
  std::vector<Cell> Cells;
  std::vector<std::string> Strings;
  py::list Objects;
  std::vector<Expr> Conjuncts;
  /// The first conjunct is `E % self == 0`: E, visited by divisors.
  const Expr *DivisorOf = nullptr;
  /// The first conjunct is `E % (F * self) == 0`: F.
  const Expr *DivisorScale = nullptr;
  /// How many subexpressions of the conjuncts are hoisted (Expr::hoist).
  int Hoisted = 0;
  NativeFn Compiled = nullptr;
  /// Whether the constraint is translated whole (a pure function of what
  /// it reads: the levels above may remember subtrees, SubtreeMemo.h), and
  /// what it reads.
  bool Remembers = false;
  std::vector<std::size_t> MemoReads;
  py::object Callable = py::none();
  std::vector<std::size_t> ArgIndices;
  std::vector<std::string> ArgNames;
  const std::vector<const PyParameter *> *All = nullptr;
};

} // namespace atfc::python

#endif
