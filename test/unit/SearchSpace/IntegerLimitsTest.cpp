//===- test/unit/SearchSpace/IntegerLimitsTest.cpp - At int64/uint64's ends ===//
//
// Hunts the class of bugs in the engine's integer paths (range sizes and
// index values, bounds, strides and lcms of multiple_of, divisors and
// isqrt of divides): intervals that lie at the ends of their type, with
// steps from 1 to the whole span, and constants picked from the edges of
// int64 and uint64 (0, ±1, powers of two ±1, the extremes), each compared
// with a reference in 128-bit arithmetic that enumerates the range value by
// value. A case that loops for ever fails on its value limit.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/CandidateEnumeration.h"
#include "SearchSpace/Range.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace atfc;
using detail::Int128;
__extension__ typedef unsigned __int128 UInt128;

namespace {

/// A value near an edge of T, or anywhere in it.
template <class T> T edgeValue(std::mt19937_64 &Rng) {
  using L = std::numeric_limits<T>;
  const auto Pick = std::uniform_int_distribution<int>(0, 9)(Rng);
  const auto Small = static_cast<T>(std::uniform_int_distribution<int>(0, 5)(Rng));
  const int Bits = std::uniform_int_distribution<int>(0, L::digits - 1)(Rng);
  switch (Pick) {
  case 0:
    return L::min();
  case 1:
    return static_cast<T>(L::min() + Small);
  case 2:
    return L::max();
  case 3:
    return static_cast<T>(L::max() - Small);
  case 4:
    return Small;
  case 5:
    return L::is_signed ? static_cast<T>(-static_cast<T>(Small)) : Small;
  case 6:
    return static_cast<T>((std::uint64_t(1) << Bits) - 1);
  case 7:
    return static_cast<T>(std::uint64_t(1) << Bits);
  default:
    return static_cast<T>(Rng());
  }
}

Int128 magnitude128(Int128 V) { return V < 0 ? -V : V; }

/// The relation of the constraint aliases, in 128 bits.
enum class Shape { Divides, MultipleOf, Equal, Less, GreaterOrEq };
bool holds128(Shape S, Int128 V, Int128 E) {
  switch (S) {
  case Shape::Divides: // V divides E: every nonzero V divides 0
    return V != 0 && magnitude128(E) % magnitude128(V) == 0;
  case Shape::MultipleOf: // only 0 is a multiple of 0
    return E == 0 ? V == 0 : magnitude128(V) % magnitude128(E) == 0;
  case Shape::Equal:
    return V == E;
  case Shape::Less:
    return V < E;
  case Shape::GreaterOrEq:
    return V >= E;
  }
  return false;
}

std::string str(Int128 V) {
  if (V == 0)
    return "0";
  std::string S;
  const bool Negative = V < 0;
  auto U = static_cast<UInt128>(Negative ? -V : V);
  for (; U; U /= 10)
    S.insert(S.begin(), static_cast<char>('0' + static_cast<int>(U % 10)));
  return Negative ? "-" + S : S;
}

struct TooMany {};

/// forEachValid's (index, value) pairs, stopping after Limit of them.
template <class R, class C>
std::vector<std::pair<std::uint64_t, Int128>> enumerateUpTo(const R &Range, const C &Constraint,
                                                            std::size_t Limit) {
  std::vector<std::pair<std::uint64_t, Int128>> Got;
  std::vector<std::uint64_t> Scratch;
  detail::forEachValid(Range, Constraint, std::tuple<>{}, Scratch,
                       [&](std::uint64_t K, const auto &V) {
                         if (Got.size() == Limit)
                           throw TooMany();
                         Got.emplace_back(K, static_cast<Int128>(V));
                       });
  return Got;
}

/// Random intervals of T at the edges of T (at most ~MaxCount values) and
/// constants of E at the edges of E: forEachValid of each constraint shape
/// against the 128-bit reference.
template <class T, class E> void huntAtTheLimits(std::uint64_t Seed, int Cases = 300) {
  std::mt19937_64 Rng(Seed);
  constexpr Int128 MaxCount = 600;
  for (int Case = 0; Case < Cases; ++Case) {
    T Lo = edgeValue<T>(Rng), Hi = edgeValue<T>(Rng);
    if (Hi < Lo)
      std::swap(Lo, Hi);
    const Int128 Span = static_cast<Int128>(Hi) - static_cast<Int128>(Lo);
    // A step from 1 to the whole span, with at most MaxCount values.
    Int128 Step = Span / MaxCount + 1;
    if (std::uniform_int_distribution<int>(0, 3)(Rng) == 0)
      Step = Span == 0 ? 1 : Span; // two values: the ends
    else if (std::uniform_int_distribution<int>(0, 3)(Rng) == 0)
      Step += static_cast<Int128>(Rng() % 1000);
    if (Step > static_cast<Int128>(std::numeric_limits<T>::max()))
      Step = static_cast<Int128>(std::numeric_limits<T>::max());
    const auto R = interval<T>(Lo, Hi, static_cast<T>(Step));
    // The range itself: its size and its values in 128 bits.
    ASSERT_EQ(static_cast<Int128>(R.size()), Span / Step + 1);
    const E A = edgeValue<E>(Rng), B = edgeValue<E>(Rng);
    std::ostringstream Where;
    Where << "seed " << Seed << " case " << Case << ": interval(" << str(Lo) << ", " << str(Hi)
          << ", " << str(Step) << ") A=" << str(A) << " B=" << str(B);

    auto Check = [&](const auto &Constraint, auto Reference, const char *Name) {
      std::vector<std::pair<std::uint64_t, Int128>> Want;
      for (std::uint64_t K = 0; K < R.size(); ++K) {
        const Int128 V = static_cast<Int128>(Lo) + static_cast<Int128>(K) * Step;
        ASSERT_EQ(static_cast<Int128>(R.at(K)), V) << Where.str() << " index " << K;
        if (Reference(V))
          Want.emplace_back(K, V);
      }
      try {
        const auto Got = enumerateUpTo(R, Constraint, Want.size() + 16);
        EXPECT_TRUE(Got == Want) << Where.str() << " " << Name << ": got " << Got.size()
                                 << " values, want " << Want.size();
      } catch (const TooMany &) {
        ADD_FAILURE() << Where.str() << " " << Name << ": more than " << Want.size() + 16
                      << " values";
      }
    };
    const auto IA = static_cast<Int128>(A), IB = static_cast<Int128>(B);
    Check(
        divides(A), [&](Int128 V) { return holds128(Shape::Divides, V, IA); }, "divides(A)");
    Check(
        multiple_of(A), [&](Int128 V) { return holds128(Shape::MultipleOf, V, IA); },
        "multiple_of(A)");
    Check(
        equal(A), [&](Int128 V) { return holds128(Shape::Equal, V, IA); }, "equal(A)");
    Check(
        less_than(A) && greater_than_or_eq(B),
        [&](Int128 V) {
          return holds128(Shape::Less, V, IA) && holds128(Shape::GreaterOrEq, V, IB);
        },
        "< A && >= B");
    Check(
        multiple_of(A) && divides(B),
        [&](Int128 V) {
          return holds128(Shape::MultipleOf, V, IA) && holds128(Shape::Divides, V, IB);
        },
        "multiple_of(A) && divides(B)");
    Check(
        divides(A) && greater_than_or_eq(B),
        [&](Int128 V) {
          return holds128(Shape::Divides, V, IA) && holds128(Shape::GreaterOrEq, V, IB);
        },
        "divides(A) && >= B");
  }
}

} // namespace

