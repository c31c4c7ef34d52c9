//===- atf/parameter.hpp - Tuning parameters and their constraints -*- C++ -*-===//
//
// The online interface's tuning parameters (the slides' and cppATF's
// `atf::tuning_parameter`, short `atf::tp`): a name, a range (an interval
// or a set) and a constraint. A constraint is written in terms of other
// parameters, either as an expression (`atf::divides(N / WPT)`,
// `atf::less_than_or_eq(X) && atf::unequal(3)`) or as any callable of the
// candidate value that reads other parameters by name (`[&](auto LS) {
// return WPT * LS <= 256; }`).
//
// Expressions keep their shape in their type, exactly as the directives'
// constraints do, so generation enumerates divisors instead of filtering,
// and they say which parameters they read, which groups the parameters
// into independent trees. A parameter read inside a callable is found
// while the space is generated (detail::value_off_path): the tuner then
// joins the two groups and generates again, so the space is always right.
//
// A parameter has a value only while the space is generated (the
// candidate path of the thread that evaluates the constraint) or while a
// configuration is measured; reading it elsewhere throws atf::error. A read
// finds the value through the parameter's slot in its thread's table
// (Online/OnlinePath.h): three loads and a test for a missing value.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_PARAMETER_HPP
#define ATF_PARAMETER_HPP

// (Every header of <atf.hpp> includes this one first.)
#if __cplusplus < 202002L
#error "<atf.hpp> needs C++20: compile with -std=c++20 (atfc::atf's cxx_std_20 asks for it)"
#endif

#include "Online/OnlinePath.h"
#include "Online/OnlineSpace.h"
#include "SearchSpace/Constraint.h"
#include "SearchSpace/Range.h"

#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace atf {

/// What the interface throws for a mistake it can only see at run time
/// (a constraint that reads a parameter the tuner does not have, a cost
/// function that cannot run): raised before anything is measured.
class error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

