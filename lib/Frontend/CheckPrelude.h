//===- Frontend/CheckPrelude.h - The language as C++ for checks -*- C++ -*-===//
//
// The prelude of the synthetic unit (SyntheticUnit.h): the directive
// language declared as C++, just enough for Clang to type-check a file's
// expressions. It is not included by atfc's own code: CMake embeds its text
// at build time (CheckPrelude.inc) and syntheticPrelude() puts what
// Language.def declares around it (the relation kinds before; the constraint
// aliases and device limits after). Nothing in it is ever run or linked, so
// functions are only declared; what the checks need to know is computed by
// type traits whose verdicts (`*_status`) the unit stores in constexpr ints
// for the AST walk.
//
// Names the user may write live in namespace atf (`using namespace atf;`
// makes the prefix optional); everything else lives in atf_detail, out of
// the way of the user's names. The prelude must compile without any
// diagnostic for every valid file: a problem with the user's expression is
// either Clang's error inside the user's own characters or a status value.
//
// It expects <cstddef>, <cstdint> and <type_traits> to be included before
// it, and <string> with ATFC_PRELUDE_HAS_STRING defined when the file uses
// strings (string literals then become std::string values, as in the tuner).
//
// Tested through LanguageTableTest.cpp.
//
//===----------------------------------------------------------------------===//
namespace atf_detail {
struct deduce {};
struct no_type {};
struct no_step {};
struct no_generator {};

// The type a value is kept as: a string literal becomes a std::string.
template <class T> struct stored { using type = T; };
#ifdef ATFC_PRELUDE_HAS_STRING
template <> struct stored<const char *> { using type = std::string; };
template <> struct stored<char *> { using type = std::string; };
#endif
template <class T> using stored_t = typename stored<std::decay_t<T>>::type;

// Where a type could not be found, checks go on with int, so that one
// error does not become many.
template <class T> using fallback_t = std::conditional_t<std::is_same_v<T, no_type>, int, T>;

template <class Void, class... Ts> struct common_impl {
  using type = no_type;
  using unstored = no_type;
};
template <class... Ts>
struct common_impl<std::void_t<typename std::common_type<Ts...>::type>, Ts...> {
  using type = stored_t<typename std::common_type<Ts...>::type>;
  using unstored = typename std::common_type<Ts...>::type;
};
template <class... Ts> using common_t = typename common_impl<void, Ts...>::type;

template <class T>
concept condition = requires(const std::remove_cvref_t<T> &V) {
  V ? true : false;
};
template <class T>
inline constexpr bool is_number = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

// Ranges.
template <class T, class... Ts> struct set_range {};
template <class T, class L, class H, class S, class G> struct interval_range {};

// Matches atfc::status (SyntheticUnit.h).
enum range_status_code : int {
  range_ok,
  range_empty,
  range_no_common_type,
  range_value_not_convertible,
  range_bound_not_convertible,
  range_not_numeric,
  range_generator_not_callable,
  range_not_a_range
};

template <class R> struct range_traits {
  using value_type = no_type;
  static constexpr int status = range_not_a_range;
  template <class P> static constexpr bool converts_to = false;
  static int instantiate() { return 0; }
};

// A large set's values come in chunks, and chunks of chunks, of at most 32
// (SyntheticUnit.cpp writes `set(chunk(a, b, ...), chunk(...))`): a fold or
// a common type over all of them at once costs the square of their number.
template <class... Ts> struct set_chunk {};
template <class... Ts> set_chunk<std::decay_t<Ts>...> chunk(const Ts &...);

// The value at fault among parts of Counts values each, where Found is the
// index of the first at fault in each part (-1: none): its index among all
// values, or -1.
template <std::size_t N>
consteval int first_at_fault(const int (&Found)[N], const int (&Counts)[N]) {
  int Offset = 0;
  for (std::size_t I = 0; I < N; ++I) {
    if (Found[I] >= 0)
      return Offset + Found[I];
    Offset += Counts[I];
  }
  return -1;
}
template <class T, class... Ts> struct first_of_pack { using type = T; };

// Whether a set's value V converts to P as a value of P: as C++ converts,
// but a null pointer only to pointers (C++20 converts nullptr to
// std::string, whose constructor then throws in the tuner).
template <class V, class P>
inline constexpr bool value_converts_v = std::is_convertible_v<V, P> &&
                                         (!std::is_null_pointer_v<V> || std::is_pointer_v<P> ||
                                          std::is_member_pointer_v<P> || std::is_null_pointer_v<P>);

// One argument of set(...): a value, or a chunk of values. Besides its
// common type and convertibility, the value at fault (range_culprit).
template <class V> struct set_part {
  using common = V;
  using first = V;
  static constexpr int count = 1;
  template <class P> static constexpr bool converts_to = value_converts_v<V, P>;
  template <class P> static consteval int first_unconvertible() { return converts_to<P> ? -1 : 0; }
  template <class F> static consteval int first_without_common() {
    return std::is_same_v<typename common_impl<void, F, V>::unstored, no_type> ? 0 : -1;
  }
};
template <class... Ts> struct set_part<set_chunk<Ts...>> {
  using common = typename common_impl<void, typename set_part<Ts>::common...>::unstored;
  using first = typename set_part<typename first_of_pack<Ts...>::type>::first;
  static constexpr int count = (set_part<Ts>::count + ... + 0);
  template <class P>
  static constexpr bool converts_to = (set_part<Ts>::template converts_to<P> && ...);
  template <class P> static consteval int first_unconvertible() {
    return first_at_fault({set_part<Ts>::template first_unconvertible<P>()...},
                          {set_part<Ts>::count...});
  }
  template <class F> static consteval int first_without_common() {
    return first_at_fault({set_part<Ts>::template first_without_common<F>()...},
                          {set_part<Ts>::count...});
  }
};

template <class T, class... Ts> struct range_traits<set_range<T, Ts...>> {
  static constexpr bool deduced = std::is_same_v<T, deduce>;
  using value_type =
      std::conditional_t<deduced,
                         typename common_impl<void, typename set_part<Ts>::common...>::type, T>;
  static constexpr int status = sizeof...(Ts) == 0                    ? range_empty
                                : std::is_same_v<value_type, no_type> ? range_no_common_type
                                : (set_part<Ts>::template converts_to<value_type> && ...)
                                    ? range_ok
                                    : range_value_not_convertible;
  template <class P>
  static constexpr bool converts_to = deduced ? (set_part<Ts>::template converts_to<P> &&...)
                                              : std::is_convertible_v<T, P>;
  static int instantiate() { return 0; }
  // The first value that does not convert to the set's type (P's, when
  // deduced and given), or, with neither type, the first that has no common
  // type with the first one; -1 for none.
  template <class P> static consteval int culprit() {
    using First = typename set_part<typename first_of_pack<Ts...>::type>::first;
    using Target = std::conditional_t<!deduced, T,
                                      std::conditional_t<std::is_same_v<P, deduce>, value_type, P>>;
    if constexpr (deduced && std::is_same_v<P, deduce> && std::is_same_v<value_type, no_type>)
      return first_at_fault({set_part<Ts>::template first_without_common<First>()...},
                            {set_part<Ts>::count...});
    else
      return first_at_fault({set_part<Ts>::template first_unconvertible<Target>()...},
                            {set_part<Ts>::count...});
  }
};

template <class T, class L, class H, class S, class G>
struct range_traits<interval_range<T, L, H, S, G>> {
  using index_type = std::conditional_t<std::is_same_v<T, deduce>, common_t<L, H>, T>;
  static constexpr bool has_generator = !std::is_same_v<G, no_generator>;
  static constexpr bool callable =
      !has_generator || std::is_invocable_v<const G &, const index_type &>;
  template <class X> struct generated {
    using type = stored_t<std::invoke_result_t<const G &, const X &>>;
  };
  template <class X> struct plain { using type = X; };
  using value_type =
      typename std::conditional_t<has_generator && callable, generated<index_type>,
                                  plain<std::conditional_t<callable, index_type, no_type>>>::type;
  static constexpr int status =
      !is_number<index_type> ? range_not_numeric
      : !(std::is_convertible_v<L, index_type> && std::is_convertible_v<H, index_type> &&
          (std::is_same_v<S, no_step> || std::is_convertible_v<S, index_type>))
          ? range_bound_not_convertible
      : !callable ? range_generator_not_callable
                  : range_ok;
  template <class P> static constexpr bool converts_to = std::is_convertible_v<value_type, P>;
  // Calls the generator, so that a generic lambda's body is checked even
  // when its return type is declared.
  static int instantiate() {
    if constexpr (has_generator && callable)
      (void)(*static_cast<const G *>(nullptr))(*static_cast<const index_type *>(nullptr));
    return 0;
  }
};

// The generator of `pow2`.
struct pow2_generator {
  template <class I> I operator()(const I &) const;
};

template <class R> using traits_of = range_traits<std::remove_cvref_t<R>>;
template <class R> using value_type_t = fallback_t<typename traits_of<R>::value_type>;

template <class P, class R> consteval int range_status() {
  using Traits = traits_of<R>;
  if constexpr (std::is_same_v<P, deduce>)
    return Traits::status;
  else if (Traits::status != range_ok && Traits::status != range_no_common_type)
    return Traits::status;
  else
    return Traits::template converts_to<P> ? range_ok : range_value_not_convertible;
}

// The index of a set's value at fault for its status, or -1 (SyntheticUnit.h).
template <class P, class R> consteval int range_culprit() {
  constexpr int status = range_status<P, R>();
  if constexpr ((status == range_value_not_convertible || status == range_no_common_type) &&
                requires { traits_of<R>::template culprit<P>(); })
    return traits_of<R>::template culprit<P>();
  else
    return -1;
}

// Constraints: the aliases build objects whose type says their shape; the
// kinds (k_Divides, ...) are declared before this header from Language.def.
template <int K, class E> struct relation {};
template <class F> struct predicate_of {};
template <class A, class B> struct all_of {};
template <class A, class B> struct any_of {};
template <class A> struct negation {};

template <class T> struct is_object : std::false_type {};
template <int K, class E> struct is_object<relation<K, E>> : std::true_type {};
template <class F> struct is_object<predicate_of<F>> : std::true_type {};
template <class A, class B> struct is_object<all_of<A, B>> : std::true_type {};
template <class A, class B> struct is_object<any_of<A, B>> : std::true_type {};
template <class A> struct is_object<negation<A>> : std::true_type {};

template <class T>
concept constraint_object = is_object<std::remove_cvref_t<T>>::value;
// A lambda (or another callable object) taking the candidate.
template <class T>
concept closure = std::is_class_v<std::remove_cvref_t<T>> && !constraint_object<T>;
template <class T>
concept constraint_like = constraint_object<T> || closure<T>;
template <class T>
concept constraint_part = constraint_like<T> || condition<T>;

// Matches atfc::status (SyntheticUnit.h).
enum constraint_status_code : int {
  constraint_ok,
  constraint_not_condition,
  constraint_not_callable,
  constraint_result_not_condition,
  constraint_relation_base = 100 // + relation_kind: that alias does not apply
};

template <int K, class T, class E> consteval bool relation_applies() {
  if constexpr (K == k_Divides || K == k_MultipleOf)
    return std::is_arithmetic_v<T> && std::is_arithmetic_v<E>;
  else if constexpr (K == k_LessThan)
    return requires(const T &V, const E &X) {
      { V < X } -> condition;
    };
  else if constexpr (K == k_LessThanOrEq)
    return requires(const T &V, const E &X) {
      { V <= X } -> condition;
    };
  else if constexpr (K == k_GreaterThan)
    return requires(const T &V, const E &X) {
      { V > X } -> condition;
    };
  else if constexpr (K == k_GreaterThanOrEq)
    return requires(const T &V, const E &X) {
      { V >= X } -> condition;
    };
  else if constexpr (K == k_Equal)
    return requires(const T &V, const E &X) {
      { V == X } -> condition;
    };
  else
    return requires(const T &V, const E &X) {
      { V != X } -> condition;
    };
}

template <class T, class C> consteval int constraint_status();
template <class T, class A, class B> consteval int first_failure() {
  return constraint_status<T, A>() != constraint_ok ? constraint_status<T, A>()
                                                    : constraint_status<T, B>();
}
template <class T, class D> struct object_status;
template <class T, int K, class E> struct object_status<T, relation<K, E>> {
  static constexpr int value =
      relation_applies<K, T, E>() ? constraint_ok : constraint_relation_base + K;
};
template <class T, class F> struct object_status<T, predicate_of<F>> {
  static constexpr int value = constraint_status<T, F>();
};
template <class T, class A, class B> struct object_status<T, all_of<A, B>> {
  static constexpr int value = first_failure<T, A, B>();
};
template <class T, class A, class B> struct object_status<T, any_of<A, B>> {
  static constexpr int value = first_failure<T, A, B>();
};
template <class T, class A> struct object_status<T, negation<A>> {
  static constexpr int value = constraint_status<T, A>();
};

template <class T, class C> consteval int constraint_status() {
  using D = std::remove_cvref_t<C>;
  if constexpr (is_object<D>::value)
    return object_status<T, D>::value;
  else if constexpr (std::is_class_v<D>) {
    if constexpr (std::is_invocable_v<const D &, const T &>)
      return condition<std::invoke_result_t<const D &, const T &>>
                 ? constraint_ok
                 : constraint_result_not_condition;
    else
      return constraint_not_callable;
  } else
    return condition<D> ? constraint_ok : constraint_not_condition;
}

// Calls every lambda of a constraint with a candidate, so that Clang checks
// the bodies of generic lambdas whose return type is declared too.
template <class T, class C> void instantiate();
template <class T, class D> struct object_instantiation {
  static void run() {}
};
template <class T, class F> struct object_instantiation<T, predicate_of<F>> {
  static void run() { instantiate<T, F>(); }
};
template <class T, class A, class B> struct object_instantiation<T, all_of<A, B>> {
  static void run() { instantiate<T, A>(), instantiate<T, B>(); }
};
template <class T, class A, class B> struct object_instantiation<T, any_of<A, B>> {
  static void run() { instantiate<T, A>(), instantiate<T, B>(); }
};
template <class T, class A> struct object_instantiation<T, negation<A>> {
  static void run() { instantiate<T, A>(); }
};
template <class T, class C> void instantiate() {
  using D = std::remove_cvref_t<C>;
  if constexpr (is_object<D>::value)
    object_instantiation<T, D>::run();
  else if constexpr (std::is_class_v<D> && std::is_invocable_v<const D &, const T &>)
    (void)(*static_cast<const D *>(nullptr))(*static_cast<const T *>(nullptr));
}

// Sizes (global_size, local_size, grid_dim, block_dim).
// Matches atfc::status (SyntheticUnit.h).
enum size_status_code : int { size_ok, size_not_integer };
template <class C> consteval int size_status() {
  using D = std::remove_cvref_t<C>;
  return std::is_integral_v<D> && !std::is_same_v<D, bool> ? size_ok : size_not_integer;
}

// Kernel inputs.
template <class T, class... A> struct scalar_input {};
template <class T, class... A> struct buffer_input {};
template <class T, class... A> struct local_input {};
// Matches atfc::status (SyntheticUnit.h).
enum kernel_input_status_code : int {
  input_ok,
  input_scalar_needs_type,
  input_scalar_arguments,
  input_scalar_not_convertible,
  input_buffer_needs_type,
  input_buffer_arguments,
  input_buffer_size_not_integer,
  input_local_needs_type,
  input_local_arguments,
  input_local_count_not_integer,
  input_not_an_input
};
template <class I> struct kernel_input_traits { static constexpr int status = input_not_an_input; };
template <class T, class... A> struct kernel_input_traits<scalar_input<T, A...>> {
  static constexpr int status = sizeof...(A) > 1 ? input_scalar_arguments
                                : std::is_same_v<T, deduce>
                                    ? (sizeof...(A) == 1 ? input_ok : input_scalar_needs_type)
                                : (std::is_convertible_v<A, T> &&...)
                                    ? input_ok
                                    : input_scalar_not_convertible;
};
template <class T, class... A> struct kernel_input_traits<buffer_input<T, A...>> {
  static constexpr int status = std::is_same_v<T, deduce> ? input_buffer_needs_type
                                : sizeof...(A) != 1       ? input_buffer_arguments
                                : ((size_status<A>() == size_ok) && ...)
                                    ? input_ok
                                    : input_buffer_size_not_integer;
};
template <class T, class... A> struct kernel_input_traits<local_input<T, A...>> {
  static constexpr int status = std::is_same_v<T, deduce> ? input_local_needs_type
                                : sizeof...(A) != 1       ? input_local_arguments
                                : ((size_status<A>() == size_ok) && ...)
                                    ? input_ok
                                    : input_local_count_not_integer;
};
template <class I> consteval int kernel_input_status() {
  return kernel_input_traits<std::remove_cvref_t<I>>::status;
}
} // namespace atf_detail

