//===- Frontend/ConstraintLoweringTest.cpp - Lowering constraints -*- C++ -*-===//
//
// Unit tests of constraint lowering: each alias (with and without atf::),
// each bare comparison and its mirror, the remainder forms, and what stays
// a predicate (||, !, lambdas, a candidate that is not alone), with the
// operand's exact text, position and names; and the papers' spaces.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestSupport.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace atfc;
using namespace atfc::test;

namespace {

/// The conjuncts of Name's constraint as "alias(E)", or for predicates as
/// "predicate:condition(...)", "predicate:callable(...)" or
/// "predicate:object(...)".
Lines conjuncts(const Analysis &A, llvm::StringRef Name) {
  Lines Out;
  for (const ConstraintConjunct &C : parameter(A, Name).Conjuncts) {
    std::string Shape(conjunctShapeName(C.Shape));
    if (C.Shape == ConjunctShape::Predicate)
      Shape += C.Form == PredicateForm::Condition  ? ":condition"
               : C.Form == PredicateForm::Callable ? ":callable"
                                                   : ":object";
    Out.push_back(Shape + "(" + C.Expr.Text + ")");
  }
  return Out;
}

/// The conjuncts of the single parameter X of a file with inputs N (int)
/// and parameter W declared before X.
Lines lowered(llvm::StringRef Constraint) {
  Analysis A = clean("#atf::var<int> N = 64\n"
                     "#atf::tp name W range interval<int>(1, N)\n"
                     "#atf::tp name X range interval<int>(1, N) constraint " +
                     Constraint.str() + "\n");
  return conjuncts(A, "X");
}

} // namespace

TEST(ConstraintLoweringTest, Aliases) {
  EXPECT_EQ(lowered("divides(N / W) && atf::multiple_of(2) && less_than(N) && "
                    "atf::less_than_or_eq( N - 1 ) && greater_than(0) && greater_than_or_eq(W) "
                    "&& unequal(3) && atf::equal((N))"),
            (Lines{"divides(N / W)", "multiple_of(2)", "less_than(N)", "less_than_or_eq(N - 1)",
                   "greater_than(0)", "greater_than_or_eq(W)", "unequal(3)", "equal((N))"}));
}

TEST(ConstraintLoweringTest, BareComparisons) {
  EXPECT_EQ(lowered("X <= N / W && X < N && X >= 2 && X > W && X == 4 && X != W"),
            (Lines{"less_than_or_eq(N / W)", "less_than(N)", "greater_than_or_eq(2)",
                   "greater_than(W)", "equal(4)", "unequal(W)"}));
}

TEST(ConstraintLoweringTest, MirroredComparisons) {
  EXPECT_EQ(lowered("N / W >= X && N > X && 2 <= X && W < X && 4 == X && W != X"),
            (Lines{"less_than_or_eq(N / W)", "less_than(N)", "greater_than_or_eq(2)",
                   "greater_than(W)", "equal(4)", "unequal(W)"}));
}

TEST(ConstraintLoweringTest, Remainders) {
  EXPECT_EQ(lowered("N % X == 0 && X % 4 == 0 && 0 == (N * 2) % X && (X % W) == 0"),
            (Lines{"divides(N)", "multiple_of(4)", "divides((N * 2))", "multiple_of(W)"}));
}

TEST(ConstraintLoweringTest, Predicates) {
  EXPECT_EQ(lowered("(X <= X * 2) && X % 2 == 1 && N % (X * 2) == 0 && X * 2 <= N"),
            (Lines{"predicate:condition(X <= X * 2)", "predicate:condition(X % 2 == 1)",
                   "predicate:condition(N % (X * 2) == 0)", "predicate:condition(X * 2 <= N)"}));
  EXPECT_EQ(lowered("(X == 1 || X == N) && !(X == 3) && std::max(X, W) < N"),
            (Lines{"predicate:condition(X == 1 || X == N)", "predicate:condition(!(X == 3))",
                   "predicate:condition(std::max(X, W) < N)"}));
  EXPECT_EQ(lowered("!divides(N) && (divides(N) || equal(1)) && [](auto v) { return v > 1; } && "
                    "less_than(N)"),
            (Lines{"predicate:object(!divides(N))", "predicate:object(divides(N) || equal(1))",
                   "predicate:callable([&](auto v) { return v > 1; })", "less_than(N)"}));
  // `a && b || c` is `(a && b) || c`: one predicate.
  EXPECT_EQ(lowered("X <= N && X > 1 || X == W"),
            (Lines{"predicate:condition(X <= N && X > 1 || X == W)"}));
  EXPECT_EQ(lowered("[&](int v) { return v < N; }"),
            (Lines{"predicate:callable([&](int v) { return v < N; })"}));
}