namespace detail {

using atfc::online::kNoIndex;
using atfc::online::SlotId;

/// What every copy of one tuning parameter shares: its name and its slot
/// (taken while it lives: Online/OnlinePath.h).
struct parameter_state {
  explicit parameter_state(std::string Name) : name(std::move(Name)) {
    slot = atfc::online::allocateSlot(&name);
    if (slot == atfc::online::kNoSlot)
      throw error("tuning parameter " + name + " is one too many: at most " +
                  std::to_string(atfc::online::kMaxSlots) + " may live at once");
  }
  ~parameter_state() { atfc::online::releaseSlot(slot); }
  parameter_state(const parameter_state &) = delete;
  parameter_state &operator=(const parameter_state &) = delete;
  std::string name;
  SlotId slot;
};
using parameter_id = std::shared_ptr<parameter_state>;

/// The values that generation evaluates a constraint's expressions on:
/// the calling thread's table (OnlinePath.h).
struct path {
  const void *const *values;
};

/// Where a read found no value in the thread's table: an entry that a
/// level recording its subtree hid (atfc::online::HiddenEntries), a read
/// of another group's parameter that a probe lends a value
/// (atfc::online::probedValue), or the tuner must generate again with the
/// read before the reader (MissingValue), or the read is a mistake (an
/// atf::error that names the parameter). Out of line, so that a read
/// inlines into the constraints that make it.
[[gnu::cold, gnu::noinline]] inline const void *value_off_path(SlotId Slot) {
  if (const void *Hidden = atfc::online::hiddenValue(Slot))
    return Hidden;
  if (const void *Probed = atfc::online::probedValue(Slot))
    return Probed;
  const atfc::online::Path *Scope = atfc::online::CurrentPath;
  const std::string &Name = atfc::online::slotName(Slot);
  if (Scope == nullptr)
    throw error("tuning parameter " + Name +
                " has a value only while the space is generated or a configuration is measured");
  const std::size_t Index = Scope->indexOf(Slot);
  if (Index == kNoIndex)
    throw error("a constraint or cost function reads tuning parameter " + Name +
                ", which is not among the tuner's parameters");
  throw atfc::online::MissingValue{atfc::online::CurrentReader, Index};
}

/// The value of the parameter of slot Slot in Table.
template <class T>
[[gnu::always_inline]] inline const T &read(const void *const *Table, SlotId Slot) {
  const void *Value = Table[Slot];
  if (Value == nullptr) [[unlikely]]
    Value = value_off_path(Slot);
  return *static_cast<const T *>(Value);
}

/// The parameters an expression or constraint reads, by identity.
using parameter_set = std::vector<const parameter_state *>;

// ---- Expressions of parameters -------------------------------------------

template <class E> struct expr;

/// A leaf: a parameter's value. It refers to the parameter without owning
/// it: an expression inside a callable is made per candidate value, where
/// a shared owner's atomic count made generation 30 times slower (sgemm of
/// bench/OnlineInterfaceBench.cpp); the tuner's copy of each of its
/// parameters keeps their state alive.
template <class T> struct parameter_ref {
  using value_type = T;
  const parameter_state *state;
  SlotId slot;
  /// Checked: a read where the path may lack the parameter (a callable's).
  /// Unchecked: generation's read of a constraint's declared read, which
  /// the tuner has placed in the path before the constraint's level.
  template <bool Checked> [[gnu::always_inline]] const T &eval(const path &P) const {
    if constexpr (Checked)
      return read<T>(P.values, slot);
    else
      return *static_cast<const T *>(P.values[slot]);
  }
  void collect(parameter_set &Into) const { Into.push_back(state); }
};

/// A leaf: a constant.
template <class T> struct constant {
  using value_type = T;
  T value;
  template <bool Checked> [[gnu::always_inline]] const T &eval(const path &) const { return value; }
  void collect(parameter_set &) const {}
};

/// An operator applied to the value of its operand, or of its two. Plain
/// aggregates, not a tuple: an expression inside a callable is built per
/// candidate value, and the compiler keeps a tree of aggregates in
/// registers, where a tree of std::tuples was copied through the stack
/// at every operator (about 100 instructions per candidate of sgemm's SB).
/// && and || evaluate their right operand only where C++ would.
template <class Op, class A> struct unary {
  using value_type = std::decay_t<std::invoke_result_t<Op, typename A::value_type>>;
  A a;
  template <bool Checked> [[gnu::always_inline]] value_type eval(const path &P) const {
    return Op{}(a.template eval<Checked>(P));
  }
  void collect(parameter_set &Into) const { a.collect(Into); }
};
template <class Op, class A, class B> struct binary {
  using value_type =
      std::decay_t<std::invoke_result_t<Op, typename A::value_type, typename B::value_type>>;
  A a;
  B b;
  template <bool Checked> [[gnu::always_inline]] value_type eval(const path &P) const {
    if constexpr (std::is_same_v<Op, std::logical_and<>>)
      return a.template eval<Checked>(P) && b.template eval<Checked>(P);
    else if constexpr (std::is_same_v<Op, std::logical_or<>>)
      return a.template eval<Checked>(P) || b.template eval<Checked>(P);
    else
      return Op{}(a.template eval<Checked>(P), b.template eval<Checked>(P));
  }
  void collect(parameter_set &Into) const {
    a.collect(Into);
    b.collect(Into);
  }
};

template <class T> struct is_expr : std::false_type {};
template <class E> struct is_expr<expr<E>> : std::true_type {};

template <class T> struct is_parameter : std::false_type {};

} // namespace detail

template <class R, class C> class tuning_parameter;

namespace detail {
template <class R, class C> struct is_parameter<tuning_parameter<R, C>> : std::true_type {};

template <class T>
concept expression_like =
    is_expr<std::remove_cvref_t<T>>::value || is_parameter<std::remove_cvref_t<T>>::value;
template <class T>
concept operand = expression_like<T> || std::is_arithmetic_v<std::remove_cvref_t<T>>;

/// An expression of parameters: evaluated on a path by generation (the
/// engine calls it with the path), and on the calling thread's current
/// path when a callable converts it to a value.
template <class E> struct expr {
  using value_type = typename E::value_type;
  E node;
  /// Its value on P as generation evaluates a constraint's operand.
  decltype(auto) operator()(const path &P) const { return node.template eval<false>(P); }
  void collect(parameter_set &Into) const { node.collect(Into); }
  /// Its value on the calling thread's path (inside a constraint or cost
  /// function; elsewhere, or where the path lacks a parameter it reads,
  /// an atf::error names the parameter).
  [[gnu::always_inline]] value_type value() const {
    return node.template eval<true>(path{atfc::online::CurrentValues});
  }
  [[gnu::always_inline]] operator value_type() const { return value(); }
  [[gnu::always_inline]] explicit operator bool() const
      requires(!std::is_same_v<value_type, bool>) {
    return static_cast<bool>(value());
  }
};

/// An operand as an expression node.
template <class T> auto node_of(const T &V) {
  using U = std::remove_cvref_t<T>;
  if constexpr (is_expr<U>::value)
    return V.node;
  else if constexpr (is_parameter<U>::value)
    return parameter_ref<typename U::value_type>{V.id().get(), V.slot()};
  else
    return constant<U>{V};
}

template <class Op, class A> auto make_expr(const A &Operand) {
  using node = unary<Op, decltype(node_of(Operand))>;
  return expr<node>{node{node_of(Operand)}};
}
template <class Op, class A, class B> auto make_expr(const A &L, const B &R) {
  using node = binary<Op, decltype(node_of(L)), decltype(node_of(R))>;
  return expr<node>{node{node_of(L), node_of(R)}};
}

/// The parameters that V reads (none for a constant).
template <class T> void collect(const T &V, parameter_set &Into) {
  if constexpr (expression_like<T>)
    node_of(V).collect(Into);
}

/// An expression argument as the engine evaluates it: a callable of the
/// path, or a constant.
template <class T> auto engine_operand(const T &V) {
  if constexpr (expression_like<T>)
    return expr<decltype(node_of(V))>{node_of(V)};
  else
    return V;
}

} // namespace detail