TEST(IntegerLimitsTest, Int64RangesWithInt64Constants) {
  huntAtTheLimits<std::int64_t, std::int64_t>(1);
}
TEST(IntegerLimitsTest, Int64RangesWithUint64Constants) {
  huntAtTheLimits<std::int64_t, std::uint64_t>(2);
}
TEST(IntegerLimitsTest, Uint64RangesWithInt64Constants) {
  huntAtTheLimits<std::uint64_t, std::int64_t>(3);
}
TEST(IntegerLimitsTest, Uint64RangesWithUint64Constants) {
  huntAtTheLimits<std::uint64_t, std::uint64_t>(4);
}
TEST(IntegerLimitsTest, NarrowRanges) {
  huntAtTheLimits<std::int8_t, std::int64_t>(5);
  huntAtTheLimits<std::uint8_t, std::uint64_t>(6);
  huntAtTheLimits<std::int32_t, std::uint32_t>(7);
  huntAtTheLimits<std::uint16_t, std::int16_t>(8);
}

TEST(IntegerLimitsTest, IsqrtAgreesWith128BitSquares) {
  std::mt19937_64 Rng(9);
  for (int I = 0; I < 100000; ++I) {
    const std::uint64_t N =
        I < 64 ? (std::uint64_t(1) << I) - (I % 3) : edgeValue<std::uint64_t>(Rng);
    const auto R = static_cast<UInt128>(detail::isqrt(N));
    EXPECT_LE(R * R, N) << N;
    EXPECT_GT((R + 1) * (R + 1), N) << N;
  }
}
