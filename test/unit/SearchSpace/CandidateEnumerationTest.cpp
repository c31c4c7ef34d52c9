//===- CandidateEnumerationTest.cpp - One level's loop vs. brute force ----===//
//
// forEachValid lowers aliases on integral intervals to loops (divisors,
// strides, single values, cut bounds). Whatever the lowering, it must visit
// exactly the values a plain filter over the whole range accepts, in range
// order, with their range indices. Every test here compares against that
// brute-force reference: hand-checked cases first, then many randomised
// small ones (random lo/hi/step and constants, signed and unsigned, mixed).
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/CandidateEnumeration.h"
#include "SearchSpace/Range.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace atfc;

namespace {

template <class T> using Hits = std::vector<std::pair<std::uint64_t, T>>;

/// The reference: every value of the range that the constraint accepts.
template <class R, class C, class P = std::tuple<>>
Hits<typename R::value_type> bruteForce(const R &Range, const C &Constraint, const P &Path = {}) {
  Hits<typename R::value_type> Result;
  for (std::uint64_t K = 0; K < Range.size(); ++K) {
    const typename R::value_type V = Range.at(K);
    if (Constraint(V, Path))
      Result.emplace_back(K, V);
  }
  return Result;
}

struct TooManyValues {};

/// What forEachValid visits; throws TooManyValues after Limit values, so a
/// wrong loop over a huge range fails instead of hanging.
template <class R, class C, class P = std::tuple<>>
Hits<typename R::value_type> enumerate(const R &Range, const C &Constraint, const P &Path = {},
                                       std::size_t Limit = 1'000'000) {
  Hits<typename R::value_type> Result;
  std::vector<std::uint64_t> Scratch;
  detail::forEachValid(Range, Constraint, Path, Scratch,
                       [&](std::uint64_t K, const typename R::value_type &V) {
                         if (Result.size() == Limit)
                           throw TooManyValues();
                         Result.emplace_back(K, V);
                       });
  return Result;
}

/// Empty when A and B agree, else a description of the first difference.
template <class T> std::string difference(const Hits<T> &Got, const Hits<T> &Want) {
  std::ostringstream Out;
  for (std::size_t I = 0; I < std::max(Got.size(), Want.size()); ++I) {
    if (I < Got.size() && I < Want.size() && Got[I] == Want[I])
      continue;
    Out << "got " << Got.size() << " values, want " << Want.size() << "; first difference at " << I
        << ": got ";
    if (I < Got.size())
      Out << "#" << Got[I].first << "=" << +Got[I].second;
    else
      Out << "nothing";
    Out << ", want ";
    if (I < Want.size())
      Out << "#" << Want[I].first << "=" << +Want[I].second;
    else
      Out << "nothing";
    return Out.str();
  }
  return "";
}

/// Checks enumeration against brute force; Where names the case.
template <class R, class C, class P = std::tuple<>>
void expectSame(const R &Range, const C &Constraint, const std::string &Where, const P &Path = {}) {
  const auto Want = bruteForce(Range, Constraint, Path);
  try {
    EXPECT_EQ(difference(enumerate(Range, Constraint, Path, Want.size() + 16), Want), "") << Where;
  } catch (const TooManyValues &) {
    ADD_FAILURE() << Where << ": enumerated more than " << Want.size() + 16 << " values, want "
                  << Want.size();
  }
}

template <class T> Hits<T> hits(std::initializer_list<std::pair<std::uint64_t, T>> L) {
  return Hits<T>(L);
}

//===----------------------------------------------------------------------===//
// Hand-checked cases
//===----------------------------------------------------------------------===//

TEST(LoweringTest, DividesWithLoAboveOneAndStep) {
  // Grid 2, 6, 10, ..., 50; divisors of 60 on it: 2, 6, 10, 30.
  auto R = interval<std::size_t>(2, 50, 4);
  EXPECT_EQ(enumerate(R, divides(60)), hits<std::size_t>({{0, 2}, {1, 6}, {2, 10}, {7, 30}}));
  expectSame(R, divides(60), "divides(60)");
  expectSame(R, divides(std::size_t(60)) && less_than(30), "divides(60) && less_than(30)");
}

TEST(LoweringTest, MultipleOfWithLoAboveOneAndStep) {
  // Grid 5, 8, ..., 98; its multiples of 4 are 8 + 12k.
  auto R = interval<int>(5, 100, 3);
  Hits<int> Want;
  for (int V = 8; V <= 98; V += 12)
    Want.emplace_back((V - 5) / 3, V);
  EXPECT_EQ(enumerate(R, multiple_of(4)), Want);
  expectSame(R, multiple_of(4), "multiple_of(4)");
  expectSame(R, multiple_of(-4), "multiple_of(-4)");
  expectSame(R, multiple_of(std::size_t(6)) && greater_than(50), "multiple_of(6) && > 50");
}

TEST(LoweringTest, EqualOnAndOffTheGrid) {
  auto R = interval<int>(1, 20, 3); // 1, 4, 7, ..., 19
  EXPECT_EQ(enumerate(R, equal(7)), hits<int>({{2, 7}}));
  EXPECT_TRUE(enumerate(R, equal(8)).empty());
  EXPECT_TRUE(enumerate(R, equal(22)).empty());
  EXPECT_TRUE(enumerate(R, equal(-2)).empty());
  EXPECT_TRUE(enumerate(R, equal(7) && less_than(7)).empty());
  EXPECT_EQ(enumerate(R, equal(std::size_t(19))), hits<int>({{6, 19}}));
}

TEST(LoweringTest, UnequalIsAFilter) {
  auto R = interval<int>(1, 5);
  EXPECT_EQ(enumerate(R, unequal(3)), hits<int>({{0, 1}, {1, 2}, {3, 4}, {4, 5}}));
  EXPECT_EQ(enumerate(R, unequal(std::size_t(9))).size(), 5u);
}

TEST(LoweringTest, MixedSignednessBounds) {
  // -1 is below every size_t, not SIZE_MAX.
  auto U = interval<std::size_t>(0, 100);
  EXPECT_TRUE(enumerate(U, less_than_or_eq(-1)).empty());
  EXPECT_TRUE(enumerate(U, less_than(0)).empty());
  EXPECT_EQ(enumerate(U, greater_than(-1)).size(), 101u);
  EXPECT_EQ(enumerate(U, greater_than_or_eq(std::int64_t(-100))).size(), 101u);
  EXPECT_TRUE(enumerate(U, equal(-1)).empty());
  EXPECT_EQ(enumerate(U, unequal(-1)).size(), 101u);

  auto I = interval<int>(-10, 10);
  Hits<int> Want;
  for (int V = -4; V <= 10; ++V)
    Want.emplace_back(V + 10, V);
  EXPECT_EQ(enumerate(I, greater_than(-5)), Want);
  EXPECT_EQ(enumerate(I, greater_than(std::int64_t(-5))), Want);
  EXPECT_EQ(enumerate(I, less_than_or_eq(std::numeric_limits<std::size_t>::max())).size(), 21u);
  EXPECT_TRUE(enumerate(I, greater_than(std::numeric_limits<std::uint64_t>::max())).empty());
  EXPECT_TRUE(enumerate(I, less_than(std::numeric_limits<std::int64_t>::min())).empty());
}

TEST(LoweringTest, ZeroOperands) {
  auto I = interval<int>(-3, 3);
  // Every nonzero value divides 0; 0 is the only multiple of 0.
  EXPECT_EQ(enumerate(I, divides(0)),
            hits<int>({{0, -3}, {1, -2}, {2, -1}, {4, 1}, {5, 2}, {6, 3}}));
  EXPECT_EQ(enumerate(I, multiple_of(0)), hits<int>({{3, 0}}));
  EXPECT_TRUE(enumerate(interval<int>(1, 5), multiple_of(0)).empty());
  EXPECT_TRUE(enumerate(interval<int>(-5, 5, 2), multiple_of(0)).empty()); // 0 not on grid
  EXPECT_EQ(enumerate(interval<std::size_t>(0, 4), divides(0)),
            hits<std::size_t>({{1, 1}, {2, 2}, {3, 3}, {4, 4}}));
  EXPECT_EQ(enumerate(interval<std::size_t>(0, 4), multiple_of(std::size_t(3))),
            hits<std::size_t>({{0, 0}, {3, 3}}));
  EXPECT_EQ(enumerate(I, equal(0)), hits<int>({{3, 0}}));
}

TEST(LoweringTest, DividesAcceptsNegativeDivisors) {
  // holds<Divides> compares magnitudes, so -3 divides 12 and the filter
  // accepts it; the divisor loop must not skip the negative half.
  auto I = interval<int>(-12, 12);
  EXPECT_EQ(enumerate(I, divides(12)), hits<int>({{0, -12},
                                                  {6, -6},
                                                  {8, -4},
                                                  {9, -3},
                                                  {10, -2},
                                                  {11, -1},
                                                  {13, 1},
                                                  {14, 2},
                                                  {15, 3},
                                                  {16, 4},
                                                  {18, 6},
                                                  {24, 12}}));
  expectSame(I, divides(-12), "divides(-12) on [-12, 12]");
  expectSame(interval<std::int64_t>(-1000, -1), divides(std::size_t(360)),
             "divides(360) on [-1000, -1]");
}

TEST(LoweringTest, FloatingBoundsOnIntegralRanges) {
  auto I = interval<int>(-5, 5);
  EXPECT_EQ(enumerate(I, less_than(2.5)).back().second, 2);
  EXPECT_EQ(enumerate(I, less_than(3.0)).back().second, 2);
  EXPECT_EQ(enumerate(I, less_than_or_eq(3.0)).back().second, 3);
  EXPECT_EQ(enumerate(I, greater_than(-2.5)).front().second, -2);
  EXPECT_EQ(enumerate(I, greater_than(-2.0)).front().second, -1);
  EXPECT_EQ(enumerate(I, greater_than_or_eq(-2.0)).front().second, -2);
  for (double B : {2.5, 3.0, -2.5, -2.0, -7.5, 7.5, 0.0, -0.0})
    for (int S = 0; S < 4; ++S) {
      const std::string Where = "bound " + std::to_string(B) + " shape " + std::to_string(S);
      if (S == 0)
        expectSame(I, less_than(B), Where);
      else if (S == 1)
        expectSame(I, less_than_or_eq(B), Where);
      else if (S == 2)
        expectSame(I, greater_than(B), Where);
      else
        expectSame(I, greater_than_or_eq(B), Where);
    }
  EXPECT_EQ(enumerate(interval<int>(1, 10, 3), greater_than(1.5)).front(),
            (std::pair<std::uint64_t, int>(1, 4)));
}

TEST(LoweringTest, InfiniteHugeAndNaNFloatingBounds) {
  // Bounds far outside any integer type, and NaN (which nothing satisfies).
  auto I = interval<int>(1, 10);
  const double Inf = std::numeric_limits<double>::infinity();
  expectSame(I, less_than(Inf), "less_than(inf)");
  expectSame(I, greater_than(-Inf), "greater_than(-inf)");
  expectSame(I, greater_than(Inf), "greater_than(inf)");
  expectSame(I, less_than_or_eq(-Inf), "less_than_or_eq(-inf)");
  expectSame(I, less_than_or_eq(1e300), "less_than_or_eq(1e300)");
  expectSame(I, greater_than_or_eq(-1e300), "greater_than_or_eq(-1e300)");
  expectSame(I, less_than(std::nan("")), "less_than(NaN)");
  expectSame(I, greater_than_or_eq(std::nan("")), "greater_than_or_eq(NaN)");
}

TEST(LoweringTest, DivisorsOfALargeNumberAreFound) {
  // 10^12 = 2^12 5^12 has 13 * 13 = 169 divisors; a filter over the range
  // would take hours, so without the divisor loop this test does not finish
  // (ctest's timeout fails it; speed itself is measured by the benchmark).
  const std::uint64_t E = 1'000'000'000'000;
  auto Got = enumerate(interval<std::uint64_t>(1, E), divides(E));
  ASSERT_EQ(Got.size(), 169u);
  for (std::size_t I = 0; I < Got.size(); ++I) {
    EXPECT_EQ(E % Got[I].second, 0u);
    EXPECT_EQ(Got[I].first, Got[I].second - 1);
    if (I > 0) {
      EXPECT_LT(Got[I - 1].second, Got[I].second);
    }
  }
  EXPECT_EQ(Got.front().second, 1u);
  EXPECT_EQ(Got.back().second, E);

  // An offset grid: the divisors d >= 1000 with d = 1000 + 3k, found by an
  // independent trial division.
  Hits<std::uint64_t> Want;
  std::vector<std::uint64_t> Large;
  for (std::uint64_t D = 1; D * D <= E; ++D)
    if (E % D == 0) {
      if (D >= 1000 && (D - 1000) % 3 == 0)
        Want.emplace_back((D - 1000) / 3, D);
      if (D * D != E)
        Large.push_back(E / D);
    }
  for (auto It = Large.rbegin(); It != Large.rend(); ++It)
    if (*It >= 1000 && (*It - 1000) % 3 == 0)
      Want.emplace_back((*It - 1000) / 3, *It);
  EXPECT_EQ(enumerate(interval<std::uint64_t>(1000, E, 3), divides(std::int64_t(E))), Want);
}

TEST(LoweringTest, IntegerSquareRootAtTheLimitsOfUint64) {
  // isqrt squared (2^32)^2 in 64 bits once, which wrapped to 0 and looped
  // for ever on divides(E) with E >= (2^32 - 1)^2.
  const std::uint64_t Max = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t Root = 0xffffffffu;
  EXPECT_EQ(detail::isqrt(Max), Root);
  EXPECT_EQ(detail::isqrt(Root * Root), Root);
  EXPECT_EQ(detail::isqrt(Root * Root - 1), Root - 1);
  EXPECT_EQ(detail::isqrt(Root * Root + 1), Root);
  for (std::uint64_t N : {0ull, 1ull, 2ull, 3ull, 4ull, 15ull, 16ull, 17ull})
    EXPECT_EQ(detail::isqrt(N), static_cast<std::uint64_t>(std::sqrt(static_cast<double>(N))));
  // The defining property, on numbers near every power of two and at random.
  std::mt19937_64 Random(7);
  std::vector<std::uint64_t> Numbers;
  for (int Bit = 1; Bit < 64; ++Bit)
    for (std::int64_t Delta = -2; Delta <= 2; ++Delta)
      Numbers.push_back((std::uint64_t(1) << Bit) + static_cast<std::uint64_t>(Delta));
  for (int I = 0; I < 10000; ++I)
    Numbers.push_back(Random());
  for (std::uint64_t N : Numbers) {
    const detail::Int128 R = detail::isqrt(N);
    EXPECT_LE(R * R, detail::Int128(N)) << N;
    EXPECT_GT((R + 1) * (R + 1), detail::Int128(N)) << N;
  }
}

TEST(LoweringTest, DivisorsOfTheLargestNumbers) {
  // 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417.
  const std::uint64_t Max = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(enumerate(interval<std::uint64_t>(1, 100), divides(Max)),
            hits<std::uint64_t>({{0, 1}, {2, 3}, {4, 5}, {14, 15}, {16, 17}, {50, 51}, {84, 85}}));
  const std::uint64_t Square = std::uint64_t(0xffffffffu) * 0xffffffffu;
  expectSame(interval<std::uint64_t>(1, 1000), divides(Square), "divides((2^32-1)^2)");
}

TEST(LoweringTest, MultipleOfAHugeNumberOnAStepGrid) {
  // The even multiples of 2^63 + 1 up to 2^64 - 2: only 0 (the next one,
  // 2^64 + 2, does not fit). The grid's stride, lcm(2^63 + 1, 2), does not
  // fit in 64 bits either.
  const std::uint64_t M = (std::uint64_t(1) << 63) + 1;
  auto R = interval<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max() - 1, 2);
  try {
    EXPECT_EQ(enumerate(R, multiple_of(M), std::tuple<>(), 16), hits<std::uint64_t>({{0, 0}}));
  } catch (const TooManyValues &) {
    ADD_FAILURE() << "multiple_of(2^63 + 1) on the even numbers gave more than 16 values";
  }
  EXPECT_EQ(enumerate(interval<std::uint64_t>(1, M + 10), multiple_of(M), std::tuple<>(), 16),
            hits<std::uint64_t>({{M - 1, M}}));
}

