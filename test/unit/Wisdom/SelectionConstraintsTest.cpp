//===- SelectionConstraintsTest.cpp - Constraints in C --------------------===//
//
// What C the selection header reads from a constraint and how it writes it
// again, what it refuses (and so lists as not checked), and which
// conjuncts the fits function checks. That the C means what the tuner
// computes is tested by compiling it: test/generator/select_fits.py
// against a brute force in Python, test/atfc/tune/select-fits.test on a
// tuned file.
//
//===----------------------------------------------------------------------===//
#include "Wisdom/SelectionConstraints.h"

#include <gtest/gtest.h>

using namespace atfc;

namespace {

const std::map<std::string, std::string> kTypes = {
    {"N", "size_t"}, {"M", "int"}, {"WG", "unsigned long"}, {"X", "double"}, {"B", "int"}};

std::string inC(const std::string &Text) {
  Expected<CExpression> E = expressionInC(Text, kTypes, "z");
  return E ? E->Text : "error: " + E.error().message();
}

TEST(SelectionConstraints, WritesCFullyParenthesised) {
  EXPECT_EQ(inC("N + WG * 2 < M"), "((N + (WG * 2)) < M)");
  EXPECT_EQ(inC("-N - -M"), "((-N) - (-M))");
  EXPECT_EQ(inC("N > 4 ? WG : 8u"), "((N > 4) ? WG : 8u)");
  EXPECT_EQ(inC("a ? b : c ? d : e").rfind("error", 0), 0u);
  EXPECT_EQ(inC("N > 1 ? M > 1 ? 1 : 2 : 3"), "((N > 1) ? ((M > 1) ? 1 : 2) : 3)");
  EXPECT_EQ(inC("N << 2 | M & 1 ^ B"), "((N << 2) | ((M & 1) ^ B))");
  EXPECT_EQ(inC("((N))"), "N");
  // C++'s alternative tokens and bool literals, as C spells them.
  EXPECT_EQ(inC("N > 4 and not B or true"), "(((N > 4) && (!B)) || 1)");
  EXPECT_EQ(inC("compl M bitand 0x1Fu"), "((~M) & 0x1Fu)");
  EXPECT_EQ(inC("1.5e-3f < X && 10ULL > N && 017 != .5"),
            "(((1.5e-3f < X) && (10ULL > N)) && (017 != .5))");
}

TEST(SelectionConstraints, GuardsIntegerDivisionByZero) {
  EXPECT_EQ(inC("N % (WG * 4) == 0"), "(((WG * 4) == 0 ? N * 0 + (WG * 4) * 0 + "
                                      "atfc_select_zero_(&z) : (N % (WG * 4))) == 0)");
  EXPECT_EQ(inC("N / WG"), "(WG == 0 ? N * 0 + WG * 0 + atfc_select_zero_(&z) : (N / WG))");
  // A floating-point division does not trap.
  EXPECT_EQ(inC("X / N"), "(X / N)");
}

TEST(SelectionConstraints, KnowsWhichExpressionsAreFloatingPoint) {
  auto Floating = [](const std::string &Text) {
    Expected<CExpression> E = expressionInC(Text, kTypes, "z");
    return E && E->Floating;
  };
  EXPECT_TRUE(Floating("X"));
  EXPECT_TRUE(Floating("N * 1.0"));
  EXPECT_TRUE(Floating("N > 1 ? 2 : X"));
  EXPECT_TRUE(Floating("-X"));
  EXPECT_FALSE(Floating("X < N"));
  EXPECT_FALSE(Floating("!X"));
  EXPECT_FALSE(Floating("N / 2 + M"));
  Expected<CExpression> E = expressionInC("N + WG * M", kTypes, "z");
  ASSERT_TRUE(E.ok());
  EXPECT_EQ(E->Names, (std::set<std::string>{"M", "N", "WG"}));
}

TEST(SelectionConstraints, RefusesWhatIsNotTheCItReads) {
  // Each is not checked by the header: no text of it is pasted.
  for (const char *Text : {"atf::ocl::max_wg_size",
                           "std::min(N, 4)",
                           "[&](auto v) { return v > 1; }",
                           "N = 4",
                           "N += 1",
                           "N++",
                           "--M",
                           "N, M",
                           "0b101",
                           "1'000",
                           "0x1p3",
                           "N.size()",
                           "\"s\" == N",
                           "'a' < N",
                           "(N",
                           "N)",
                           "K > 1",
                           "f(N)",
                           "(int)N",
                           "N <=> M",
                           "N << 2.0",
                           "X % 2",
                           "~X",
                           "N ? M",
                           "08",
                           "1uu",
                           "1lL",
                           "99999999999999999999999",
                           "N && ",
                           "",
                           "N->x",
                           "N[1]",
                           "sizeof N",
                           "N /* c */",
                           "N # M",
                           "N\\\nM",
                           "1e",
                           "`"}) {
    SCOPED_TRACE(Text);
    Expected<CExpression> E = expressionInC(Text, kTypes, "z");
    EXPECT_FALSE(E.ok()) << E->Text;
  }
  EXPECT_NE(inC("std::min(N, 4)").find("'::'"), std::string::npos) << inC("std::min(N, 4)");
  EXPECT_NE(inC("K > 1").find("'K', which is no numeric input or tuning parameter"),
            std::string::npos);
}

TEST(SelectionConstraints, BoundsNestingAndLength) {
  EXPECT_FALSE(
      expressionInC(std::string(100000, '(') + "N" + std::string(100000, ')'), kTypes, "z").ok());
  EXPECT_TRUE(expressionInC(std::string(100, '(') + "N" + std::string(100, ')'), kTypes, "z").ok());
  // Each division repeats its divisor: a chain of them would double the
  // text at every step.
  std::string Chain = "N";
  for (int I = 0; I < 40; ++I)
    Chain = "N / (" + Chain + ")";
  Expected<CExpression> E = expressionInC(Chain, kTypes, "z");
  ASSERT_FALSE(E.ok());
  EXPECT_NE(E.error().message().find("longer than"), std::string::npos);
}

Wisdom constrainedWisdom() {
  Wisdom W;
  W.File = "k.cl";
  W.Inputs = {{"N", "size_t", 1}, {"name", "std::string", 2}};
  W.Parameters = {{"WG", ValueKind::UInt},
                  {"EPT", ValueKind::Int},
                  {"S", ValueKind::String},
                  {"F", ValueKind::Double}};
  W.Constraints = std::vector<WisdomConstraint>{
      {"WG", "size_t", {{"divides", "N", false}, {"less_than_or_eq", "ocl::max_wg_size", true}}},
      {"EPT",
       "int",
       {{"condition", "N % (WG * EPT) == 0", false},
        {"callable", "[](int e) { return e; }", false}}},
      {"S", "std::string", {{"condition", "S != \"a\"", false}}},
      {"F", "double", {{"multiple_of", "0.5", false}, {"less_than", "N", false}}},
      {"Gone", "int", {{"less_than", "N", false}}}};
  return W;
}

TEST(SelectionConstraints, ChecksWhatItCanAndListsTheRest) {
  Expected<FitsCode> Fits = fitsFunction(constrainedWisdom(), "k", "size_t N, const char *name, ");
  ASSERT_TRUE(Fits.ok()) << Fits.error().message();
  EXPECT_EQ(Fits->Checked, (std::vector<std::string>{"WG: divides(N)", "EPT: N % (WG * EPT) == 0",
                                                     "F: less_than(N)"}));
  ASSERT_EQ(Fits->Unchecked.size(), 5u);
  EXPECT_EQ(Fits->Unchecked[0],
            "WG: less_than_or_eq(ocl::max_wg_size): names a device limit, which only the tuner "
            "knows");
  EXPECT_EQ(Fits->Unchecked[1].rfind("EPT: [](int e) { return e; }: a lambda", 0), 0u);
  EXPECT_EQ(Fits->Unchecked[2], "S: S != \"a\": 'S' is no numeric tuning parameter of the wisdom");
  EXPECT_EQ(Fits->Unchecked[3], "F: multiple_of(0.5): divisibility of floating-point values");
  EXPECT_EQ(Fits->Unchecked[4].rfind("Gone: ", 0), 0u);
  const std::string &Code = Fits->Code;
  EXPECT_NE(Code.find("static inline int k_fits(size_t N, const char *name, const k_config "
                      "*atfc_config) {\n"),
            std::string::npos)
      << Code;
  // The parameters read, with their declared types; the string input unread.
  EXPECT_NE(Code.find("  (void)atfc_config;\n  int atfc_zero = 0;\n  const size_t WG = "
                      "(size_t)atfc_config->WG;\n"
                      "  const int EPT = (int)atfc_config->EPT;\n"
                      "  const double F = (double)atfc_config->F;\n"
                      "  (void)name;\n"),
            std::string::npos)
      << Code;
  EXPECT_EQ(Code.find("atfc_config->S"), std::string::npos);
  EXPECT_NE(Code.find("#ifndef ATFC_SELECT_HOLDS_DEFINED"), std::string::npos);
  EXPECT_NE(Code.find("if (!(F < N) || atfc_zero) return 0;"), std::string::npos) << Code;
}

TEST(SelectionConstraints, WithoutConstraintsEverythingFits) {
  Wisdom W = constrainedWisdom();
  W.Constraints.reset();
  Expected<FitsCode> Fits = fitsFunction(W, "k", "size_t N, const char *name, ");
  ASSERT_TRUE(Fits.ok());
  EXPECT_TRUE(Fits->Checked.empty());
  EXPECT_EQ(Fits->Code.find("ATFC_SELECT_HOLDS_DEFINED"), std::string::npos);
  EXPECT_NE(Fits->Code.find("  (void)atfc_config;\n  (void)N;\n  (void)name;\n  return 1;\n}"),
            std::string::npos)
      << Fits->Code;
}

TEST(SelectionConstraints, RefusesAParameterNamedAsAnInput) {
  Wisdom W = constrainedWisdom();
  W.Parameters[1].Name = "N";
  (*W.Constraints)[1].Parameter = "N";
  Expected<FitsCode> Fits = fitsFunction(W, "k", "size_t N, const char *name, ");
  ASSERT_FALSE(Fits.ok());
  EXPECT_NE(Fits.error().message().find("'N' has the name of an input"), std::string::npos);
}

} // namespace
