//===- SearchSpace/CandidateEnumeration.h - One level's loop ----*- C++ -*-===//
//
// Enumerates the values of one parameter that satisfy its constraint on the
// current path, in range order. This is the innermost loop of generation.
//
// For an integral interval, the conjuncts of the constraint choose the loop:
// bounds (less_than, ..., greater_than_or_eq) cut it, and the first
// divides(E) enumerates divisors of E, else the first multiple_of(E) steps by
// E, else the first equal(E) visits one value. The remaining conjuncts are
// filters, their expressions evaluated once per path rather than per value.
// Any other range or constraint is a filter over the whole range.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_CANDIDATEENUMERATION_H
#define ATFC_SEARCHSPACE_CANDIDATEENUMERATION_H

#include "SearchSpace/Constraint.h"

#include <cstdint>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

namespace atfc::detail {

__extension__ typedef __int128 Int128;

template <class C> struct IsRelation : std::false_type {};
template <RelationShape S, class E> struct IsRelation<Relation<S, E>> : std::true_type {};

template <class C> constexpr bool isBound() {
  if constexpr (IsRelation<C>::value) {
    using enum RelationShape;
    return C::kShape == LessThan || C::kShape == LessThanOrEq || C::kShape == GreaterThan ||
           C::kShape == GreaterThanOrEq;
  } else {
    return false;
  }
}

template <class C, RelationShape S> constexpr bool hasShape() {
  if constexpr (IsRelation<C>::value)
    return C::kShape == S;
  else
    return false;
}

/// Index of the first conjunct of shape S in Parts, or sizeof...(Cs).
template <RelationShape S, class... Cs> constexpr std::size_t firstOfShape() {
  constexpr bool Matches[] = {hasShape<Cs, S>()..., true};
  std::size_t I = 0;
  while (!Matches[I])
    ++I;
  return I;
}

/// Index of the conjunct that drives the loop: the first divides, else the
/// first multiple_of, else the first equal; sizeof...(Cs) when there is none.
template <class... Cs> constexpr std::size_t sourceIndex() {
  std::size_t I = firstOfShape<RelationShape::Divides, Cs...>();
  if (I == sizeof...(Cs))
    I = firstOfShape<RelationShape::MultipleOf, Cs...>();
  if (I == sizeof...(Cs))
    I = firstOfShape<RelationShape::Equal, Cs...>();
  return I;
}

/// The conjuncts of a constraint: its parts for AllOf, else itself.
template <class C> struct Conjuncts {
  static constexpr std::size_t kCount = 1;
  static constexpr std::size_t kSource = sourceIndex<C>();
  template <std::size_t I> static const C &part(const C &Constraint) { return Constraint; }
};
template <class... Cs> struct Conjuncts<AllOf<Cs...>> {
  static constexpr std::size_t kCount = sizeof...(Cs);
  static constexpr std::size_t kSource = sourceIndex<Cs...>();
  template <std::size_t I> static const auto &part(const AllOf<Cs...> &Constraint) {
    return slot<I>(Constraint.Parts);
  }
};

/// The value a conjunct needs per candidate: its evaluated expression for a
/// relation, the conjunct itself otherwise.
template <class C, class Path> auto prepare(const C &Part, const Path &P) {
  if constexpr (IsRelation<C>::value)
    return evaluate(Part.Expr, P);
  else
    return std::cref(Part);
}

/// floor(sqrt(N)) for every N. The double's estimate may be off by one
/// either way (and is 2^32 near 2^64); the corrections square in 128 bits,
/// where no square overflows (a division instead was a tenth of the
/// divisor loops' time).
inline std::uint64_t isqrt(std::uint64_t N) {
  auto R = static_cast<std::uint64_t>(__builtin_sqrt(static_cast<double>(N)));
  while (static_cast<Int128>(R) * R > N)
    --R;
  while (static_cast<Int128>(R + 1) * (R + 1) <= N)
    ++R;
  return R;
}

inline Int128 floorDiv(Int128 A, Int128 B) {
  Int128 Q = A / B;
  return (A % B != 0 && ((A < 0) != (B < 0))) ? Q - 1 : Q;
}
inline Int128 ceilDiv(Int128 A, Int128 B) { return -floorDiv(-A, B); }

/// The loop of one level for one path.
template <class Range, class Constraint, class Path> class LevelLoop {
  using T = typename Range::value_type;
  using Parts = Conjuncts<Constraint>;
  static constexpr std::size_t N = Parts::kCount;
  static constexpr std::size_t Source = Parts::kSource;
  template <std::size_t I>
  using PartAt =
      std::remove_cvref_t<decltype(Parts::template part<I>(std::declval<const Constraint &>()))>;

  /// Each conjunct's prepared value (see prepare), in order.
  template <std::size_t... Is>
  static auto preparedSlots(std::index_sequence<Is...>)
      -> Slots<decltype(prepare(std::declval<const PartAt<Is> &>(),
                                std::declval<const Path &>()))...>;
  using Prepared = decltype(preparedSlots(std::make_index_sequence<N>{}));
  template <std::size_t... Is>
  static Prepared prepareAll([[maybe_unused]] const Constraint &C, [[maybe_unused]] const Path &P,
                             std::index_sequence<Is...>) {
    return Prepared{{prepare(Parts::template part<Is>(C), P)}...};
  }

public:
  LevelLoop(const Range &R, const Constraint &C, const Path &P)
      : R(R), P(P), Values(prepareAll(C, P, std::make_index_sequence<N>{})) {}

  template <class Fn> void run(std::vector<std::uint64_t> &Scratch, Fn &F) {
    if constexpr (!Range::kArithmetic)
      filterAll(F);
    else
      arithmetic(Scratch, F);
  }

private:
  /// Whether conjunct I accepts V (bounds and, with SkipSource, the source
  /// count as accepted: the loop already guarantees them).
  template <std::size_t I> bool accepts(const T &V, bool SkipSource) const {
    using Part = PartAt<I>;
    if constexpr (isBound<Part>() && Range::kArithmetic) {
      return true;
    } else {
      if (I == Source && SkipSource)
        return true;
      if constexpr (IsRelation<Part>::value)
        return holds<Part::kShape>(V, slot<I>(Values));
      else
        return slot<I>(Values).get()(V, P);
    }
  }
  template <std::size_t... Is>
  bool passes([[maybe_unused]] const T &V, [[maybe_unused]] bool SkipSource,
              std::index_sequence<Is...>) const {
    return (accepts<Is>(V, SkipSource) && ...);
  }
  bool passes(const T &V, bool SkipSource) const {
    return passes(V, SkipSource, std::make_index_sequence<N>{});
  }

  template <class Fn> void filterAll(Fn &F) {
    const std::uint64_t Size = R.size();
    for (std::uint64_t K = 0; K < Size; ++K) {
      const T &V = R.at(K);
      if (passes(V, false))
        F(K, V);
    }
  }

  /// Narrows [Lo, Hi] by conjunct I when it is a bound.
  template <std::size_t I> void applyBound() {
    using Part = PartAt<I>;
    if constexpr (isBound<Part>()) {
      using enum RelationShape;
      const auto &E = slot<I>(Values);
      if constexpr (std::is_floating_point_v<std::remove_cvref_t<decltype(E)>>) {
        // Round a floating bound inward. NaN compares false with everything;
        // a bound beyond the window (infinity included) cuts nothing.
        const long double B = E;
        if (std::isnan(B)) {
          Hi = Lo - 1;
          return;
        }
        if constexpr (Part::kShape == LessThan || Part::kShape == LessThanOrEq) {
          if (B < static_cast<long double>(Lo)) {
            Hi = Lo - 1;
            return;
          }
          if (B > static_cast<long double>(Hi))
            return;
          const long double Cut = std::floor(B);
          const Int128 Bi = static_cast<Int128>(Cut) - (Part::kShape == LessThan && Cut == B);
          Hi = Bi < Hi ? Bi : Hi;
        } else {
          if (B > static_cast<long double>(Hi)) {
            Lo = Hi + 1;
            return;
          }
          if (B < static_cast<long double>(Lo))
            return;
          const long double Cut = std::ceil(B);
          const Int128 Bi = static_cast<Int128>(Cut) + (Part::kShape == GreaterThan && Cut == B);
          Lo = Bi > Lo ? Bi : Lo;
        }
      } else {
        const auto B = static_cast<Int128>(E);
        if constexpr (Part::kShape == LessThan)
          Hi = B - 1 < Hi ? B - 1 : Hi;
        else if constexpr (Part::kShape == LessThanOrEq)
          Hi = B < Hi ? B : Hi;
        else if constexpr (Part::kShape == GreaterThan)
          Lo = B + 1 > Lo ? B + 1 : Lo;
        else
          Lo = B > Lo ? B : Lo;
      }
    }
  }
  template <std::size_t... Is> void applyBounds(std::index_sequence<Is...>) {
    (applyBound<Is>(), ...);
  }

  /// Visits grid value V, whose range index is Index, if it passes.
  template <class Fn> void visit(Int128 V, std::uint64_t Index, bool SkipSource, Fn &F) {
    const T Value = static_cast<T>(V);
    if (passes(Value, SkipSource))
      F(Index, Value);
  }
  /// Visits grid values From, From+Stride, ... <= To (From on the grid;
  /// Stride a multiple of Step). The index advances with the value: no
  /// 128-bit division per value.
  template <class Fn> void stride(Int128 From, Int128 To, Int128 Stride, bool SkipSource, Fn &F) {
    if (From > To)
      return;
    std::uint64_t Index = indexOf(From);
    const auto IndexStride = static_cast<std::uint64_t>(Stride / Step);
    for (Int128 V = From; V <= To; V += Stride, Index += IndexStride)
      visit(V, Index, SkipSource, F);
  }
  /// The range index of grid value V (most intervals step by one).
  std::uint64_t indexOf(Int128 V) const {
    return static_cast<std::uint64_t>(Step == 1 ? V - Lo0 : (V - Lo0) / Step);
  }
  /// The first grid value >= From.
  Int128 firstOnGrid(Int128 From) const {
    return From <= Lo0 ? Lo0 : Lo0 + ceilDiv(From - Lo0, Step) * Step;
  }
  bool onGrid(Int128 V) const { return V >= Lo && V <= Hi && (Step == 1 || (V - Lo0) % Step == 0); }

  template <class Fn> void arithmetic(std::vector<std::uint64_t> &Scratch, Fn &F) {
    Lo0 = static_cast<Int128>(R.lo());
    Step = static_cast<Int128>(R.step());
    Lo = Lo0;
    Hi = Lo0 + Step * (static_cast<Int128>(R.size()) - 1);
    applyBounds(std::make_index_sequence<N>{});
    if (Lo > Hi)
      return;
    if constexpr (Source == N) {
      stride(firstOnGrid(Lo), Hi, Step, true, F);
    } else {
      using SourcePart = PartAt<Source>;
      const auto &E = slot<Source>(Values);
      if constexpr (!kPlainInt<std::remove_cvref_t<decltype(E)>>) {
        stride(firstOnGrid(Lo), Hi, Step, false, F);
      } else if constexpr (SourcePart::kShape == RelationShape::Equal) {
        const auto V = static_cast<Int128>(E);
        if (onGrid(V))
          visit(V, indexOf(V), true, F);
      } else if constexpr (SourcePart::kShape == RelationShape::MultipleOf) {
        const auto M = static_cast<Int128>(magnitude(E));
        if (M == 0) { // only 0 is a multiple of 0
          if (onGrid(0))
            visit(0, indexOf(0), true, F);
          return;
        }
        // Multiples of M that are also on the grid Lo0 + k*Step: they repeat
        // every lcm(M, Step), computed in 128 bits.
        const auto G = static_cast<Int128>(
            std::gcd(static_cast<std::uint64_t>(M), static_cast<std::uint64_t>(Step)));
        // Finding the first one tries up to Step / G multiples; when the
        // window holds fewer grid values than that, testing each is
        // cheaper (a grid stepping by 2^61 tried 2^61 multiples of 3: for
        // ever).
        const Int128 First = firstOnGrid(Lo);
        if (First > Hi)
          return;
        if (Step / G > (Hi - First) / Step + 1) {
          for (Int128 V = First; V <= Hi; V += Step)
            if (V % M == 0)
              visit(V, indexOf(V), true, F);
          return;
        }
        const Int128 Stride = M / G * Step;
        Int128 V = ceilDiv(Lo, M) * M;
        for (Int128 Tries = Step / G; Tries > 1 && (V - Lo0) % Step != 0; --Tries)
          V += M;
        if ((V - Lo0) % Step == 0)
          stride(V, Hi, Stride, true, F);
      } else {
        divisors(magnitude(E), Scratch, F);
      }
    }
  }

  /// Divisors of M inside the window, ascending; negative values divide
  /// M too (divides compares magnitudes).
  template <class Fn> void divisors(std::uint64_t M, std::vector<std::uint64_t> &Scratch, Fn &F) {
    // Every nonzero value divides 0: then each is tested.
    const auto Max = static_cast<Int128>(M);
    const Int128 From = M == 0 || Lo >= -Max ? Lo : -Max, To = M == 0 || Hi <= Max ? Hi : Max;
    // Few candidates: test them; many: factor M by trial division.
    const std::uint64_t Root = M == 0 ? 0 : isqrt(M);
    if (M == 0 || (To - From) / Step <= static_cast<Int128>(2 * Root))
      return stride(firstOnGrid(From), To, Step, false, F);
    Scratch.clear();
    for (std::uint64_t D = 1; D <= Root; ++D)
      if (M % D == 0)
        Scratch.push_back(D);
    const std::size_t Small = Scratch.size();
    for (std::size_t I = Small; I-- > 0;)
      if (const std::uint64_t D = M / Scratch[I]; D != Scratch[I])
        Scratch.push_back(D);
    // Scratch now holds all divisors ascending: visit -d descending, then
    // d, in one loop (one copy of the visit to compile).
    const std::size_t Count = Scratch.size();
    for (std::size_t J = From < 0 ? 0 : Count; J < 2 * Count; ++J) {
      const Int128 V = J < Count ? -static_cast<Int128>(Scratch[Count - 1 - J])
                                 : static_cast<Int128>(Scratch[J - Count]);
      if (onGrid(V))
        visit(V, indexOf(V), true, F);
    }
  }

  const Range &R;
  const Path &P;
  Prepared Values;
  Int128 Lo0 = 0, Step = 1, Lo = 0, Hi = -1;
};

/// Calls Fn(index, value), in range order, for every value of Range that
/// satisfies Constraint on path P. Scratch is reused between calls.
template <class Range, class Constraint, class Path, class Fn>
void forEachValid(const Range &R, const Constraint &C, const Path &P,
                  std::vector<std::uint64_t> &Scratch, Fn &&F) {
  LevelLoop<Range, Constraint, Path>(R, C, P).run(Scratch, F);
}

} // namespace atfc::detail

#endif