TEST(LoweringTest, PathExpressionsAreEvaluatedOncePerPath) {
  int SourceCalls = 0, FilterCalls = 0;
  const std::tuple<int> Path{12};
  auto C = divides([&](const auto &P) {
             ++SourceCalls;
             return std::get<0>(P);
           }) &&
           unequal([&](const auto &) {
             ++FilterCalls;
             return 6;
           });
  EXPECT_EQ(enumerate(interval<int>(1, 100), C, Path),
            hits<int>({{0, 1}, {1, 2}, {2, 3}, {3, 4}, {11, 12}}));
  EXPECT_EQ(SourceCalls, 1);
  EXPECT_EQ(FilterCalls, 1);
}

TEST(LoweringTest, RangesWithoutLoweringAreFiltered) {
  auto S = set<int>({12, 5, 6, -3, 0, 4});
  EXPECT_EQ(enumerate(S, divides(12)), hits<int>({{0, 12}, {2, 6}, {3, -3}, {5, 4}}));
  expectSame(S, multiple_of(2) && less_than(10), "set multiple_of(2) && < 10");
  auto P = interval<int>(0, 10, 1, pow2);
  EXPECT_EQ(enumerate(P, less_than(100) && greater_than(2)),
            hits<int>({{2, 4}, {3, 8}, {4, 16}, {5, 32}, {6, 64}}));
  expectSame(P, divides(96), "pow2 divides(96)");
  auto D = interval<double>(0, 2, 0.25);
  expectSame(D, greater_than(0.6) && less_than_or_eq(1.5), "double bounds");
  expectSame(D, divides(3.0), "double divides");
  auto Str = set({"a", "bb", "ccc"});
  EXPECT_EQ(enumerate(Str, predicate([](const std::string &V) { return V.size() > 1; })),
            (Hits<std::string>{{1, "bb"}, {2, "ccc"}}));
  EXPECT_TRUE(enumerate(interval<int>(1, 0), divides(5)).empty());
}