TEST(ConstraintLoweringTest, StringsAndBools) {
  Analysis A = clean("#atf::tp name OPT range {\"-O1\", \"-O2\", \"-O3\"} "
                     "constraint OPT != \"-O3\" && \"-O1\" != OPT\n"
                     "#atf::tp name PAD range {true, false} constraint PAD == true\n");
  EXPECT_EQ(conjuncts(A, "OPT"), (Lines{"unequal(\"-O3\")", "unequal(\"-O1\")"}));
  EXPECT_EQ(conjuncts(A, "PAD"), (Lines{"equal(true)"}));
}

TEST(ConstraintLoweringTest, OperandPositionsAndNames) {
  Analysis A = clean("#atf::var<size_t>::N $1\n"
                     "#atf::tp name W range interval<size_t>(1, N)\n"
                     "#atf::tp name X range interval<size_t>(1, N) \\\n"
                     "    constraint divides(N / W) && \\\n"
                     "      X <= N &&\\\n"
                     "      (X % 2 == 0 || W == 1)\n");
  const std::vector<ConstraintConjunct> &C = parameter(A, "X").Conjuncts;
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0].Expr.Text, "N / W");
  EXPECT_EQ(C[0].Expr.Begin, (SourcePosition{4, 24}));
  EXPECT_EQ(C[0].Expr.End, (SourcePosition{4, 29}));
  EXPECT_EQ(C[0].Expr.Positions.size(), 5u);
  EXPECT_EQ(C[0].Names.Inputs, std::vector<std::size_t>{0});
  EXPECT_EQ(C[0].Names.Parameters, std::vector<std::size_t>{0});
  EXPECT_EQ(C[1].Expr.Text, "N");
  EXPECT_EQ(C[1].Expr.Begin, (SourcePosition{5, 12}));
  EXPECT_EQ(C[1].Names.Parameters, std::vector<std::size_t>{});
  EXPECT_EQ(C[2].Shape, ConjunctShape::Predicate);
  EXPECT_EQ(C[2].Expr.Text, "X % 2 == 0 || W == 1");
  EXPECT_EQ(C[2].Expr.Begin, (SourcePosition{6, 8}));
  EXPECT_EQ(C[2].Names.Parameters, (std::vector<std::size_t>{0, 1}));
}

TEST(ConstraintLoweringTest, Unconstrained) {
  Analysis A = clean("#atf::tp name X range {1, 2}\n");
  EXPECT_TRUE(parameter(A, "X").Conjuncts.empty());
}

TEST(ConstraintLoweringTest, SgemmConstraints) {
  Analysis A = clean(readInput("sgemm_atf.atf"), "sgemm_atf.atf");
  EXPECT_EQ(conjuncts(A, "MWG"), Lines{"divides(M)"});
  EXPECT_EQ(conjuncts(A, "NDIMC"), (Lines{"divides(NWG)", "less_than_or_eq(MAX_WI_1)",
                                          "predicate:condition(MDIMC * NDIMC <= MAX_WG)"}));
  EXPECT_EQ(conjuncts(A, "MDIMA"),
            (Lines{"divides(MWG)", "divides(MDIMC * NDIMC)",
                   "predicate:condition(KWG % ((MDIMC * NDIMC) / MDIMA) == 0)"}));
  EXPECT_EQ(conjuncts(A, "VWM"), (Lines{"divides(MWG / MDIMC)", "divides(MWG / MDIMA)"}));
  EXPECT_EQ(conjuncts(A, "SB"),
            (Lines{"predicate:condition((SA * KWG * MWG / VWM + SB * KWG * NWG / VWN) * 4 <= "
                   "LMEM)"}));
}

TEST(ConstraintLoweringTest, MdhPrlConstraints) {
  Analysis A = clean(readInput("mdh_prl.atf"), "mdh_prl.atf");
  EXPECT_EQ(conjuncts(A, "P_CB_RES_DEST_LEVEL"), Lines{"less_than_or_eq(L_CB_RES_DEST_LEVEL)"});
  EXPECT_EQ(conjuncts(A, "OCL_DIM_R_1"), Lines{"unequal(OCL_DIM_L_1)"});
  EXPECT_EQ(conjuncts(A, "NUM_WG_R_1"),
            (Lines{"divides(N_R / L_CB_SIZE_R_1)",
                   "predicate:condition(NUM_WG_R_1 == 1 || NUM_WG_R_1 % L_CB_SIZE_R_1 == 0)"}));
  const std::vector<ConstraintConjunct> &C = parameter(A, "NUM_WI_L_1").Conjuncts;
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[1].Shape, ConjunctShape::LessThanOrEq);
  EXPECT_EQ(C[1].Expr.Text, "(N_L + NUM_WG_L_1 - 1) / NUM_WG_L_1");
  EXPECT_EQ(C[1].Expr.Begin, (SourcePosition{24, 74}));
}
