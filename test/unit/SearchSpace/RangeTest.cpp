//===- RangeTest.cpp - Intervals, generators and sets ---------------------===//
//
// Sizes and values of the ranges of the directive language: inclusive
// integral intervals with steps (signed, unsigned, narrow, at the limits of
// their type, empty), floating intervals computed from the index, the pow2
// generator, and explicit sets. A range that cannot be built is empty and
// carries its failure (no exception).
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/Range.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

using namespace atfc;

namespace {

template <class R> std::vector<typename R::value_type> valuesOf(const R &Range) {
  std::vector<typename R::value_type> Values;
  for (std::uint64_t K = 0; K < Range.size(); ++K)
    Values.push_back(Range.at(K));
  return Values;
}

TEST(IntervalTest, BothEndsAreIncluded) {
  auto R = interval<int>(1, 10);
  EXPECT_EQ(R.size(), 10u);
  EXPECT_EQ(R.at(0), 1);
  EXPECT_EQ(R.at(9), 10);
  EXPECT_EQ(interval<int>(3, 3).size(), 1u);
  EXPECT_EQ(valuesOf(interval<int>(3, 3)), std::vector<int>{3});
}

TEST(IntervalTest, StepStopsAtOrBeforeHi) {
  EXPECT_EQ(valuesOf(interval<int>(1, 10, 3)), (std::vector<int>{1, 4, 7, 10}));
  EXPECT_EQ(valuesOf(interval<int>(1, 9, 3)), (std::vector<int>{1, 4, 7}));
  EXPECT_EQ(valuesOf(interval<int>(1, 12, 3)), (std::vector<int>{1, 4, 7, 10}));
  EXPECT_EQ(valuesOf(interval<int>(2, 3, 5)), std::vector<int>{2});
  EXPECT_EQ(valuesOf(interval<std::size_t>(4, 20, 8)), (std::vector<std::size_t>{4, 12, 20}));
}

TEST(IntervalTest, NegativeBounds) {
  EXPECT_EQ(valuesOf(interval<int>(-7, 7, 5)), (std::vector<int>{-7, -2, 3}));
  EXPECT_EQ(valuesOf(interval<long>(-3, -1)), (std::vector<long>{-3, -2, -1}));
}

TEST(IntervalTest, EmptyWhenHiIsBelowLo) {
  EXPECT_EQ(interval<std::size_t>(5, 4).size(), 0u);
  EXPECT_EQ(interval<int>(0, -1).size(), 0u);
  EXPECT_EQ(interval<int>(10, 1, 3).size(), 0u);
  EXPECT_EQ(interval<double>(0.5, 0.4, 0.1).size(), 0u);
}

/// R's failure, after checking that a failed range holds no value.
template <class R> RangeError failureOf(const R &Range) {
  if (Range.failure() != RangeError::None) {
    EXPECT_EQ(Range.size(), 0u);
  }
  return Range.failure();
}

TEST(IntervalTest, StepMustBePositive) {
  EXPECT_EQ(failureOf(interval<int>(1, 10, 0)), RangeError::NonPositiveStep);
  EXPECT_EQ(failureOf(interval<int>(1, 10, -1)), RangeError::NonPositiveStep);
  EXPECT_EQ(failureOf(interval<double>(0, 1, 0.0)), RangeError::NonPositiveStep);
  EXPECT_EQ(failureOf(interval<double>(0, 1, std::nan(""))), RangeError::NonPositiveStep);
  // Even an interval that would be empty.
  EXPECT_EQ(failureOf(interval<int>(10, 1, 0)), RangeError::NonPositiveStep);
  EXPECT_EQ(failureOf(interval<int>(1, 10, 1)), RangeError::None);
  EXPECT_STREQ(rangeErrorMessage(RangeError::NonPositiveStep), "interval: step must be positive");
}

TEST(IntervalTest, NarrowTypesSpanTheirWholeRange) {
  auto S = interval<std::int8_t>(-128, 127);
  EXPECT_EQ(S.size(), 256u);
  EXPECT_EQ(S.at(0), -128);
  EXPECT_EQ(S.at(128), 0);
  EXPECT_EQ(S.at(255), 127);
  auto U = interval<std::uint8_t>(0, 255);
  EXPECT_EQ(U.size(), 256u);
  EXPECT_EQ(U.at(255), 255);
  auto Stepped = interval<std::int16_t>(-32768, 32767, 1000);
  EXPECT_EQ(Stepped.size(), 66u);
  EXPECT_EQ(Stepped.at(65), -32768 + 65 * 1000);
}

TEST(IntervalTest, WideIntervalsDoNotOverflow) {
  constexpr auto Min = std::numeric_limits<std::int64_t>::min();
  constexpr auto Max = std::numeric_limits<std::int64_t>::max();
  // Three values: Min, -1, Max - 1; the offset 2 * step exceeds int64.
  auto R = interval<std::int64_t>(Min, Max, Max);
  ASSERT_EQ(R.size(), 3u);
  EXPECT_EQ(R.at(0), Min);
  EXPECT_EQ(R.at(1), -1);
  EXPECT_EQ(R.at(2), Max - 1);
  auto I = interval<int>(-2'000'000'000, 2'000'000'000);
  EXPECT_EQ(I.size(), 4'000'000'001u);
  EXPECT_EQ(I.at(4'000'000'000u), 2'000'000'000);
  auto U = interval<std::uint64_t>(1, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(U.size(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(U.at(U.size() - 1), std::numeric_limits<std::uint64_t>::max());
}

TEST(IntervalTest, MoreValuesThanAnIndexCanCountAreRejected) {
  // 2^64 values: size() cannot represent the count.
  EXPECT_EQ(failureOf(interval<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max())),
            RangeError::TooManyIntegers);
  EXPECT_EQ(failureOf(interval<std::int64_t>(std::numeric_limits<std::int64_t>::min(),
                                             std::numeric_limits<std::int64_t>::max())),
            RangeError::TooManyIntegers);
  EXPECT_EQ(failureOf(interval<std::uint64_t>(1, std::numeric_limits<std::uint64_t>::max())),
            RangeError::None);
}

TEST(IntervalTest, FloatingValuesComeFromTheIndexWithoutDrift) {
  auto R = interval<double>(0, 1, 0.1);
  ASSERT_EQ(R.size(), 11u);
  for (std::uint64_t K = 0; K < R.size(); ++K) {
    EXPECT_EQ(R.at(K), static_cast<double>(K) * 0.1) << K;
    EXPECT_NEAR(R.at(K), static_cast<double>(K) / 10, 1e-12) << K;
  }
  EXPECT_NEAR(R.at(10), 1.0, 1e-12);

  // Summing the step a million times drifts by about 1e-10; the index form
  // does not.
  auto Fine = interval<double>(0, 1000, 0.001);
  ASSERT_EQ(Fine.size(), 1'000'001u);
  EXPECT_NEAR(Fine.at(1'000'000), 1000.0, 1e-12);
  EXPECT_NEAR(Fine.at(123'457), 123.457, 1e-12);
}

TEST(IntervalTest, FloatingSizes) {
  EXPECT_EQ(interval<double>(0, 0.3, 0.1).size(), 4u); // 0.3 / 0.1 rounds to 3
  EXPECT_EQ(interval<double>(0, 0.95, 0.1).size(), 10u);
  EXPECT_EQ(interval<double>(0, 1, 0.3).size(), 4u);
  EXPECT_EQ(interval<double>(-1, 1, 0.5).size(), 5u);
  EXPECT_EQ(interval<float>(0, 1, 0.25f).size(), 5u);
  EXPECT_EQ(interval<double>(2.5, 2.5, 1).size(), 1u);
  EXPECT_FALSE(decltype(interval<double>(0, 1, 0.1))::kArithmetic);
}

TEST(IntervalTest, AFloatIntervalReachesItsEndWhateverTheRounding) {
  // interval<float>(0, 1, 0.1f) once stopped at 0.9: 1 / 0.1f is
  // 9.99999985, and only a difference of 1e-9 was taken for rounding.
  auto Tenth = interval<float>(0, 1, 0.1f);
  ASSERT_EQ(Tenth.size(), 11u);
  EXPECT_FLOAT_EQ(Tenth.at(10), 1.0f);
  // The class: an end that is a whole number of steps from the start, as
  // float computes it, is in the interval; half a step short, it is not.
  for (float Lo : {0.0f, -1.5f, 3.25f, 1000.0f})
    for (float Step : {0.1f, 0.3f, 0.7f, 0.01f, 1.1f})
      for (int K = 1; K <= 300; K += 7) {
        const float Hi = Lo + static_cast<float>(K) * Step;
        EXPECT_EQ(interval<float>(Lo, Hi, Step).size(), static_cast<std::uint64_t>(K) + 1)
            << Lo << " " << Hi << " " << Step;
        EXPECT_EQ(interval<float>(Lo, Hi - Step / 2, Step).size(), static_cast<std::uint64_t>(K))
            << Lo << " " << Hi << " " << Step;
        EXPECT_EQ(interval<double>(Lo, Lo + K * double(Step), Step).size(),
                  static_cast<std::uint64_t>(K) + 1);
      }
}

TEST(IntervalTest, NonFiniteFloatingBoundsAreRejected) {
  const double Inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(failureOf(interval<double>(0, Inf, 1)), RangeError::NonFiniteBounds);
  EXPECT_EQ(failureOf(interval<double>(-Inf, 0, 1)), RangeError::NonFiniteBounds);
  EXPECT_EQ(failureOf(interval<double>(0, std::nan(""), 1)), RangeError::NonFiniteBounds);
  EXPECT_EQ(failureOf(interval<double>(0, 1e300, 1e-300)), RangeError::TooManyValues);
}

TEST(IntervalTest, Pow2Generator) {
  auto R = interval<int>(0, 10, 1, pow2);
  static_assert(std::is_same_v<decltype(R)::value_type, int>);
  static_assert(!decltype(R)::kArithmetic);
  ASSERT_EQ(R.size(), 11u);
  for (std::uint64_t K = 0; K < R.size(); ++K)
    EXPECT_EQ(R.at(K), 1 << K);
  EXPECT_EQ(R.indexValueAt(10), 10);
  EXPECT_EQ(valuesOf(interval<int>(1, 7, 3, pow2)), (std::vector<int>{2, 16, 128}));
  EXPECT_EQ(interval<std::uint64_t>(63, 63, 1, pow2).at(0), std::uint64_t(1) << 63);
  EXPECT_EQ(interval<int>(30, 30, 1, pow2).at(0), 1 << 30);
}

TEST(IntervalTest, Pow2RejectsExponentsOutsideTheType) {
  // Checked once, when the interval is built: its first and last exponent.
  EXPECT_EQ(failureOf(interval<int>(31, 31, 1, pow2)), RangeError::Pow2Exponent);
  EXPECT_EQ(failureOf(interval<int>(0, 40, 1, pow2)), RangeError::Pow2Exponent);
  EXPECT_EQ(failureOf(interval<std::uint64_t>(64, 64, 1, pow2)), RangeError::Pow2Exponent);
  EXPECT_EQ(failureOf(interval<int>(-1, 0, 1, pow2)), RangeError::Pow2Exponent);
  EXPECT_EQ(failureOf(interval<std::int8_t>(0, 7, 1, pow2)), RangeError::Pow2Exponent);
  EXPECT_EQ(failureOf(interval<std::int8_t>(0, 6, 1, pow2)), RangeError::None);
  // The last value reached, not the upper bound, is the last exponent.
  EXPECT_EQ(failureOf(interval<int>(0, 31, 3, pow2)), RangeError::None);
  // An empty interval has no exponent to check.
  EXPECT_EQ(failureOf(interval<int>(40, 31, 1, pow2)), RangeError::None);
}

TEST(SetTest, ASetOfTheTypesOwnValuesIsBuilt) {
  EXPECT_EQ(failureOf(set<int>({})), RangeError::None);
  EXPECT_EQ(failureOf(set<int>({1, 2})), RangeError::None);
}

// The tuner converted a set's values and an interval's bounds into the
// parameter's type as C++ does: an input of 300 became 44 in a uint8_t,
// 1.5 became 1. Every value is checked against every arithmetic type
// here, against the answer long double arithmetic gives.
TEST(SetTest, AValueKeepsItsValueOnlyWhereTheTypeHoldsIt) {
  auto Holds = [](long double V, long double Lo, long double Hi, bool Integer) {
    return V >= Lo && V <= Hi && (!Integer || std::trunc(V) == V);
  };
  const long double Values[] = {0,
                                1,
                                -1,
                                2,
                                1.5,
                                -0.5,
                                127,
                                128,
                                255,
                                256,
                                -128,
                                -129,
                                65535,
                                65536,
                                1e10,
                                -1e10,
                                0.1,
                                16777217,
                                9007199254740993.0L,
                                4294967295.0L,
                                4294967296.0L};
  auto Check = [&](auto TypeTag) {
    using T = decltype(TypeTag);
    for (long double V : Values) {
      const bool Integer = std::is_integral_v<T>;
      const long double Lo = std::is_same_v<T, bool> ? 0 : std::numeric_limits<T>::lowest();
      const long double Hi = std::is_same_v<T, bool> ? 1 : std::numeric_limits<T>::max();
      if (std::trunc(V) == V && V >= -9e18L && V <= 9e18L) {
        const auto I = static_cast<std::int64_t>(V);
        bool Expected = Holds(V, Lo, Hi, Integer);
        if constexpr (std::is_floating_point_v<T>)
          Expected = static_cast<long double>(static_cast<T>(I)) == V;
        EXPECT_EQ(keepsValue<T>(I), Expected) << V << " as " << typeid(T).name();
      }
      const double D = static_cast<double>(V);
      if (static_cast<long double>(D) != V)
        continue;
      const bool Expected = std::is_floating_point_v<T> ? std::isfinite(static_cast<T>(D))
                                                        : Holds(V, Lo, Hi, Integer);
      EXPECT_EQ(keepsValue<T>(D), Expected) << V << " (double) as " << typeid(T).name();
    }
  };
  Check(bool());
  Check(char());
  Check(std::int8_t());
  Check(std::uint8_t());
  Check(std::int16_t());
  Check(std::uint16_t());
  Check(int());
  Check(unsigned());
  Check(std::int64_t());
  Check(std::uint64_t());
  Check(float());
  Check(double());
  EXPECT_TRUE(keepsValue<std::string>("a"));
  EXPECT_FALSE(keepsValue<float>(1e300));
  EXPECT_TRUE(keepsValue<float>(std::numeric_limits<double>::infinity()));
  EXPECT_TRUE(keepsValue<float>(std::numeric_limits<double>::quiet_NaN()));
  EXPECT_FALSE(keepsValue<int>(std::numeric_limits<double>::infinity()));
  EXPECT_TRUE(keepsValue<std::uint64_t>(std::numeric_limits<std::uint64_t>::max()));
  EXPECT_FALSE(keepsValue<std::int64_t>(std::numeric_limits<std::uint64_t>::max()));
}

TEST(SetTest, AnExactSetFailsOnTheFirstValueItsTypeCannotHold) {
  const int Input = 300;
  Set<std::uint8_t> Wrapped = exactSet<std::uint8_t>(1, Input, 2);
  EXPECT_EQ(Wrapped.failure(), RangeError::ValueNotOfType);
  EXPECT_EQ(Wrapped.culprit(), "300");
  EXPECT_EQ(Wrapped.size(), 0u);
  Set<int> Fraction = exactSet<int>(1, 2.5, 7.25);
  EXPECT_EQ(Fraction.culprit(), "2.5");
  Set<double> Mixed = exactSet<double>(1, 2.5, Input);
  EXPECT_EQ(Mixed.failure(), RangeError::None);
  ASSERT_EQ(Mixed.size(), 3u);
  EXPECT_EQ(Mixed.at(2), 300.0);
  Set<std::string> Strings = exactSet<std::string>("a", std::string("b"));
  EXPECT_EQ(Strings.failure(), RangeError::None);
  EXPECT_EQ(Strings.at(1), "b");
}

TEST(SetTest, AnExactIntervalFailsOnABoundOrStepItsTypeCannotHold) {
  const int Input = 300;
  EXPECT_EQ(exactInterval<std::uint8_t>(1, Input).culprit(), "300");
  EXPECT_EQ(exactInterval<std::uint8_t>(1, Input).size(), 0u);
  EXPECT_EQ(exactInterval<unsigned>(-1, 4).culprit(), "-1");
  EXPECT_EQ(exactInterval<int>(0, 10, 0.5).culprit(), "0.5");
  EXPECT_EQ(exactInterval<std::uint8_t>(1, 255).size(), 255u);
  EXPECT_EQ(exactInterval<float>(0, 1, 0.1).size(), 11u);
  auto Powers = exactInterval<int>(0, 4, 1, pow2);
  EXPECT_EQ(Powers.failure(), RangeError::None);
  EXPECT_EQ(Powers.at(4), 16);
}

TEST(ExactRangeTest, ARangeOfTheClausesTypeIsItself) {
  auto I = exactRange<int>(interval<int>(1, 4));
  static_assert(std::is_same_v<decltype(I), Interval<int>>);
  EXPECT_EQ(I.size(), 4u);
}

TEST(ExactRangeTest, AnIntegerIntervalIsRebuiltInTheClausesType) {
  const int Input = 400;
  auto Fits = exactRange<std::uint8_t>(interval<int>(0, 200, 100));
  static_assert(std::is_same_v<decltype(Fits), Interval<std::uint8_t>>);
  static_assert(decltype(Fits)::kArithmetic); // constraints still become loops
  EXPECT_EQ(valuesOf(Fits), (std::vector<std::uint8_t>{0, 100, 200}));
  auto Wide = exactRange<std::uint8_t>(interval<int>(0, Input, 100));
  EXPECT_EQ(Wide.failure(), RangeError::ValueNotOfType);
  EXPECT_EQ(Wide.culprit(), "400");
  EXPECT_EQ(Wide.size(), 0u);
  EXPECT_EQ(exactRange<unsigned>(interval<int>(1, 10, 0)).failure(), RangeError::NonPositiveStep);
}

TEST(ExactRangeTest, AGeneratorsValuesAreCheckedOneByOne) {
  const auto Hundreds = [](auto I) { return I * 100; };
  auto Fits = exactRange<std::uint8_t>(interval<int>(1, 2, 1, Hundreds));
  static_assert(std::is_same_v<decltype(Fits)::value_type, std::uint8_t>);
  EXPECT_EQ(Fits.failure(), RangeError::None);
  EXPECT_EQ(valuesOf(Fits), (std::vector<std::uint8_t>{100, 200}));
  auto Wide = exactRange<std::uint8_t>(interval<int>(1, 8, 1, Hundreds));
  EXPECT_EQ(Wide.failure(), RangeError::ValueNotOfType);
  EXPECT_EQ(Wide.culprit(), "300"); // the first value at fault
  EXPECT_EQ(Wide.size(), 0u);
  EXPECT_EQ(exactRange<std::uint8_t>(interval<int>(0, 8, 1, pow2)).culprit(), "256");
  EXPECT_EQ(exactRange<std::uint8_t>(interval<int>(0, 7, 1, pow2)).size(), 8u);
  // The range's own failure comes first.
  auto Stepless = exactRange<std::uint8_t>(interval<int>(1, 8, 0, Hundreds));
  EXPECT_EQ(Stepless.failure(), RangeError::NonPositiveStep);
  EXPECT_EQ(Stepless.size(), 0u);
}

TEST(ExactRangeTest, OtherValueTypesConvertWhereTheyKeepTheirValue) {
  auto Flags = exactRange<bool>(interval<int>(0, 1));
  EXPECT_EQ(valuesOf(Flags), (std::vector<bool>{false, true}));
  EXPECT_EQ(exactRange<bool>(interval<int>(0, 2)).culprit(), "2");
  auto Floats = exactRange<float>(interval<double>(0, 1, 0.25));
  EXPECT_EQ(valuesOf(Floats), (std::vector<float>{0, 0.25f, 0.5f, 0.75f, 1}));
  EXPECT_EQ(exactRange<int>(interval<double>(0, 1, 0.5)).culprit(), "0.5");
}

TEST(IntervalTest, ABoolIntervalHoldsFalseAndTrue) {
  auto B = interval<bool>(false, true);
  EXPECT_EQ(valuesOf(B), (std::vector<bool>{false, true}));
  EXPECT_EQ(interval<bool>(true, true).size(), 1u);
  EXPECT_EQ(interval<bool>(true, false).size(), 0u);
}

TEST(SetTest, StringsKeepOrderAndDuplicates) {
  auto S = set({"b", "a", "b"});
  static_assert(std::is_same_v<decltype(S)::value_type, std::string>);
  static_assert(!decltype(S)::kArithmetic);
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S.at(0), "b");
  EXPECT_EQ(S.at(1), "a");
  EXPECT_EQ(S.at(2), "b");
}

TEST(SetTest, TypedSets) {
  auto I = set<std::size_t>({16, 8, 32});
  EXPECT_EQ(valuesOf(I), (std::vector<std::size_t>{16, 8, 32}));
  auto D = set<double>({0.5, -1.25});
  EXPECT_EQ(D.at(1), -1.25);
  auto B = set<bool>({false, true});
  EXPECT_EQ(B.size(), 2u);
  EXPECT_TRUE(B.at(1));
  EXPECT_EQ(Set<int>(std::vector<int>{}).size(), 0u);
}

} // namespace