//===----------------------------------------------------------------------===//
// Randomised cases
//===----------------------------------------------------------------------===//

/// Random small intervals of T (lo in [LoMin, LoMax], up to ~90 values,
/// step 1..7) and constants A, B, C of E in [EMin, EMax]; calls
/// Check(range, A, B, C, where) for each.
template <class T, class E, class Check>
void randomCases(std::uint64_t Seed, std::int64_t LoMin, std::int64_t LoMax, std::int64_t EMin,
                 std::int64_t EMax, Check &&F, int Cases = 150) {
  std::mt19937_64 Rng(Seed);
  auto Uniform = [&](std::int64_t A, std::int64_t B) {
    return std::uniform_int_distribution<std::int64_t>(A, B)(Rng);
  };
  for (int I = 0; I < Cases; ++I) {
    const std::int64_t Lo = Uniform(LoMin, LoMax);
    std::int64_t Hi = Lo + Uniform(-3, 90);
    if (std::cmp_greater(Hi, std::numeric_limits<T>::max()))
      Hi = static_cast<std::int64_t>(std::numeric_limits<T>::max());
    if (std::cmp_less(Hi, std::numeric_limits<T>::min()))
      Hi = static_cast<std::int64_t>(std::numeric_limits<T>::min());
    const std::int64_t Step = Uniform(1, 7);
    const std::int64_t A = Uniform(EMin, EMax), B = Uniform(EMin, EMax), C = Uniform(EMin, EMax);
    auto R = interval<T>(static_cast<T>(Lo), static_cast<T>(Hi), static_cast<T>(Step));
    std::ostringstream Where;
    Where << "seed " << Seed << " case " << I << ": interval(" << Lo << ", " << Hi << ", " << Step
          << ") A=" << A << " B=" << B << " C=" << C;
    F(R, static_cast<E>(A), static_cast<E>(B), static_cast<E>(C), Where.str());
  }
}

