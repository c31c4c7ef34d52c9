//===- ErrorTest.cpp - The one error type of atfc -------------------------===//
#include "Support/Error.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace atfc {
namespace {

Expected<int> half(int X) {
  if (X % 2)
    return Error("odd number " + std::to_string(X));
  return X / 2;
}

Expected<int> quarter(int X) {
  Expected<int> H = half(X);
  if (!H)
    return H.takeError().context("quarter");
  return half(*H);
}

Expected<void> checkPositive(int X) {
  if (X <= 0)
    return Error(SourceLocation{"f.cl", 3, 7}, "not positive");
  return success();
}

struct Base {
  virtual ~Base() = default;
  virtual int id() const { return 1; }
};
struct Derived : Base {
  int id() const override { return 2; }
};

Expected<std::unique_ptr<Base>> make() { return std::make_unique<Derived>(); }

TEST(ErrorTest, HoldsAValueOrAnError) {
  Expected<int> Even = half(8);
  ASSERT_TRUE(Even.ok());
  EXPECT_EQ(*Even, 4);
  Expected<int> Odd = half(7);
  ASSERT_FALSE(Odd);
  EXPECT_EQ(Odd.error().message(), "odd number 7");
  EXPECT_EQ(Odd.error().diagnostic().Level, Severity::Error);
}

TEST(ErrorTest, PassesErrorsUpWithContext) {
  EXPECT_EQ(*quarter(12), 3);
  Expected<int> Failed = quarter(6);
  ASSERT_FALSE(Failed);
  EXPECT_EQ(Failed.error().message(), "odd number 3");
  Expected<int> Outer = quarter(5);
  ASSERT_FALSE(Outer);
  EXPECT_EQ(Outer.error().message(), "quarter: odd number 5");
}

TEST(ErrorTest, VoidResultsCarryLocations) {
  EXPECT_TRUE(checkPositive(1).ok());
  Expected<void> Bad = checkPositive(0);
  ASSERT_FALSE(Bad);
  EXPECT_EQ(Bad.error().location(), (SourceLocation{"f.cl", 3, 7}));
}

TEST(ErrorTest, NotesAndFixItsTravelWithTheError) {
  Error E = Error(SourceLocation{"f.cl", 1, 2}, "unknown clause 'rnage'")
                .note("clauses: name, range, constraint")
                .withFixIt("range");
  ASSERT_EQ(E.diagnostic().Notes.size(), 1u);
  EXPECT_EQ(E.diagnostic().Notes[0].Level, Severity::Note);
  EXPECT_EQ(E.diagnostic().FixIt, "range");
}

TEST(ErrorTest, ConvertsDerivedValues) {
  Expected<std::unique_ptr<Base>> B = make();
  ASSERT_TRUE(B);
  EXPECT_EQ((*B)->id(), 2);
  std::unique_ptr<Base> Taken = B.take();
  EXPECT_EQ(Taken->id(), 2);
}

TEST(ErrorTest, ADiagnosticBecomesAnError) {
  Diagnostic D;
  D.Level = Severity::Warning;
  D.Message = "m";
  EXPECT_EQ(Error(D).diagnostic().Level, Severity::Error);
}

} // namespace
} // namespace atfc
