//===- SearchSpace/Range.h - Ranges of tuning parameters --------*- C++ -*-===//
//
// The two kinds of range of the directive language: an inclusive interval
// with step and optional generator, and an explicit set. A range is a
// finite, ordered sequence of values addressed by index; the search-space
// store keeps only these indices.
//
// Every range offers: value_type, size(), at(index), failure(). Integral
// intervals without a generator are "arithmetic" (lo, hi, step known),
// which lets the generator turn bound, divisor and multiple constraints into
// loops.
//
// A range that cannot be built (a step that is not positive, ...) is still
// built, empty, and carries its failure: ranges are the user's C++ in the
// generated tuner, and the generator checks each range's failure() once,
// before any value is enumerated, and returns it as an Error naming the
// parameter (GroupGenerator.h). No exception, and nothing per value.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_RANGE_H
#define ATFC_SEARCHSPACE_RANGE_H

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace atfc {

/// What can be wrong with a range.
enum class RangeError : std::uint8_t {
  None,            ///< nothing: the range holds its values
  Pow2Exponent,    ///< pow2 of a negative or too large exponent
  NonPositiveStep, ///< an interval's step is not positive
  TooManyIntegers, ///< an integer interval of 2^64 values
  NonFiniteBounds, ///< a floating-point interval with an infinite or NaN bound
  TooManyValues,   ///< a floating-point interval of 2^64 - 1 values or more
  ValueNotOfType,  ///< a value (a bound, a step) the parameter's type cannot hold as it is
};
/// What E means, e.g. "interval: step must be positive" (Range.cpp).
const char *rangeErrorMessage(RangeError E);

/// Why a range could not be built, and the value at fault where one is
/// ("300"): what every range below carries, empty, when it failed.
class RangeFailure {
public:
  /// Why the range could not be built, or RangeError::None.
  RangeError failure() const { return Failure; }
  /// ValueNotOfType: the value at fault, as written ("300", "1.5").
  const std::string &culprit() const { return Culprit; }

protected:
  void fail(RangeError E, std::string Value = {}) {
    Failure = E;
    Culprit = std::move(Value);
  }
  RangeError Failure = RangeError::None;
  std::string Culprit;
};

/// The generator of a plain interval: the value is the index value itself.
struct IdentityGenerator {
  template <class T> T operator()(T I) const { return I; }
};

/// The generator 2^i of the directive language's `pow2`. Its interval
/// checks the exponents once (check()); the call itself does not.
struct Pow2Generator {
  /// Whether 2^I is a T: nothing, or Pow2Exponent. The exponents a generator
  /// accepts form an interval, so an Interval checks its first and last.
  template <class T> static RangeError check(T I) {
    return I < 0 || I >= static_cast<T>(sizeof(T) * 8 - std::is_signed_v<T>)
               ? RangeError::Pow2Exponent
               : RangeError::None;
  }
  template <class T> T operator()(T I) const { return static_cast<T>(T(1) << I); }
};
inline constexpr Pow2Generator pow2{};

/// Inclusive interval lo, lo+step, ..., <= hi; each value passed through
/// Generator. Floating-point values are computed from their index (lo +
/// k*step), so there is no accumulated drift and hi is reached exactly when
/// (hi-lo)/step is integral up to rounding.
template <class T, class Generator = IdentityGenerator> class Interval : public RangeFailure {
public:
  using index_type = T;
  using generator_type = Generator;
  using value_type = std::decay_t<decltype(std::declval<const Generator &>()(std::declval<T>()))>;
  static constexpr bool kArithmetic = std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                      std::is_same_v<Generator, IdentityGenerator>;

  /// The interval, or an empty one that carries its failure().
  Interval(T Lo, T Hi, T Step = T(1), Generator Gen = Generator())
      : Lo(Lo), Hi(Hi), Step(Step), Gen(std::move(Gen)) {
    if (!(Step > T(0)))
      Failure = RangeError::NonPositiveStep;
    else
      Count = computeSize();
    if constexpr (requires { Generator::check(Lo); })
      if (Count > 0) {
        Failure = Generator::check(Lo);
        if (Failure == RangeError::None)
          Failure = Generator::check(indexValueAt(Count - 1));
      }
    if (Failure != RangeError::None)
      Count = 0;
  }

  T lo() const { return Lo; }
  T hi() const { return Hi; }
  T step() const { return Step; }
  /// Number of values (0 for a range that failed).
  std::uint64_t size() const { return Count; }
  /// Makes the range empty, failed with E because of Value.
  void refuse(RangeError E, std::string Value) {
    fail(E, std::move(Value));
    Count = 0;
  }
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

  /// A generated tuner's generator of the file's own (a lambda) runs here,
  /// once per value, where the tuner has marked this range as the one
  /// being evaluated (valuesComputedOnce): one that divides by zero for
  /// some value traps now, named as this range (runtime/ArithmeticTrap.h),
  /// not later as the values are read. Up to 2^24 values; a longer range is
  /// read as it is explored. (A program's own generator throws where the
  /// program's constraints do, as the space is generated.)
  void computeGeneratedValuesOnce() const {
    if constexpr (!std::is_same_v<Generator, IdentityGenerator> &&
                  !requires { Generator::check(Lo); }) {
      if (Count > (std::uint64_t(1) << 24))
        return;
      for (std::uint64_t K = 0; K < Count; ++K) {
        const value_type V = at(K);
        // Keeps the call: its result is otherwise unused.
        asm volatile("" : : "g"(&V) : "memory");
      }
    }
  }

private:
  /// The number of values, or 0 with Failure set.
  std::uint64_t computeSize() {
    if (Hi < Lo)
      return 0;
    if constexpr (std::is_integral_v<T>) {
      // bool has no unsigned twin; interval(false, true) counts as 0 to 1.
      using U = std::make_unsigned_t<std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>>;
      const auto Steps = static_cast<std::uint64_t>(
          static_cast<U>(static_cast<U>(Hi) - static_cast<U>(Lo)) / static_cast<U>(Step));
      if (Steps == std::numeric_limits<std::uint64_t>::max()) {
        Failure = RangeError::TooManyIntegers;
        return 0;
      }
      return Steps + 1;
    } else {
      long double N = (static_cast<long double>(Hi) - Lo) / Step;
      if (!std::isfinite(N)) {
        Failure = RangeError::NonFiniteBounds;
        return 0;
      }
      // Within the rounding of T's bounds and step of a whole number of
      // steps, hi is reached: interval<float>(0, 1, 0.1f) once stopped at
      // 0.9 (1 / 0.1f is 9.99999985).
      const long double R = std::round(N);
      const long double Eps = std::numeric_limits<T>::epsilon();
      const long double Slack = std::fmax(
          1e-9L * std::fmax(1.0L, std::fabs(N)),
          2 * Eps *
              ((std::fabs(static_cast<long double>(Lo)) + std::fabs(static_cast<long double>(Hi))) /
                   Step +
               std::fabs(N)));
      if (std::fabs(N - R) <= Slack)
        N = R;
      if (N >= 18446744073709551615.0L) { // 2^64 - 1
        Failure = RangeError::TooManyValues;
        return 0;
      }
      return static_cast<std::uint64_t>(std::floor(N)) + 1;
    }
  }

  T Lo, Hi, Step;
  Generator Gen;
  std::uint64_t Count = 0;
};

/// A generated tuner's interval, its generator's values computed once.
template <class R> R valuesComputedOnce(R Range) {
  if constexpr (requires { Range.computeGeneratedValuesOnce(); })
    Range.computeGeneratedValuesOnce();
  return Range;
}

/// interval<T>(lo, hi[, step[, generator]]) of the directive language.
template <class T, class Generator = IdentityGenerator>
Interval<T, Generator> interval(std::type_identity_t<T> Lo, std::type_identity_t<T> Hi,
                                std::type_identity_t<T> Step = T(1), Generator Gen = Generator()) {
  return Interval<T, Generator>(Lo, Hi, Step, std::move(Gen));
}

/// An explicit, ordered set of values (duplicates are kept as given).
template <class T> class Set : public RangeFailure {
public:
  using value_type = T;
  static constexpr bool kArithmetic = false;

  Set(std::initializer_list<T> Values) : Values(Values) {}
  explicit Set(std::vector<T> Values) : Values(std::move(Values)) {}

  std::uint64_t size() const { return Values.size(); }
  /// Makes the set empty, failed with E because of Value (exactSet).
  void refuse(RangeError E, std::string Value) {
    fail(E, std::move(Value));
    Values.clear();
  }
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

/// Whether V < 0, without a comparison that an unsigned type makes moot.
template <class U> bool isNegative(const U &V) {
  if constexpr (std::is_signed_v<U>)
    return V < U(0);
  else
    return false;
}

/// Whether V, converted into T, is still V: an integer within T's range,
/// a number without a fraction for an integer T, 0 or 1 for bool, a finite
/// number that stays finite in a floating-point T (which may round it; a
/// NaN or an infinity stays one), an integer a floating-point T holds
/// exactly. Other types convert as they do.
template <class T, class U> bool keepsValue(const U &V) {
  if constexpr (!std::is_arithmetic_v<T> || !std::is_arithmetic_v<U>) {
    return true;
  } else if constexpr (std::is_same_v<T, bool>) {
    return V == U(0) || V == U(1);
  } else if constexpr (std::is_integral_v<T> && std::is_floating_point_v<U>) {
    const long double W = V;
    return W >= static_cast<long double>(std::numeric_limits<T>::lowest()) &&
           W <= static_cast<long double>(std::numeric_limits<T>::max()) &&
           static_cast<long double>(static_cast<T>(W)) == W;
  } else if constexpr (std::is_integral_v<T>) {
    const T W = static_cast<T>(V);
    return static_cast<U>(W) == V && isNegative(V) == isNegative(W);
  } else if constexpr (std::is_floating_point_v<U>) {
    return !std::isfinite(V) || std::isfinite(static_cast<T>(V));
  } else {
    return static_cast<long double>(static_cast<T>(V)) == static_cast<long double>(V);
  }
}

/// V as the user wrote it, near enough for a message: "300", "1.5".
template <class U> std::string valueText(const U &V) {
  std::ostringstream Out;
  if constexpr (std::is_floating_point_v<U>) {
    Out.precision(std::numeric_limits<U>::max_digits10);
    Out << V;
  } else if constexpr (std::is_integral_v<U>)
    Out << +V;
  else if constexpr (std::is_convertible_v<const U &, std::string_view>)
    Out << '"' << std::string_view(V) << '"';
  return Out.str();
}

/// The generated tuner's set of a parameter of type T (a few values, each
/// of its own type): each converted into T, or, where T cannot hold one as
/// it is (300 into uint8_t, an input's value among them), an empty set that
/// carries ValueNotOfType and the value.
template <class T, class... Us> Set<T> exactSet(const Us &...Values) {
  Set<T> S(std::vector<T>{static_cast<T>(Values)...});
  std::string Culprit;
  const bool Kept = ((keepsValue<T>(Values) || (Culprit = valueText(Values), false)) && ...);
  if (!Kept)
    S.refuse(RangeError::ValueNotOfType, Culprit);
  return S;
}

/// The generated tuner's large set of type T (CodeGen/SetValues.h): its
/// parts (runs of literals, and exactSet()s of the other values) one after
/// the other; refused as the first part that was.
template <class T> Set<T> joinedSets(std::initializer_list<Set<T>> Parts) {
  std::vector<T> Values;
  for (const Set<T> &Part : Parts) {
    if (Part.failure() != RangeError::None) {
      Set<T> Refused{std::vector<T>{}};
      Refused.refuse(Part.failure(), Part.culprit());
      return Refused;
    }
    Values.insert(Values.end(), Part.values().begin(), Part.values().end());
  }
  return Set<T>(std::move(Values));
}

/// The generated tuner's interval<T>(lo, hi[, step[, generator]]) of a
/// parameter of type T, whose bounds and step are of their own types:
/// refused with ValueNotOfType where T cannot hold one as it is (an input
/// of 300 as the bound of a uint8_t would become 44).
template <class T, class L, class H, class S = T, class Generator = IdentityGenerator>
Interval<T, Generator> exactInterval(const L &Lo, const H &Hi, const S &Step = S(1),
                                     Generator Gen = Generator()) {
  Interval<T, Generator> I(static_cast<T>(Lo), static_cast<T>(Hi), static_cast<T>(Step),
                           std::move(Gen));
  if (!keepsValue<T>(Lo))
    I.refuse(RangeError::ValueNotOfType, valueText(Lo));
  else if (!keepsValue<T>(Hi))
    I.refuse(RangeError::ValueNotOfType, valueText(Hi));
  else if (!keepsValue<T>(Step))
    I.refuse(RangeError::ValueNotOfType, valueText(Step));
  return I;
}

/// A range whose values are not of the type its parameter's `type` clause
/// names (interval<int>(...) for a uint8_t, a generator's int results), seen
/// as a range of T: each value converted into T, or, where T cannot hold one
/// as it is (a generator's 256 for a uint8_t), an empty range that carries
/// ValueNotOfType and the value. A generator's values are known only by
/// computing them, so each is looked at once, when the range is built.
template <class T, class R> class ConvertedRange : public RangeFailure {
public:
  using value_type = T;
  static constexpr bool kArithmetic = false;

  /// Fails as the range did, else at its first value T cannot hold.
  explicit ConvertedRange(R Range) : Inner(std::move(Range)) {
    if (Inner.failure() != RangeError::None) {
      fail(Inner.failure(), Inner.culprit());
      return;
    }
    for (std::uint64_t K = 0; K < Inner.size(); ++K)
      if (const auto V = Inner.at(K); !keepsValue<T>(V)) {
        fail(RangeError::ValueNotOfType, valueText(V));
        return;
      }
  }

  std::uint64_t size() const { return Failure == RangeError::None ? Inner.size() : 0; }
  T at(std::uint64_t K) const { return static_cast<T>(Inner.at(K)); }
  /// The range as written, for a message about it.
  const R &inner() const { return Inner; }

private:
  R Inner;
};

/// The generated tuner's range of a parameter whose `type` clause names T:
/// the range itself where its values are Ts; an integer interval rebuilt as
/// an interval of T (exactInterval: its bounds and step must be Ts, as
/// `atfc check` demands of constant ones), which keeps its constraints'
/// loops; any other range converted value by value (ConvertedRange).
template <class T, class R> auto exactRange(R Range) {
  if constexpr (std::is_same_v<typename R::value_type, T>) {
    return Range;
  } else if constexpr (R::kArithmetic && std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    auto Rebuilt = exactInterval<T>(Range.lo(), Range.hi(), Range.step());
    if (Range.failure() != RangeError::None && Rebuilt.failure() == RangeError::None)
      Rebuilt.refuse(Range.failure(), Range.culprit());
    return Rebuilt;
  } else {
    return ConvertedRange<T, R>(std::move(Range));
  }
}

} // namespace atfc

#endif