/// Runs Check on the type pairs whose ranges hold no negative values.
template <class Check> void onNonNegativeRanges(Check &&F) {
  randomCases<std::size_t, int>(1, 0, 60, -60, 60, F);
  randomCases<std::uint32_t, std::uint64_t>(2, 0, 80, 0, 200, F);
  randomCases<std::int64_t, std::size_t>(3, 0, 50, 0, 120, F);
  randomCases<std::uint16_t, std::int64_t>(4, 65400, 65535, 0, 70000, F);
  randomCases<std::uint8_t, int>(5, 150, 255, -300, 300, F);
}

/// Runs Check on signed type pairs whose ranges include negative values.
template <class Check> void onSignedRanges(Check &&F) {
  randomCases<int, int>(11, -40, 40, -60, 60, F);
  randomCases<std::int64_t, std::size_t>(12, -60, 20, 0, 120, F);
  randomCases<std::int8_t, int>(13, -128, 100, -130, 130, F);
  randomCases<long, std::int8_t>(14, -100, 0, -100, 100, F);
}

template <class Check> void onAllRanges(Check &&F) {
  onNonNegativeRanges(F);
  onSignedRanges(F);
}

const auto DividesShapes = [](const auto &R, auto A, auto B, auto C, const std::string &W) {
  expectSame(R, divides(A), W + " divides(A)");
  expectSame(R, divides(B) && greater_than(C), W + " divides(B) && > C");
  expectSame(R, less_than_or_eq(C) && divides(A) && greater_than_or_eq(B),
             W + " <= C && divides(A) && >= B");
  expectSame(R, multiple_of(B) && divides(A), W + " multiple_of(B) && divides(A)");
  expectSame(R, divides(A) && divides(B), W + " divides(A) && divides(B)");
  expectSame(R, divides(A) && equal(B), W + " divides(A) && equal(B)");
  expectSame(R, divides(A) && unequal(C), W + " divides(A) && unequal(C)");
};