namespace detail {

/// Integer division and remainder as an expression computes them: by zero,
/// or the smallest value by -1, a std::domain_error (which generation
/// names the parameter in) where C++ ended the program with SIGFPE.
template <class A, class B> void check_divisor(const A &L, const B &R, const char *Op) {
  if constexpr (std::is_integral_v<A> && std::is_integral_v<B>) {
    using T = std::common_type_t<A, B>;
    if (R == 0)
      throw std::domain_error(std::string("an expression divides by zero (") + Op + " 0)");
    if constexpr (std::is_signed_v<T>)
      if (static_cast<T>(R) == -1 && static_cast<T>(L) == std::numeric_limits<T>::min())
        throw std::domain_error(std::string("an expression overflows (the smallest value ") + Op +
                                " -1)");
  }
}
struct checked_divides {
  template <class A, class B> auto operator()(const A &L, const B &R) const {
    check_divisor(L, R, "/");
    return L / R;
  }
};
struct checked_modulus {
  template <class A, class B> auto operator()(const A &L, const B &R) const {
    check_divisor(L, R, "%");
    return L % R;
  }
};

} // namespace detail

// Arithmetic, comparison and logic on parameters and expressions build
// expressions; at least one operand is a parameter or an expression.
#define ATF_BINARY_OPERATOR(Op, Functor)                                                           \
  template <detail::operand A, detail::operand B>                                                  \
  requires(detail::expression_like<A> || detail::expression_like<B>) auto operator Op(             \
      const A &L, const B &R) {                                                                    \
    return detail::make_expr<Functor>(L, R);                                                       \
  }
ATF_BINARY_OPERATOR(+, std::plus<>)
ATF_BINARY_OPERATOR(-, std::minus<>)
ATF_BINARY_OPERATOR(*, std::multiplies<>)
ATF_BINARY_OPERATOR(/, detail::checked_divides)
ATF_BINARY_OPERATOR(%, detail::checked_modulus)
ATF_BINARY_OPERATOR(<, std::less<>)
ATF_BINARY_OPERATOR(<=, std::less_equal<>)
ATF_BINARY_OPERATOR(>, std::greater<>)
ATF_BINARY_OPERATOR(>=, std::greater_equal<>)
ATF_BINARY_OPERATOR(==, std::equal_to<>)
ATF_BINARY_OPERATOR(!=, std::not_equal_to<>)
ATF_BINARY_OPERATOR(&&, std::logical_and<>)
ATF_BINARY_OPERATOR(||, std::logical_or<>)
#undef ATF_BINARY_OPERATOR
template <detail::expression_like A> auto operator-(const A &V) {
  return detail::make_expr<std::negate<>>(V);
}
template <detail::expression_like A> auto operator!(const A &V) {
  return detail::make_expr<std::logical_not<>>(V);
}
// An expression (detail::expr) is looked up in atf::detail only, where
// these make `1 + (M - 1) / MWG` an expression too: without them it
// would convert to its value, which it has only on a path.
namespace detail {
using atf::operator+, atf::operator-, atf::operator*, atf::operator/, atf::operator%;
using atf::operator<, atf::operator<=, atf::operator>, atf::operator>=;
using atf::operator==, atf::operator!=, atf::operator&&, atf::operator||, atf::operator!;
} // namespace detail

