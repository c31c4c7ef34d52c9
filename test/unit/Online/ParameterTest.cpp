//===- ParameterTest.cpp - Expressions of tuning parameters ---------------===//
//
// include/atf/parameter.hpp: every operator, for every kind of operand on
// either side (a parameter, an expression, a constant), builds an
// expression rather than converting an operand to its value (which it has
// only on a path: the bug class of `1 + (M - 1) / MWG`), and evaluates on a
// path as the same arithmetic on plain numbers does.
//
//===----------------------------------------------------------------------===//
#include <atf.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace {

template <class T>
constexpr bool isExpression = atf::detail::is_expr<std::remove_cvref_t<T>>::value;

/// Two parameters with values on the thread's path for the fixture's life.
struct Fixture {
  atf::tuning_parameter<atfc::Interval<long>> A{"A", atf::interval<long>(1, 9)};
  atf::tuning_parameter<atfc::Interval<long>> B{"B", atf::interval<long>(1, 9)};
  long AValue = 7, BValue = 3;
  const void *Values[2] = {&AValue, &BValue};
  atfc::online::SlotId Slots[2] = {A.id()->slot, B.id()->slot};
  atfc::online::Path Tuner{Slots, 2};
  std::optional<atfc::online::PathScope> Scope;
  atf::detail::path P{nullptr};
  void enter() {
    Scope.emplace(&Tuner, Values);
    P = atf::detail::path{atfc::online::CurrentValues};
  }
};

/// Checks Op on (L, R) for one pair of operand kinds: the result is an
/// expression equal to Op on the plain values.
#define ATF_CHECK_OPERATOR(Op, Functor)                                                            \
  {                                                                                                \
    Fixture F;                                                                                     \
    F.enter();                                                                                     \
    const auto ExprA = F.A + 0;                                                                    \
    const auto ExprB = F.B * 1;                                                                    \
    const long C = 2;                                                                              \
    const auto Expect = [](long L, long R) { return static_cast<long>(Functor{}(L, R)); };         \
    auto Check = [&](const auto &Result, long L, long R, const char *Kinds) {                      \
      EXPECT_TRUE(isExpression<decltype(Result)>) << #Op << " on " << Kinds;                       \
      if constexpr (isExpression<decltype(Result)>) {                                              \
        EXPECT_EQ(static_cast<long>(Result(F.P)), Expect(L, R)) << #Op << " on " << Kinds;         \
      }                                                                                            \
    };                                                                                             \
    Check(F.A Op F.B, 7, 3, "parameter, parameter");                                               \
    Check(F.A Op ExprB, 7, 3, "parameter, expression");                                            \
    Check(ExprA Op F.B, 7, 3, "expression, parameter");                                            \
    Check(ExprA Op ExprB, 7, 3, "expression, expression");                                         \
    Check(F.A Op C, 7, 2, "parameter, constant");                                                  \
    Check(C Op F.B, 2, 3, "constant, parameter");                                                  \
    Check(ExprA Op C, 7, 2, "expression, constant");                                               \
    Check(C Op ExprB, 2, 3, "constant, expression");                                               \
  }

TEST(ParameterTest, EveryOperatorOnEveryOperandKindBuildsAnExpression){
    ATF_CHECK_OPERATOR(+, std::plus<>) ATF_CHECK_OPERATOR(-, std::minus<>)
        ATF_CHECK_OPERATOR(*, std::multiplies<>) ATF_CHECK_OPERATOR(/, std::divides<>)
            ATF_CHECK_OPERATOR(%, std::modulus<>) ATF_CHECK_OPERATOR(<, std::less<>)
                ATF_CHECK_OPERATOR(<=, std::less_equal<>) ATF_CHECK_OPERATOR(>, std::greater<>)
                    ATF_CHECK_OPERATOR(>=, std::greater_equal<>)
                        ATF_CHECK_OPERATOR(==, std::equal_to<>)
                            ATF_CHECK_OPERATOR(!=, std::not_equal_to<>)
                                ATF_CHECK_OPERATOR(&&, std::logical_and<>)
                                    ATF_CHECK_OPERATOR(||, std::logical_or<>)}

TEST(ParameterTest, NestedExpressionsStayExpressions) {
  Fixture F;
  F.enter();
  // cppATF's sgemm launch size, and deeper nests of every kind.
  const long M = 64;
  const auto Size = ((1 + ((M - 1) / F.A)) * F.A * F.B) / F.A;
  static_assert(isExpression<decltype(Size)>);
  EXPECT_EQ(Size(F.P), ((1 + ((M - 1) / 7)) * 7 * 3) / 7);
  const auto Logic = !(F.A < F.B) && (-F.A + 10 == F.B || F.B % 2 == 0);
  static_assert(isExpression<decltype(Logic)>);
  EXPECT_TRUE(Logic(F.P));
}

// && and || of expressions evaluate their right side only where C++ does:
// `X != 0 && Y % X == 0` guards its division (a SIGFPE when both sides
// were evaluated), and a right side whose parameter has no value on the
// path is not read.
TEST(ParameterTest, AndAndOrShortCircuit) {
  Fixture F;
  F.AValue = 0;
  F.Values[1] = nullptr; // B has no value: only a read of it would say so
  F.enter();
  EXPECT_FALSE((F.A != 0 && F.B % F.A == 0)(F.P));
  EXPECT_TRUE((F.A == 0 || F.B % F.A == 0)(F.P));
  EXPECT_FALSE(static_cast<bool>(F.A != 0 && F.B == 3));
  EXPECT_TRUE(static_cast<bool>(F.A == 0 || F.B == 3));
  EXPECT_THROW((void)static_cast<bool>(F.A == 0 && F.B == 3), atfc::online::MissingValue);
}