TEST(LoweringRandomTest, DividesOnNonNegativeRanges) { onNonNegativeRanges(DividesShapes); }

TEST(LoweringRandomTest, DividesOnRangesWithNegativeValues) { onSignedRanges(DividesShapes); }

TEST(LoweringRandomTest, MultipleOf) {
  onAllRanges([](const auto &R, auto A, auto B, auto C, const std::string &W) {
    expectSame(R, multiple_of(A), W + " multiple_of(A)");
    expectSame(R, multiple_of(A) && less_than(C), W + " multiple_of(A) && < C");
    expectSame(R, greater_than_or_eq(B) && multiple_of(A) && unequal(C),
               W + " >= B && multiple_of(A) && != C");
    expectSame(R, equal(A) && multiple_of(B), W + " equal(A) && multiple_of(B)");
  });
}

TEST(LoweringRandomTest, Bounds) {
  onAllRanges([](const auto &R, auto A, auto B, auto C, const std::string &W) {
    expectSame(R, less_than(A), W + " < A");
    expectSame(R, less_than_or_eq(A), W + " <= A");
    expectSame(R, greater_than(A), W + " > A");
    expectSame(R, greater_than_or_eq(A), W + " >= A");
    expectSame(R, greater_than(A) && less_than(B), W + " > A && < B");
    expectSame(R, less_than_or_eq(A) && greater_than_or_eq(B) && less_than(C),
               W + " <= A && >= B && < C");
    const double Half = static_cast<double>(A) + 0.5;
    expectSame(R, less_than(Half), W + " < A + 0.5");
    expectSame(R, greater_than_or_eq(static_cast<double>(B) - 0.5), W + " >= B - 0.5");
    expectSame(R, less_than_or_eq(static_cast<double>(A)) && greater_than(static_cast<double>(C)),
               W + " <= double(A) && > double(C)");
  });
}