// ---- Constraints ------------------------------------------------------------

/// A constraint of a tuning parameter: an engine constraint (Constraint.h)
/// and the parameters it reads that its type tells. Combined with && and
/// || (with each other and with callables of the candidate value).
template <class C> struct constraint {
  C engine;
  detail::parameter_set reads;
  /// Whether a part of it is a callable, which may read parameters that
  /// reads does not name.
  bool opaque = false;
};

namespace detail {
template <class T> struct is_constraint : std::false_type {};
template <class C> struct is_constraint<constraint<C>> : std::true_type {};

/// A callable of the candidate value, taken as a filter (the slides' and
/// cppATF's plain constraint functions).
template <class F> constraint<atfc::Predicate<F>> as_constraint(F Fn) {
  return {atfc::Predicate<F>{std::move(Fn)}, {}, true};
}
template <class C> constraint<C> as_constraint(constraint<C> Given) { return Given; }

template <class T>
concept constraint_part = is_constraint<std::remove_cvref_t<T>>::value ||
    (std::is_class_v<std::remove_cvref_t<T>> && !expression_like<T>);

template <class A, class B>
detail::parameter_set joined_reads(const constraint<A> &L, const constraint<B> &R) {
  detail::parameter_set Reads = L.reads;
  Reads.insert(Reads.end(), R.reads.begin(), R.reads.end());
  return Reads;
}
} // namespace detail

template <detail::constraint_part A, detail::constraint_part B>
requires(detail::is_constraint<A>::value || detail::is_constraint<B>::value) auto operator&&(A L,
                                                                                             B R) {
  auto CL = detail::as_constraint(std::move(L));
  auto CR = detail::as_constraint(std::move(R));
  auto Engine = CL.engine && CR.engine;
  return constraint<decltype(Engine)>{std::move(Engine), detail::joined_reads(CL, CR),
                                      CL.opaque || CR.opaque};
}
template <detail::constraint_part A, detail::constraint_part B>
requires(detail::is_constraint<A>::value || detail::is_constraint<B>::value) auto operator||(A L,
                                                                                             B R) {
  auto CL = detail::as_constraint(std::move(L));
  auto CR = detail::as_constraint(std::move(R));
  auto Engine = CL.engine || CR.engine;
  return constraint<decltype(Engine)>{std::move(Engine), detail::joined_reads(CL, CR),
                                      CL.opaque || CR.opaque};
}
template <class C> auto operator!(constraint<C> Given) {
  auto Engine = !Given.engine;
  return constraint<decltype(Engine)>{std::move(Engine), std::move(Given.reads), Given.opaque};
}

// The constraint functions of the directive language, the slides and
// cppATF (`is_multiple_of` is cppATF's spelling of `multiple_of`; the
// `_or_eq` forms are the slides'). Each takes a constant, a parameter or an
// expression of parameters.
#define ATF_ONLINE_CONSTRAINT(Name, Shape)                                                         \
  template <class E> auto Name(const E &Bound) {                                                   \
    auto Operand = detail::engine_operand(Bound);                                                  \
    using engine_type = atfc::Relation<atfc::RelationShape::Shape, decltype(Operand)>;             \
    constraint<engine_type> Result{engine_type{std::move(Operand)}, {}, false};                    \
    detail::collect(Bound, Result.reads);                                                          \
    return Result;                                                                                 \
  }
#define ATF_CONSTRAINT_ALIAS(Name, Shape) ATF_ONLINE_CONSTRAINT(Name, Shape)
#include "Language/Language.def"
ATF_ONLINE_CONSTRAINT(is_multiple_of, MultipleOf)
ATF_ONLINE_CONSTRAINT(less_than_or_equal, LessThanOrEq)
ATF_ONLINE_CONSTRAINT(greater_than_or_equal, GreaterThanOrEq)
#undef ATF_ONLINE_CONSTRAINT

// ---- Ranges -------------------------------------------------------------------

using atfc::pow2;

/// interval<T>(begin, end[, step[, generator]]): begin, begin + step, ...,
/// at most end, each passed through the generator.
template <class T, class Generator = atfc::IdentityGenerator>
atfc::Interval<T, Generator> interval(std::type_identity_t<T> Begin, std::type_identity_t<T> End,
                                      std::type_identity_t<T> Step = T(1),
                                      Generator Gen = Generator()) {
  return atfc::Interval<T, Generator>(Begin, End, Step, std::move(Gen));
}

