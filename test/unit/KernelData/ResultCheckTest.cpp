//===- test/unit/KernelData/ResultCheckTest.cpp - The result check, by generator ---===//
//
// compareOutputs takes a vectorised pass over a buffer before its element
// loop (most results are right, and a GPU's are millions of elements);
// random buffers of every element type, with NaN, infinities, signed zeros,
// the largest values and differences at the edge of the tolerances, must
// be judged as the check's definition judges each element alone.
//
//===----------------------------------------------------------------------===//

#include "KernelData/ResultCheck.h"
#include "KernelData/KernelArgument.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace atfc {
namespace {

/// The check's definition, one element at a time: the same bytes, the same
/// number, both NaN, or both finite and at most Tolerance + Relative * |E|
/// apart.
bool differs(ElementType Type, const unsigned char *Actual, const unsigned char *Expected,
             std::size_t Index, double Tolerance, double Relative) {
  const std::size_t Size = elementSize(Type);
  if (std::memcmp(Actual + Index * Size, Expected + Index * Size, Size) == 0)
    return false;
  const double A = elementAsDouble(Type, Actual, Index);
  const double E = elementAsDouble(Type, Expected, Index);
  if (A == E || (std::isnan(A) && std::isnan(E)))
    return false;
  if (!std::isfinite(A) || !std::isfinite(E))
    return true;
  return !(std::fabs(A - E) <= Tolerance + Relative * std::fabs(E));
}

template <class T> void store(std::vector<unsigned char> &Bytes, std::size_t Index, double V) {
  T Value;
  if constexpr (std::is_integral_v<T>) {
    const double Low = static_cast<double>(std::numeric_limits<T>::lowest());
    const double High = static_cast<double>(std::numeric_limits<T>::max());
    Value = std::isnan(V) ? T(0)
            : V <= Low    ? std::numeric_limits<T>::lowest()
            : V >= High   ? std::numeric_limits<T>::max()
                          : static_cast<T>(V);
  } else {
    Value = static_cast<T>(V);
  }
  std::memcpy(Bytes.data() + Index * sizeof(T), &Value, sizeof(T));
}

void storeAs(ElementType Type, std::vector<unsigned char> &Bytes, std::size_t Index, double V) {
  visitElementType(Type, [&]<class T>(std::type_identity<T>) { store<T>(Bytes, Index, V); });
}

KernelArgument checkedBuffer(ElementType Type, std::uint64_t Count) {
  KernelArgument Argument = KernelArgument::buffer<float>(Count);
  Argument.Type = Type;
  return Argument;
}

TEST(ResultCheck, RandomBuffersAreJudgedAsEachElementAlone) {
  const std::vector<ElementType> Types = {
      ElementType::Float,  ElementType::Double, ElementType::Half,
      ElementType::Int8,   ElementType::UInt16, ElementType::Int32,
      ElementType::UInt32, ElementType::Int64,  ElementType::UInt64};
  const double Inf = std::numeric_limits<double>::infinity();
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> Tolerances = {0, 1e-3, 0.5, 1e30, Inf};
  const std::vector<double> Relatives = {0, 1e-5, 0.1};
  const std::vector<double> Special = {0.0,    -0.0,   NaN,   -NaN,   Inf, -Inf, 1e308,
                                       -1e308, 3.4e38, 65504, 1e-310, 1,   -1};
  std::mt19937_64 Random(20261130);
  auto Pick = [&](const auto &Of) { return Of[Random() % Of.size()]; };
  std::uniform_real_distribution<double> Unit(-1, 1);
  unsigned Right = 0, Wrong = 0;
  for (int Case = 0; Case < 4000; ++Case) {
    const ElementType Type = Pick(Types);
    const std::uint64_t Count = 1 + Random() % 40;
    const double Tolerance = Pick(Tolerances), Relative = Pick(Relatives);
    // Half of the cases are quiet: every actual value is the expected one
    // or close to it, which is what the pass before the loop is for.
    const bool Quiet = Random() % 2 == 0;
    std::vector<unsigned char> Actual(Count * elementSize(Type)), Expected(Actual.size());
    for (std::uint64_t I = 0; I < Count; ++I) {
      const double E = Random() % 4 == 0 ? Pick(Special) : std::ldexp(Unit(Random), Random() % 40);
      storeAs(Type, Expected, I, E);
      const double Stored = elementAsDouble(Type, Expected.data(), I);
      const double Allowed = Tolerance + Relative * std::fabs(Stored);
      double A = Stored;
      switch (Random() % (Quiet ? 3 : 6)) {
      case 0:
        break;
      case 1: // at the edge of the allowance, either side
        A = Stored + (Random() % 2 ? 1 : -1) * Allowed * (1 + (Random() % 3 - 1.0) * 1e-7);
        break;
      case 2:
        A = Stored + Allowed * Unit(Random) * 0.5;
        break;
      case 3:
        A = Pick(Special);
        break;
      default:
        A = std::ldexp(Unit(Random), Random() % 40);
        break;
      }
      storeAs(Type, Actual, I, A);
    }
    std::uint64_t Differ = 0;
    for (std::uint64_t I = 0; I < Count; ++I)
      Differ += differs(Type, Actual.data(), Expected.data(), I, Tolerance, Relative);
    const std::string Message = compareOutputs({checkedBuffer(Type, Count)}, {0}, {Actual},
                                               {Expected}, Tolerance, Relative);
    SCOPED_TRACE("case " + std::to_string(Case) + ", tolerance " + std::to_string(Tolerance) +
                 ", relative " + std::to_string(Relative));
    if (Differ == 0) {
      ++Right;
      EXPECT_EQ(Message, "");
    } else {
      ++Wrong;
      EXPECT_NE(Message.find("; " + std::to_string(Differ) + " of " + std::to_string(Count) +
                             " elements"),
                std::string::npos)
          << Message << " (" << Differ << " differ)";
    }
  }
  // Both answers were asked for often.
  EXPECT_GT(Right, 1000u);
  EXPECT_GT(Wrong, 1000u);
}

} // namespace
} // namespace atfc