TEST(ParameterTest, ConstraintsSayWhatTheyRead) {
  Fixture F;
  const auto C = atf::divides(64 / F.A) && atf::less_than(F.B * 2) && atf::unequal(5);
  ASSERT_EQ(C.reads.size(), 2u);
  EXPECT_EQ(C.reads[0], F.A.id().get());
  EXPECT_EQ(C.reads[1], F.B.id().get());
}

TEST(ParameterTest, AParameterHasNoValueOffAPath) {
  Fixture F;
  EXPECT_THROW((void)F.A.value(), atf::error);
  EXPECT_THROW((void)static_cast<long>(F.A + 1), atf::error);
}

// A launch size evaluates on a configuration's path, which may lack a
// parameter its expression reads (one of another tuner): an atf::error
// names it, where generation's evaluation of a declared read checks nothing.
TEST(ParameterTest, ACheckedEvaluationNamesAParameterOffThePath) {
  Fixture F;
  F.enter();
  const auto Sum = F.A + F.B;
  EXPECT_EQ(Sum.value(), 10);
  EXPECT_EQ(Sum(F.P), 10);
  auto Other = atf::tp("OTHER", atf::interval<long>(1, 9));
  try {
    (void)(F.A + Other).value();
    ADD_FAILURE() << "no error";
  } catch (const atf::error &E) {
    EXPECT_NE(std::string(E.what()).find("OTHER"), std::string::npos) << E.what();
    EXPECT_NE(std::string(E.what()).find("not among"), std::string::npos) << E.what();
  }
}

// A scope gives its parameters values and takes them back: a nested one
// (a tuner's generation inside another's cost function) sees its own
// values and hides the outer ones of the parameters they share; once both
// end the parameters have no value again.
TEST(ParameterTest, NestedScopesRestoreTheValuesTheyHide) {
  Fixture F;
  F.enter();
  long Inner = 40;
  const void *InnerValues[1] = {&Inner};
  atfc::online::SlotId InnerSlots[1] = {F.B.id()->slot};
  const atfc::online::Path InnerTuner{InnerSlots, 1};
  {
    atfc::online::PathScope Nested(&InnerTuner, InnerValues);
    EXPECT_EQ((F.A + F.B).value(), 47);
  }
  EXPECT_EQ((F.A + F.B).value(), 10);
  F.Scope.reset();
  EXPECT_THROW((void)F.B.value(), atf::error);
}

// A read of an entry that a recording hid (atfc::online::HiddenEntries) is
// listed in every scope that hid it, once: a level's recording whose key
// must grow learns of it even where an earlier recording below the same
// outer one read the same entry, and a callable that reads it at every
// candidate lists it once, not once per read. The read spoils the
// recordings of the scopes that hid the entry, so the entry is back in
// the table from then on, unless an inner scope still hides it.
TEST(ParameterTest, HiddenReadsAreListedOnceInEveryScopeThatHidThem) {
  using atfc::online::HiddenEntries;
  using Slots = std::vector<atfc::online::SlotId>;
  auto Has = [](const Slots &List, atfc::online::SlotId S) {
    return std::count(List.begin(), List.end(), S) == 1;
  };
  Fixture F;
  F.enter();
  const void **Table = atfc::online::threadValues();
  const atfc::online::SlotId A = F.A.id()->slot, B = F.B.id()->slot;
  const Slots HideA{A}, HideB{B}, HideBoth{A, B};
  const void *OuterSaved[1], *FirstSaved[1], *SecondSaved[2], *ThirdSaved[1];
  HiddenEntries Outer(Table, HideA, OuterSaved);
  {
    HiddenEntries First(Table, HideB, FirstSaved);
    EXPECT_FALSE(First.read());
    EXPECT_EQ(Table[A], nullptr);
    EXPECT_EQ(F.A.value(), 7);
    EXPECT_EQ(Table[A], &F.AValue);
    EXPECT_EQ(F.A + 1, 8);
    EXPECT_TRUE(First.read());
    EXPECT_EQ(First.reads(), Slots{A});
  }
  EXPECT_TRUE(Has(Outer.reads(), A));
  {
    // Hides A again: reads of it are this scope's to hear of.
    HiddenEntries Second(Table, HideBoth, SecondSaved);
    EXPECT_FALSE(Second.read());
    {
      // And an inner scope that hides it too: the read is listed where
      // both see it, and A stays hidden from both.
      HiddenEntries Third(Table, HideA, ThirdSaved);
      EXPECT_EQ(F.A * F.B, 21);
      EXPECT_EQ(Table[A], nullptr);
      EXPECT_TRUE(Has(Third.reads(), A));
      EXPECT_TRUE(Has(Second.reads(), B));
    }
    EXPECT_EQ(Table[A], nullptr);
    EXPECT_TRUE(Has(Second.reads(), A));
    EXPECT_EQ(F.A.value(), 7);
    EXPECT_EQ(Table[A], &F.AValue);
  }
  EXPECT_EQ(Table[A], &F.AValue);
  EXPECT_TRUE(Outer.read());
}

// A copy of a parameter is the same parameter (one slot); a parameter made
// after another died may take its slot, and reads none of its values.
TEST(ParameterTest, CopiesShareASlotAndSlotsAreReused) {
  atfc::online::SlotId Freed;
  {
    auto X = atf::tp("X", atf::interval<int>(1, 4));
    auto Copy = X;
    EXPECT_EQ(Copy.id()->slot, X.id()->slot);
    Freed = X.id()->slot;
  }
  auto Y = atf::tp("Y", atf::interval<int>(1, 4));
  EXPECT_EQ(Y.id()->slot, Freed);
  EXPECT_EQ(atfc::online::slotName(Freed), "Y");
  EXPECT_THROW((void)Y.value(), atf::error);
}

} // namespace