TEST(LoweringRandomTest, EqualAndUnequal) {
  onAllRanges([](const auto &R, auto A, auto B, auto C, const std::string &W) {
    expectSame(R, equal(A), W + " equal(A)");
    expectSame(R, unequal(A), W + " unequal(A)");
    expectSame(R, equal(A) && less_than(B), W + " equal(A) && < B");
    expectSame(R, unequal(A) && unequal(B) && greater_than(C), W + " != A && != B && > C");
  });
}

TEST(LoweringRandomTest, FiltersAndPathExpressions) {
  onAllRanges([](const auto &R, auto A, auto B, auto C, const std::string &W) {
    using T = typename std::remove_cvref_t<decltype(R)>::value_type;
    expectSame(R, divides(A) || multiple_of(B), W + " divides(A) || multiple_of(B)");
    expectSame(R, !divides(A), W + " !divides(A)");
    expectSame(R, predicate([](T V) { return V % 3 == 1; }) && greater_than(C),
               W + " v % 3 == 1 && > C");
    expectSame(R, divides(static_cast<double>(A)), W + " divides(double(A))");
    // The same shapes with their expressions read from the path.
    const auto Path = std::make_tuple(A, B, C);
    auto PathA = [](const auto &P) { return std::get<0>(P); };
    auto PathB = [](const auto &P) { return std::get<1>(P); };
    auto PathC = [](const auto &P) { return std::get<2>(P); };
    expectSame(R, multiple_of(PathA) && less_than_or_eq(PathC), W + " path multiple_of", Path);
    expectSame(R, greater_than(PathB) && equal(PathA), W + " path > B && equal(A)", Path);
  });
}

