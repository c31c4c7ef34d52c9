//===- SearchSpace/Constraint.h - Parameter constraints ---------*- C++ -*-===//
//
// Constraints of one tuning parameter, checked on a candidate value and the
// path of values chosen for the earlier parameters of its group.
//
// The alias objects (divides, multiple_of, less_than, ...) carry their shape
// in their type, so the generator can turn them into loops instead of
// filters: divides(E) enumerates divisors of E, multiple_of(E) steps by E,
// bounds cut the loop. predicate(F) and everything under || or ! stays a
// filter. An expression E is a constant or a callable taking the path (a
// std::tuple of the group's values).
//
// Comparisons between integers are mathematical (std::cmp_less and
// friends), so mixing signed and unsigned types never wraps around.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_CONSTRAINT_H
#define ATFC_SEARCHSPACE_CONSTRAINT_H

#include "SearchSpace/Slots.h"

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace atfc {

/// Evaluates expression E on Path: calls it when callable, else returns it.
template <class E, class Path> decltype(auto) evaluate(const E &Expr, const Path &P) {
  if constexpr (std::is_invocable_v<const E &, const Path &>)
    return Expr(P);
  else
    return (Expr);
}

namespace detail {
template <class T> constexpr bool kPlainInt = std::is_integral_v<T> && !std::is_same_v<T, bool>;

/// V as the standard integer of its size and sign: std::cmp_less and its
/// kin refuse the character types (a wchar_t parameter's equal(16) did
/// not compile).
template <class T> auto standardInteger(T V) {
  if constexpr (std::is_signed_v<T>)
    return static_cast<std::make_signed_t<T>>(V);
  else
    return static_cast<std::make_unsigned_t<T>>(V);
}

template <class T> std::uint64_t magnitude(T V) {
  if constexpr (std::is_signed_v<T>)
    return V < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(V) : static_cast<std::uint64_t>(V);
  else
    return static_cast<std::uint64_t>(V);
}
} // namespace detail

/// The shapes of relation constraints that the generator knows
/// (Language/Language.def: ATF_RELATION_SHAPE).
enum class RelationShape {
#define ATF_RELATION_SHAPE(Shape, Alias, Meaning) Shape,
#include "Language/Language.def"
};

/// True when V and E stand in relation S.
template <RelationShape S, class T, class U> bool holds(const T &V, const U &E) {
  using enum RelationShape;
  if constexpr (S == Divides || S == MultipleOf) {
    // Each operand is converted on its own: a ?: between V and E would
    // convert both to their common type first, and a negative int would
    // become a huge unsigned value.
    if constexpr (detail::kPlainInt<T> && detail::kPlainInt<U>) {
      const std::uint64_t MV = detail::magnitude(V), ME = detail::magnitude(E);
      const std::uint64_t Divisor = S == Divides ? MV : ME, Dividend = S == Divides ? ME : MV;
      if (Divisor == 0)
        return S == MultipleOf && Dividend == 0;
      return Dividend % Divisor == 0;
    } else {
      const auto DV = static_cast<double>(V), DE = static_cast<double>(E);
      const double Divisor = S == Divides ? DV : DE, Dividend = S == Divides ? DE : DV;
      if (Divisor == 0)
        return S == MultipleOf && Dividend == 0;
      return std::fmod(Dividend, Divisor) == 0;
    }
  } else if constexpr (detail::kPlainInt<T> && detail::kPlainInt<U>) {
    if constexpr (!std::is_same_v<T, decltype(detail::standardInteger(V))> ||
                  !std::is_same_v<U, decltype(detail::standardInteger(E))>)
      return holds<S>(detail::standardInteger(V), detail::standardInteger(E));
    else if constexpr (S == LessThan)
      return std::cmp_less(V, E);
    else if constexpr (S == LessThanOrEq)
      return std::cmp_less_equal(V, E);
    else if constexpr (S == GreaterThan)
      return std::cmp_greater(V, E);
    else if constexpr (S == GreaterThanOrEq)
      return std::cmp_greater_equal(V, E);
    else if constexpr (S == Equal)
      return std::cmp_equal(V, E);
    else
      return std::cmp_not_equal(V, E);
  } else {
    if constexpr (S == LessThan)
      return V < E;
    else if constexpr (S == LessThanOrEq)
      return V <= E;
    else if constexpr (S == GreaterThan)
      return V > E;
    else if constexpr (S == GreaterThanOrEq)
      return V >= E;
    else if constexpr (S == Equal)
      return V == E;
    else
      return V != E;
  }
}

/// A relation between the candidate and expression E, e.g. divides(N / WPT).
template <RelationShape S, class E> struct Relation {
  static constexpr RelationShape kShape = S;
  E Expr;
  template <class T, class Path> bool operator()(const T &V, const Path &P) const {
    return holds<S>(V, evaluate(Expr, P));
  }
};

/// A filter: F(candidate) or F(candidate, path) returns whether it is valid.
template <class F> struct Predicate {
  F Fn;
  template <class T, class Path> bool operator()(const T &V, const Path &P) const {
    if constexpr (std::is_invocable_v<const F &, const T &, const Path &>)
      return static_cast<bool>(Fn(V, P));
    else
      return static_cast<bool>(Fn(V));
  }
};

/// Conjunction; AllOf<> is the empty constraint (always true).
template <class... Cs> struct AllOf {
  /// The conjuncts, in order.
  detail::Slots<Cs...> Parts;
  template <class T, class Path> bool operator()(const T &V, const Path &P) const {
    return [&]<std::size_t... Is>(std::index_sequence<Is...>) {
      return (detail::slot<Is>(Parts)(V, P) && ...);
    }
    (std::index_sequence_for<Cs...>{});
  }
};
using NoConstraint = AllOf<>;

/// Disjunction (always a filter).
template <class... Cs> struct AnyOf {
  /// The disjuncts, in order.
  detail::Slots<Cs...> Parts;
  template <class T, class Path> bool operator()(const T &V, const Path &P) const {
    return [&]<std::size_t... Is>(std::index_sequence<Is...>) {
      return (detail::slot<Is>(Parts)(V, P) || ...);
    }
    (std::index_sequence_for<Cs...>{});
  }
};

/// Negation (always a filter).
template <class C> struct Not {
  C Part;
  template <class T, class Path> bool operator()(const T &V, const Path &P) const {
    return !Part(V, P);
  }
};

template <class T> struct IsConstraint : std::false_type {};
template <RelationShape S, class E> struct IsConstraint<Relation<S, E>> : std::true_type {};
template <class F> struct IsConstraint<Predicate<F>> : std::true_type {};
template <class... Cs> struct IsConstraint<AllOf<Cs...>> : std::true_type {};
template <class... Cs> struct IsConstraint<AnyOf<Cs...>> : std::true_type {};
template <class C> struct IsConstraint<Not<C>> : std::true_type {};
template <class T>
concept ConstraintObject = IsConstraint<std::remove_cvref_t<T>>::value;

// The aliases of the directive language (Language/Language.def).
#define ATF_CONSTRAINT_ALIAS(Name, Shape)                                                          \
  template <class E> auto Name(E Expr) { return Relation<RelationShape::Shape, E>{Expr}; }
#include "Language/Language.def"
template <class F> auto predicate(F Fn) { return Predicate<F>{Fn}; }

/// Turns a constraint object or a bare callable into a constraint object.
template <class C> auto asConstraint(C Constraint) {
  if constexpr (ConstraintObject<C>)
    return Constraint;
  else
    return Predicate<C>{std::move(Constraint)};
}

namespace detail {
// A conjunction of the constraint's parts, so that && flattens.
template <class C> AllOf<C> asConjunction(C Constraint) { return {{{std::move(Constraint)}}}; }
template <class... Cs> AllOf<Cs...> asConjunction(AllOf<Cs...> Constraint) { return Constraint; }
template <class... As, class... Bs>
AllOf<As..., Bs...> joinConjunctions(AllOf<As...> L, AllOf<Bs...> R) {
  return [&]<std::size_t... Is, std::size_t... Js>(std::index_sequence<Is...>,
                                                   std::index_sequence<Js...>) {
    return AllOf<As..., Bs...>{
        {{std::move(slot<Is>(L.Parts))}..., {std::move(slot<Js>(R.Parts))}...}};
  }
  (std::index_sequence_for<As...>{}, std::index_sequence_for<Bs...>{});
}
} // namespace detail

template <ConstraintObject A, ConstraintObject B> auto operator&&(A L, B R) {
  return detail::joinConjunctions(detail::asConjunction(std::move(L)),
                                  detail::asConjunction(std::move(R)));
}
template <ConstraintObject A, ConstraintObject B> auto operator||(A L, B R) {
  return AnyOf<A, B>{{{std::move(L)}, {std::move(R)}}};
}
template <ConstraintObject A> auto operator!(A C) { return Not<A>{std::move(C)}; }

/// The directive language's mixed combinations, for the generated tuner
/// only (it says `using namespace atfc::constraint_syntax;`), since they
/// would capture && on any class: an alias or a lambda with a condition
/// (`divides(12) || X == 5`, where X is the candidate's own name and holds
/// its value), or lambdas with each other (`[](auto v){...} || ...`).
namespace constraint_syntax {
/// A part of a constraint that is a callable taking the candidate.
template <class T>
concept Callable = std::is_class_v<std::remove_cvref_t<T>> && !ConstraintObject<T>;
template <class T>
concept Part =
    ConstraintObject<T> || Callable<T> || std::is_convertible_v < const std::remove_cvref_t<T>
&, bool > ;
/// At least one side is a callable or a condition (else the operators of
/// atfc apply) and one side is a constraint (else the built-in ones do).
template <class A, class B>
concept Mixed = Part<A> && Part<B> && !(ConstraintObject<A> && ConstraintObject<B>)&&(
    ConstraintObject<A> || ConstraintObject<B> || Callable<A> || Callable<B>);

/// A part as a constraint object: a condition becomes a constant filter.
template <class C> auto asPart(C Part) {
  if constexpr (ConstraintObject<C> || Callable<C>)
    return asConstraint(std::move(Part));
  else
    return predicate([Holds = static_cast<bool>(Part)](const auto &) { return Holds; });
}

template <class A, class B>
requires Mixed<A, B>
auto operator&&(A L, B R) { return asPart(std::move(L)) && asPart(std::move(R)); }
template <class A, class B>
requires Mixed<A, B>
auto operator||(A L, B R) { return asPart(std::move(L)) || asPart(std::move(R)); }
template <Callable A> auto operator!(A C) { return !asPart(std::move(C)); }
} // namespace constraint_syntax

} // namespace atfc

#endif
