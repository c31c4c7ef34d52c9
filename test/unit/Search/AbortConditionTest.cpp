//===- AbortConditionTest.cpp - When a tuning run stops -------------------===//
//
// Each abort condition, its progress and its text; && is a conjunction; the
// speedup condition stops after stagnation over a full window and never
// right after an improvement.
//
//===----------------------------------------------------------------------===//
#include "Search/AbortCondition.h"

#include <gtest/gtest.h>

using namespace atfc;

namespace {

/// Builds a status the way an exploration does, one evaluation at a time.
struct StatusBuilder {
  SearchStatus Status;
  explicit StatusBuilder(double SpaceSize = 1000) { Status.SpaceSize = SpaceSize; }
  StatusBuilder &evaluate(OptionalCost Result, double Seconds = 0) {
    ++Status.Evaluations;
    Status.ElapsedSeconds = Seconds;
    if (Result) {
      ++Status.ValidEvaluations;
      if (betterCost(Result, Status.Best)) {
        Status.Best = Result;
        Status.Improvements.push_back({Status.Evaluations, Seconds, *Result, {}});
      }
    }
    return *this;
  }
  StatusBuilder &repeat(std::size_t N, OptionalCost Result) {
    for (std::size_t I = 0; I < N; ++I)
      evaluate(Result);
    return *this;
  }
};

TEST(AbortConditionTest, EvaluationsAndProgress) {
  const AbortCondition A = AbortCondition::evaluations(10);
  StatusBuilder S;
  S.repeat(4, Cost{1.0});
  EXPECT_FALSE(A.reached(S.Status));
  EXPECT_DOUBLE_EQ(A.progress(S.Status), 0.4);
  S.repeat(6, std::nullopt);
  EXPECT_TRUE(A.reached(S.Status));
  EXPECT_DOUBLE_EQ(A.progress(S.Status), 1.0);
  EXPECT_EQ(A.describe(), "evaluations(10)");
  EXPECT_TRUE(AbortCondition::evaluations(0).reached(SearchStatus{}));
}

TEST(AbortConditionTest, ValidEvaluationsCountOnlyValidOnes) {
  const AbortCondition A = AbortCondition::validEvaluations(3);
  StatusBuilder S;
  S.repeat(10, std::nullopt).repeat(2, Cost{5.0});
  EXPECT_FALSE(A.reached(S.Status));
  EXPECT_NEAR(A.progress(S.Status), 2.0 / 3.0, 1e-12);
  S.evaluate(Cost{5.0});
  EXPECT_TRUE(A.reached(S.Status));
  EXPECT_EQ(A.describe(), "valid_evaluations(3)");
}

TEST(AbortConditionTest, FractionOfTheSpace) {
  const AbortCondition A = AbortCondition::fraction(0.25);
  StatusBuilder S(200);
  S.repeat(49, Cost{1.0});
  EXPECT_FALSE(A.reached(S.Status));
  EXPECT_NEAR(A.progress(S.Status), 49.0 / 50.0, 1e-12);
  S.evaluate(Cost{1.0});
  EXPECT_TRUE(A.reached(S.Status));
  EXPECT_EQ(A.describe(), "fraction(0.25)");
}

TEST(AbortConditionTest, DurationUsesTheRunsClock) {
  const AbortCondition A = AbortCondition::duration(120);
  SearchStatus S;
  S.ElapsedSeconds = 30;
  EXPECT_FALSE(A.reached(S));
  EXPECT_DOUBLE_EQ(A.progress(S), 0.25);
  S.ElapsedSeconds = 120;
  EXPECT_TRUE(A.reached(S));
  EXPECT_EQ(A.describe(), "duration<minutes>(2)");
  EXPECT_EQ(AbortCondition::duration(7200).describe(), "duration<hours>(2)");
  EXPECT_EQ(AbortCondition::duration(1.5).describe(), "duration<seconds>(1.5)");
  EXPECT_EQ(AbortCondition::duration(0.25).describe(), "duration<milliseconds>(250)");
}

TEST(AbortConditionTest, CostIsLexicographicLessOrEqual) {
  auto ReachedWith = [](const AbortCondition &A, Cost Best) {
    SearchStatus S;
    S.Best = std::move(Best);
    return A.reached(S);
  };
  const AbortCondition One = AbortCondition::cost({1.0});
  EXPECT_FALSE(One.reached(SearchStatus{})); // nothing valid yet
  EXPECT_TRUE(ReachedWith(One, {1.0}));
  EXPECT_TRUE(ReachedWith(One, {0.5}));
  EXPECT_FALSE(ReachedWith(One, {1.5}));
  // Only the components both have: time alone decides.
  EXPECT_TRUE(ReachedWith(One, {1.0, 99.0}));
  const AbortCondition Two = AbortCondition::cost({1.0, 2.0});
  EXPECT_TRUE(ReachedWith(Two, {1.0, 2.0}));
  EXPECT_FALSE(ReachedWith(Two, {1.0, 3.0}));
  EXPECT_TRUE(ReachedWith(Two, {0.5, 9.0}));
  EXPECT_FALSE(ReachedWith(Two, {2.0, 0.0}));
  EXPECT_EQ(Two.describe(), "cost(1, 2)");
  SearchStatus S;
  S.Best = Cost{3.0};
  EXPECT_EQ(One.progress(S), 0.0);
  S.Best = Cost{1.0};
  EXPECT_EQ(One.progress(S), 1.0);
}

// The reference implementation's && was a disjunction.
TEST(AbortConditionTest, AndIsAConjunction) {
  const AbortCondition A = AbortCondition::evaluations(10) && AbortCondition::cost({1.0});
  StatusBuilder S;
  S.repeat(10, Cost{2.0});
  EXPECT_FALSE(A.reached(S.Status)) << "evaluations reached, cost not";
  EXPECT_DOUBLE_EQ(A.progress(S.Status), 0.0); // min of 1 and 0
  StatusBuilder T;
  T.evaluate(Cost{0.5});
  EXPECT_FALSE(A.reached(T.Status)) << "cost reached, evaluations not";
  EXPECT_DOUBLE_EQ(A.progress(T.Status), 0.1);
  S.evaluate(Cost{0.5});
  EXPECT_TRUE(A.reached(S.Status));
  EXPECT_EQ(A.describe(), "evaluations(10) && cost(1)");
}

TEST(AbortConditionTest, OrIsADisjunctionAndNotNegates) {
  const AbortCondition A = AbortCondition::evaluations(10) || AbortCondition::cost({1.0});
  StatusBuilder S;
  S.repeat(4, Cost{2.0});
  EXPECT_FALSE(A.reached(S.Status));
  EXPECT_DOUBLE_EQ(A.progress(S.Status), 0.4); // max of 0.4 and 0
  S.evaluate(Cost{1.0});
  EXPECT_TRUE(A.reached(S.Status));
  EXPECT_DOUBLE_EQ(A.progress(S.Status), 1.0);

  const AbortCondition N = !AbortCondition::fraction(0.5);
  StatusBuilder T(10);
  EXPECT_TRUE(N.reached(T.Status));
  EXPECT_DOUBLE_EQ(N.progress(T.Status), 1.0);
  T.repeat(5, Cost{1.0});
  EXPECT_FALSE(N.reached(T.Status));
  EXPECT_DOUBLE_EQ(N.progress(T.Status), 0.0);
  EXPECT_EQ(N.describe(), "!fraction(0.5)");
}

TEST(AbortConditionTest, DescribeParenthesizesOnlyWhereNeeded) {
  const AbortCondition E = AbortCondition::evaluations(1);
  const AbortCondition C = AbortCondition::cost({2.0});
  const AbortCondition D = AbortCondition::duration(3);
  EXPECT_EQ(((E || C) && D).describe(), "(evaluations(1) || cost(2)) && duration<seconds>(3)");
  EXPECT_EQ((E || (C && D)).describe(), "evaluations(1) || cost(2) && duration<seconds>(3)");
  EXPECT_EQ((!(E && C)).describe(), "!(evaluations(1) && cost(2))");
}

TEST(AbortConditionTest, SpeedupStopsAfterAFullWindowOfStagnation) {
  const AbortCondition A = AbortCondition::speedupOverEvaluations(1.5, 10);
  StatusBuilder S;
  S.evaluate(Cost{100.0}); // evaluation 1: the first valid one
  S.repeat(9, Cost{200.0});
  EXPECT_FALSE(A.reached(S.Status)) << "a window has not passed since the first valid one";
  EXPECT_EQ(A.progress(S.Status), 0.0);
  S.evaluate(Cost{200.0}); // evaluation 11: window (1, 11] without improvement
  EXPECT_TRUE(A.reached(S.Status));
  EXPECT_EQ(A.progress(S.Status), 1.0);
  EXPECT_EQ(A.describe(), "speedup(1.5, evaluations(10))");
}

// The reference implementation stopped right after an improvement.
TEST(AbortConditionTest, SpeedupKeepsGoingAfterAnImprovementInsideTheWindow) {
  const AbortCondition A = AbortCondition::speedupOverEvaluations(2, 10);
  StatusBuilder S;
  S.evaluate(Cost{100.0}).repeat(6, Cost{300.0});
  S.evaluate(Cost{50.0}); // evaluation 8: factor 2 exactly
  for (std::uint64_t E = 9; E <= 17; ++E) {
    S.evaluate(Cost{300.0});
    EXPECT_FALSE(A.reached(S.Status)) << "evaluation " << E;
  }
  S.evaluate(Cost{300.0}); // evaluation 18: no improvement in (8, 18]
  EXPECT_TRUE(A.reached(S.Status));
}

TEST(AbortConditionTest, SpeedupStopsWhenTheImprovementIsTooSmall) {
  const AbortCondition A = AbortCondition::speedupOverEvaluations(1.5, 10);
  StatusBuilder S;
  S.evaluate(Cost{100.0}).repeat(3, Cost{300.0});
  S.evaluate(Cost{80.0}); // factor 1.25 < 1.5
  S.repeat(5, Cost{300.0});
  EXPECT_FALSE(A.reached(S.Status)); // evaluation 10
  S.evaluate(Cost{300.0});
  EXPECT_TRUE(A.reached(S.Status)); // evaluation 11: 80 > 100 / 1.5
}

TEST(AbortConditionTest, SpeedupWaitsForTheFirstValidEvaluation) {
  const AbortCondition A = AbortCondition::speedupOverEvaluations(1.1, 5);
  StatusBuilder S;
  S.repeat(20, std::nullopt);
  EXPECT_FALSE(A.reached(S.Status));
  S.evaluate(Cost{7.0}).repeat(4, Cost{9.0});
  EXPECT_FALSE(A.reached(S.Status)); // evaluation 25
  S.evaluate(Cost{9.0});
  EXPECT_TRUE(A.reached(S.Status)); // evaluation 26
}

TEST(AbortConditionTest, SpeedupOverATimeWindow) {
  const AbortCondition A = AbortCondition::speedupOverDuration(2, 60);
  StatusBuilder S;
  S.evaluate(Cost{10.0}, 5.0);
  S.evaluate(Cost{20.0}, 64.0);
  EXPECT_FALSE(A.reached(S.Status)); // 64 - 60 < 5
  S.evaluate(Cost{4.0}, 65.0);       // factor 2.5 within (5, 65]
  S.evaluate(Cost{20.0}, 100.0);
  EXPECT_FALSE(A.reached(S.Status)); // window (40, 100] starts at best 10, now 4
  S.evaluate(Cost{20.0}, 124.0);
  EXPECT_FALSE(A.reached(S.Status)); // window (64, 124] still starts at best 10
  S.evaluate(Cost{20.0}, 125.0);
  EXPECT_TRUE(A.reached(S.Status)); // window (65, 125] starts at best 4
  EXPECT_EQ(A.describe(), "speedup(2, duration<minutes>(1))");
}

TEST(AbortConditionTest, SpeedupOnSeveralObjectives) {
  // s = 1: stop when the best did not improve at all, also in a later
  // component.
  const AbortCondition A = AbortCondition::speedupOverEvaluations(1, 3);
  StatusBuilder S;
  S.evaluate(Cost{1.0, 5.0}).evaluate(Cost{1.0, 4.0}).evaluate(Cost{2.0, 0.0});
  S.evaluate(Cost{2.0, 0.0});
  EXPECT_FALSE(A.reached(S.Status)); // (1, 4] holds the improvement at 2
  S.evaluate(Cost{2.0, 0.0});
  EXPECT_TRUE(A.reached(S.Status));
}

TEST(AbortConditionTest, CopiesShareTheCondition) {
  AbortCondition A = AbortCondition::evaluations(3);
  const AbortCondition B = A;
  A = AbortCondition::evaluations(5);
  EXPECT_EQ(B.describe(), "evaluations(3)");
  EXPECT_EQ(A.describe(), "evaluations(5)");
}

TEST(AbortConditionTest, TheEvaluationBudgetIsWhereTheConditionSurelyHolds) {
  using A = AbortCondition;
  const struct {
    AbortCondition Condition;
    std::optional<std::uint64_t> Budget;
  } Cases[] = {
      {A::evaluations(16), 16},
      {A::evaluations(16) || A::duration(60), 16},
      {A::cost({1.0}) || A::evaluations(40) || A::evaluations(30), 30},
      {A::evaluations(16) && A::evaluations(40), 40},
      {A::evaluations(16) && A::cost({1.0}), std::nullopt},
      {A::validEvaluations(16), std::nullopt},
      {A::duration(60), std::nullopt},
      {!A::evaluations(16), std::nullopt},
  };
  for (const auto &Case : Cases) {
    EXPECT_EQ(Case.Condition.evaluationBudget(), Case.Budget) << Case.Condition.describe();
    if (!Case.Budget)
      continue;
    // Failed evaluations, no time, no cost: it holds at the budget and not
    // one evaluation before.
    StatusBuilder S;
    S.repeat(*Case.Budget - 1, std::nullopt);
    EXPECT_FALSE(Case.Condition.reached(S.Status)) << Case.Condition.describe();
    S.evaluate(std::nullopt);
    EXPECT_TRUE(Case.Condition.reached(S.Status)) << Case.Condition.describe();
  }
}

} // namespace