TEST(LoweringRandomTest, PathDividesOnNonNegativeRanges) {
  onNonNegativeRanges([](const auto &R, auto A, auto B, auto C, const std::string &W) {
    const auto Path = std::make_tuple(A, B, C);
    expectSame(R,
               divides([](const auto &P) { return std::get<0>(P); }) &&
                   greater_than([](const auto &P) { return std::get<1>(P); }),
               W + " path divides(A) && > B", Path);
  });
}

TEST(LoweringRandomTest, Sets) {
  std::mt19937_64 Rng(21);
  for (int Case = 0; Case < 200; ++Case) {
    std::vector<int> Values(std::uniform_int_distribution<int>(0, 12)(Rng));
    for (int &V : Values)
      V = std::uniform_int_distribution<int>(-30, 30)(Rng);
    const int A = std::uniform_int_distribution<int>(-30, 30)(Rng);
    Set<int> S(Values);
    const std::string W = "set case " + std::to_string(Case) + " A=" + std::to_string(A);
    expectSame(S, divides(A), W + " divides");
    expectSame(S, multiple_of(A) && less_than(A * 2), W + " multiple_of && <");
    expectSame(S, greater_than_or_eq(A) && unequal(0), W + " >= && !=");
  }
}

} // namespace

TEST(LoweringTest, StepsAndMultiplesAtTheLimitsOfInt64) {
  // The grid Min + k * 2^61 spans all of int64 in eight values; the loops'
  // strides, lcms and first values near both ends must not overflow.
  const std::int64_t Min = std::numeric_limits<std::int64_t>::min();
  const std::int64_t Max = std::numeric_limits<std::int64_t>::max();
  auto R = interval<std::int64_t>(Min, Max, std::int64_t(1) << 61);
  expectSame(R, multiple_of(std::int64_t(3)), "multiple_of(3) on a 2^61 grid");
  expectSame(R, multiple_of(Max), "multiple_of(INT64_MAX)");
  expectSame(R, multiple_of(Min), "multiple_of(INT64_MIN)");
  expectSame(R, divides(Max), "divides(INT64_MAX)");
  expectSame(R, less_than(Min + 1) || greater_than(Max - 1), "bounds at both ends");
  expectSame(interval<std::int64_t>(Max - 10, Max), multiple_of(Max), "the last values");
  expectSame(interval<std::int64_t>(Min, Min + 10), multiple_of(Min), "the first values");
}
