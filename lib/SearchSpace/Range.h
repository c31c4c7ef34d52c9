//===- SearchSpace/Range.h - Ranges of tuning parameters --------*- C++ -*-===//
//
// The two kinds of range of the directive language: an inclusive interval
// with step and optional generator, and an explicit set. A range is a
// finite, ordered sequence of values addressed by index; the search-space
// store keeps only these indices.
//
// Every range offers: value_type, size(), at(index). Integral intervals
// without a generator are "arithmetic" (lo, hi, step known), which lets the
// generator turn bound, divisor and multiple constraints into loops.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_RANGE_H
#define ATFC_SEARCHSPACE_RANGE_H

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace atfc {

namespace detail {
/// What can be wrong with a range.
enum class RangeError {
  Pow2Exponent,    ///< pow2 of a negative or too large exponent
  NonPositiveStep, ///< an interval's step is not positive
  TooManyIntegers, ///< an integer interval of 2^64 values
  NonFiniteBounds, ///< a floating-point interval with an infinite or NaN bound
  TooManyValues,   ///< a floating-point interval of 2^64 - 1 values or more
};
/// Throws the exception for E (Range.cpp): out of line, so that the ranges
/// a tuner builds inline no exception code.
[[noreturn]] void throwRangeError(RangeError E);
} // namespace detail

/// The generator of a plain interval: the value is the index value itself.
struct IdentityGenerator {
  template <class T> T operator()(T I) const { return I; }
};

/// The generator 2^i of the directive language's `pow2`.
struct Pow2Generator {
  template <class T> T operator()(T I) const {
    if (I < 0 || I >= static_cast<T>(sizeof(T) * 8 - std::is_signed_v<T>))
      detail::throwRangeError(detail::RangeError::Pow2Exponent);
    return static_cast<T>(T(1) << I);
  }
};
inline constexpr Pow2Generator pow2{};

/// Inclusive interval lo, lo+step, ..., <= hi; each value passed through
/// Generator. Floating-point values are computed from their index (lo +
/// k*step), so there is no accumulated drift and hi is reached exactly when
/// (hi-lo)/step is integral up to rounding.
template <class T, class Generator = IdentityGenerator> class Interval {
public:
  using index_type = T;
  using value_type = std::decay_t<decltype(std::declval<const Generator &>()(std::declval<T>()))>;
  static constexpr bool kArithmetic = std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                      std::is_same_v<Generator, IdentityGenerator>;

  Interval(T Lo, T Hi, T Step = T(1), Generator Gen = Generator())
      : Lo(Lo), Hi(Hi), Step(Step), Gen(std::move(Gen)) {
    if (!(Step > T(0)))
      detail::throwRangeError(detail::RangeError::NonPositiveStep);
    Count = computeSize();
  }

  T lo() const { return Lo; }
  T hi() const { return Hi; }
  T step() const { return Step; }
  /// Number of values.
  std::uint64_t size() const { return Count; }
  /// The index value (before the generator) at index K.
  T indexValueAt(std::uint64_t K) const {
    if constexpr (std::is_integral_v<T>)
      // In 64-bit modular arithmetic: K * Step may exceed T (and int, to
      // which narrow types promote) although Lo + K * Step does not.
      return static_cast<T>(static_cast<std::uint64_t>(Lo) + K * static_cast<std::uint64_t>(Step));
    else
      return static_cast<T>(Lo + static_cast<T>(K) * Step);
  }
  /// The value at index K (K < size()).
  value_type at(std::uint64_t K) const { return Gen(indexValueAt(K)); }

private:
  std::uint64_t computeSize() const {
    if (Hi < Lo)
      return 0;
    if constexpr (std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      const auto Steps = static_cast<std::uint64_t>(
          static_cast<U>(static_cast<U>(Hi) - static_cast<U>(Lo)) / static_cast<U>(Step));
      if (Steps == std::numeric_limits<std::uint64_t>::max())
        detail::throwRangeError(detail::RangeError::TooManyIntegers);
      return Steps + 1;
    } else {
      long double N = (static_cast<long double>(Hi) - Lo) / Step;
      if (!std::isfinite(N))
        detail::throwRangeError(detail::RangeError::NonFiniteBounds);
      long double R = std::round(N);
      if (std::fabs(N - R) <= 1e-9L * std::fmax(1.0L, std::fabs(N)))
        N = R;
      if (N >= 18446744073709551615.0L) // 2^64 - 1
        detail::throwRangeError(detail::RangeError::TooManyValues);
      return static_cast<std::uint64_t>(std::floor(N)) + 1;
    }
  }

  T Lo, Hi, Step;
  Generator Gen;
  std::uint64_t Count = 0;
};

/// interval<T>(lo, hi[, step[, generator]]) of the directive language.
template <class T, class Generator = IdentityGenerator>
Interval<T, Generator> interval(std::type_identity_t<T> Lo, std::type_identity_t<T> Hi,
                                std::type_identity_t<T> Step = T(1), Generator Gen = Generator()) {
  return Interval<T, Generator>(Lo, Hi, Step, std::move(Gen));
}

/// An explicit, ordered set of values (duplicates are kept as given).
template <class T> class Set {
public:
  using value_type = T;
  static constexpr bool kArithmetic = false;

  Set(std::initializer_list<T> Values) : Values(Values) {}
  explicit Set(std::vector<T> Values) : Values(std::move(Values)) {}

  std::uint64_t size() const { return Values.size(); }
  /// The value at index K (by value for bool: std::vector<bool> has no
  /// element to refer to).
  std::conditional_t<std::is_same_v<T, bool>, bool, const T &> at(std::uint64_t K) const {
    return Values[K];
  }
  const std::vector<T> &values() const { return Values; }

private:
  std::vector<T> Values;
};

/// set(...) of the directive language; string literals become std::string.
template <class T> Set<T> set(std::initializer_list<T> Values) { return Set<T>(Values); }
inline Set<std::string> set(std::initializer_list<const char *> Values) {
  return Set<std::string>(std::vector<std::string>(Values.begin(), Values.end()));
}

} // namespace atfc

#endif