/// An explicit, ordered set of values.
template <class T> atfc::Set<T> set(std::initializer_list<T> Values) {
  return atfc::Set<T>(Values);
}
template <class T> atfc::Set<T> set(std::vector<T> Values) {
  return atfc::Set<T>(std::move(Values));
}

// ---- Tuning parameters ------------------------------------------------------

namespace detail {
/// The value type of a set written as a braced list of T.
template <class T>
using listed_type =
    std::conditional_t<std::is_convertible_v<T, std::string> && !std::is_arithmetic_v<T>,
                       std::string, T>;
template <class T> atfc::Set<listed_type<T>> listed_set(std::initializer_list<T> Values) {
  return atfc::Set<listed_type<T>>(std::vector<listed_type<T>>(Values.begin(), Values.end()));
}
/// The engine constraint of what was given as a constraint.
template <class G> using engine_constraint_of = decltype(as_constraint(std::declval<G>()).engine);
} // namespace detail

/// A tuning parameter: a name, a range and a constraint. Copies are the same
/// parameter (they share its identity).
template <class R, class C = atfc::NoConstraint> class tuning_parameter {
public:
  using range_type = R;
  using constraint_type = C;
  using value_type = typename R::value_type;

  tuning_parameter(std::string Name, R Range) requires std::is_same_v<C, atfc::NoConstraint>
      : tuning_parameter(std::move(Name), std::move(Range), constraint<C>{}) {}
  template <class G>
  requires std::is_same_v<C, detail::engine_constraint_of<G>> tuning_parameter(std::string Name,
                                                                               R Range, G Given)
      : State(std::make_shared<detail::parameter_state>(std::move(Name))), Slot(State->slot),
        Range(std::move(Range)), Constraint(detail::as_constraint(std::move(Given))) {}
  template <class T>
  requires std::is_same_v<R, atfc::Set<detail::listed_type<T>>>
  tuning_parameter(std::string Name, std::initializer_list<T> Values)
      : tuning_parameter(std::move(Name), detail::listed_set(Values), constraint<C>{}) {}
  template <class T, class G>
  requires std::is_same_v<R, atfc::Set<detail::listed_type<T>>>
  tuning_parameter(std::string Name, std::initializer_list<T> Values, G Given)
      : tuning_parameter(std::move(Name), detail::listed_set(Values), std::move(Given)) {}

  const std::string &name() const { return State->name; }
  const R &range() const { return Range; }
  const constraint<C> &get_constraint() const { return Constraint; }
  const detail::parameter_id &id() const { return State; }
  detail::SlotId slot() const { return Slot; }

  /// Its value on the calling thread's current path: the candidate's
  /// ancestors while the space is generated, the configuration while it
  /// is measured.
  const value_type &value() const {
    return detail::read<value_type>(atfc::online::CurrentValues, Slot);
  }
  operator const value_type &() const { return value(); }

private:
  detail::parameter_id State;
  /// State's slot, kept here: a read in a callable is one load fewer.
  detail::SlotId Slot;
  R Range;
  constraint<C> Constraint;
};

// `atf::tuning_parameter("X", range[, constraint])` as cppATF writes it: a
// range is an interval, a set, or a braced list of values; a constraint is
// a constraint function, or any callable of the candidate value.
template <class R> tuning_parameter(std::string, R) -> tuning_parameter<R, atfc::NoConstraint>;
template <class R, class G>
tuning_parameter(std::string, R, G) -> tuning_parameter<R, detail::engine_constraint_of<G>>;
template <class T>
tuning_parameter(std::string, std::initializer_list<T>)
    -> tuning_parameter<atfc::Set<detail::listed_type<T>>, atfc::NoConstraint>;
template <class T, class G>
tuning_parameter(std::string, std::initializer_list<T>, G)
    -> tuning_parameter<atfc::Set<detail::listed_type<T>>, detail::engine_constraint_of<G>>;

/// The slides' name: atf::tp("X", range[, constraint]).
template <class R, class... G> auto tp(std::string Name, R Range, G... Given) {
  return tuning_parameter(std::move(Name), std::move(Range), std::move(Given)...);
}
template <class T, class... G>
auto tp(std::string Name, std::initializer_list<T> Values, G... Given) {
  return tuning_parameter(std::move(Name), Values, std::move(Given)...);
}

template <class R, class C>
std::ostream &operator<<(std::ostream &Out, const tuning_parameter<R, C> &P) {
  return Out << P.value();
}

} // namespace atf

#endif