namespace atf {
// Ranges: set(...) (also written {...}) and inclusive intervals with an
// optional step and generator. The value type is T when given, else the
// common type of the values (the generator's result for a generator).
template <class T = atf_detail::deduce, class... Ts>
atf_detail::set_range<T, std::decay_t<Ts>...> set(const Ts &...);
template <class T = atf_detail::deduce, class L, class H>
atf_detail::interval_range<T, std::decay_t<L>, std::decay_t<H>, atf_detail::no_step,
                           atf_detail::no_generator>
interval(const L &, const H &);
template <class T = atf_detail::deduce, class L, class H, class S>
atf_detail::interval_range<T, std::decay_t<L>, std::decay_t<H>, std::decay_t<S>,
                           atf_detail::no_generator>
interval(const L &, const H &, const S &);
template <class T = atf_detail::deduce, class L, class H, class S, class G>
atf_detail::interval_range<T, std::decay_t<L>, std::decay_t<H>, std::decay_t<S>, std::decay_t<G>>
interval(const L &, const H &, const S &, const G &);

inline constexpr atf_detail::pow2_generator pow2{};

// The constraint aliases and the device limits follow this header
// (generated from Language.def).
template <class F> atf_detail::predicate_of<std::decay_t<F>> predicate(const F &);

// Aliases and lambdas combine with each other and with conditions.
template <class A, class B>
requires atf_detail::constraint_part<A> && atf_detail::constraint_part<B> &&
    (atf_detail::constraint_like<A> || atf_detail::constraint_like<B>)
        atf_detail::all_of<std::remove_cvref_t<A>, std::remove_cvref_t<B>>
        operator&&(A &&, B &&);
template <class A, class B>
requires atf_detail::constraint_part<A> && atf_detail::constraint_part<B> &&
    (atf_detail::constraint_like<A> || atf_detail::constraint_like<B>)
        atf_detail::any_of<std::remove_cvref_t<A>, std::remove_cvref_t<B>>
        operator||(A &&, B &&);
template <class A>
requires atf_detail::constraint_like<A> atf_detail::negation<std::remove_cvref_t<A>>
operator!(A &&);

// The timeout's units (runtime/TuningSetup.h): `timeout duration<seconds>(30)`,
// converted as the tuner does.
struct milliseconds {};
struct seconds {};
struct minutes {};
struct hours {};
template <class Unit> struct duration { template <class T> explicit duration(T); };
double timeoutSeconds(double);
template <class Unit> double timeoutSeconds(const duration<Unit> &);

// Kernel inputs of the device backends.
template <class T = atf_detail::deduce, class... A>
atf_detail::scalar_input<T, std::decay_t<A>...> scalar(const A &...);
template <class T = atf_detail::deduce, class... A>
atf_detail::buffer_input<T, std::decay_t<A>...> buffer(const A &...);
// An OpenCL __local T* of count elements, sized per configuration.
template <class T = atf_detail::deduce, class... A>
atf_detail::local_input<T, std::decay_t<A>...> local(const A &...);
// IEEE binary16: OpenCL half (cl_khr_fp16), CUDA __half.
struct half {
  half(double);
  operator double() const;
};

} // namespace atf
