//===- SearchSpace/Parameter.h - Tuning parameters and groups ---*- C++ -*-===//
//
// A tuning parameter is a name, a range and a constraint; a group is an
// ordered tuple of parameters whose constraints may read the values of the
// parameters before them (the path). Both are typed: the generator is
// instantiated for each group, so constraint calls inline.
//
// ParameterInfo is the type-erased view kept by the store for decoding value
// indices and for output.
//
// Tested through ConstraintTest.cpp and ChainOfTreesTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_PARAMETER_H
#define ATFC_SEARCHSPACE_PARAMETER_H

#include "SearchSpace/Constraint.h"
#include "SearchSpace/Range.h"
#include "SearchSpace/Slots.h"
#include "SearchSpace/Value.h"
#include "Support/Diagnostic.h"

#include <cstdint>
#include <functional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace atfc {

/// A typed tuning parameter.
template <class R, class C> struct Parameter {
  using range_type = R;
  using constraint_type = C;
  using value_type = typename R::value_type;
  std::string Name;
  R Range;
  C Constraint;
  /// Where the range is written in the user's file, if anywhere: a range
  /// that cannot be built is reported there (GroupGenerator.h).
  SourceLocation RangeWhere;
  /// Where the constraint is written, if anywhere: one that traps is
  /// reported there (runtime/ArithmeticTrap.cpp).
  SourceLocation ConstraintWhere;
};

/// The constraint a thread generating a group evaluates, if it knows one:
/// what the report of a trapping constraint names (read by a signal
/// handler, so plain pointers to what the generator holds).
struct EvaluatedConstraint {
  const std::string *Name = nullptr;
  const SourceLocation *Where = nullptr;
};
inline thread_local EvaluatedConstraint CurrentConstraint;

/// parameter(name, range[, constraint]): a constraint is an alias object, a
/// combination of them, or a callable taking (value) or (value, path).
template <class R, class C = NoConstraint>
auto parameter(std::string Name, R Range, C Constraint = C()) {
  auto Checked = asConstraint(std::move(Constraint));
  return Parameter<R, decltype(Checked)>{std::move(Name), std::move(Range), std::move(Checked),
                                         SourceLocation{}, SourceLocation{}};
}
/// parameter(where, name, range[, constraint]): the same, with the place of
/// its range in the user's file (the generated tuner's form).
template <class R, class C = NoConstraint>
auto parameter(SourceLocation RangeWhere, std::string Name, R Range, C Constraint = C()) {
  auto Checked = asConstraint(std::move(Constraint));
  return Parameter<R, decltype(Checked)>{std::move(Name), std::move(Range), std::move(Checked),
                                         std::move(RangeWhere), SourceLocation{}};
}
/// parameter(range's place, constraint's place, name, range, constraint).
template <class R, class C>
auto parameter(SourceLocation RangeWhere, SourceLocation ConstraintWhere, std::string Name, R Range,
               C Constraint) {
  auto Checked = asConstraint(std::move(Constraint));
  return Parameter<R, decltype(Checked)>{std::move(Name), std::move(Range), std::move(Checked),
                                         std::move(RangeWhere), std::move(ConstraintWhere)};
}

/// Interdependent parameters in generation order: the constraint of the I-th
/// parameter sees the path, a std::tuple of all values, of which the first I
/// hold the current choice.
template <class... Ps> struct Group {
  static_assert(sizeof...(Ps) > 0, "a group has at least one parameter");
  using Path = std::tuple<typename Ps::value_type...>;
  static constexpr std::size_t kSize = sizeof...(Ps);
  /// The parameters, in generation order.
  detail::Slots<Ps...> Params;
};

/// The I-th parameter of a group.
template <std::size_t I, class... Ps> const auto &parameterAt(const Group<Ps...> &G) {
  return detail::slot<I>(G.Params);
}

template <class... Ps> Group<Ps...> group(Ps... Params) {
  return Group<Ps...>{{{std::move(Params)}...}};
}

/// What the store knows about a parameter: enough to decode and print.
struct ParameterInfo {
  /// The parameter's name, e.g. "WPT".
  std::string Name;
  /// The kind of its values.
  ValueKind Kind = ValueKind::Int;
  /// Number of values in its range (value indices are below it).
  std::uint64_t RangeSize = 0;
  /// The value at a range index.
  std::function<Value(std::uint64_t)> ValueAt;
  /// Whether a constraint filters its values (false: every value of the
  /// range is valid under every path; StoreEstimate.h).
  bool Constrained = true;
};

/// The value at a range index, as a Value: what ParameterInfo::ValueAt
/// holds. One type per range type (not per parameter), so that a tuner
/// compiles one of these for all its integer intervals.
template <class R> struct RangeValueAt {
  R Range;
  Value operator()(std::uint64_t K) const { return toValue<typename R::value_type>(Range.at(K)); }
};

template <class P> ParameterInfo describe(const P &Param) {
  using T = typename P::value_type;
  return ParameterInfo{Param.Name, valueKindOf<T>(), Param.Range.size(),
                       RangeValueAt<typename P::range_type>{Param.Range},
                       !std::is_same_v<typename P::constraint_type, NoConstraint>};
}

} // namespace atfc

#endif
