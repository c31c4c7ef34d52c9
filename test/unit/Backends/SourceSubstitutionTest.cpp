//===- SourceSubstitutionTest.cpp - Defines on the directives' lines ------===//
#include "Backends/SourceSubstitution.h"

#include <gtest/gtest.h>

#include <limits>

#include <cstdint>
#include <vector>

using namespace atfc;

namespace {

ParameterValues values() {
  return {{"WPT", Value(std::int64_t(4))}, {"LS", Value(std::uint64_t(64))}};
}

} // namespace

TEST(SourceSubstitution, DefinesGoOnTheDirectivesBlankLines) {
  std::string Blanked = "// kernel\n"
                        "\n"
                        "   \n"
                        "int x = WPT * LS;\n";
  std::vector<unsigned> Lines{2, 3};
  EXPECT_EQ(substituteConfiguration(Blanked, values(), Lines), "// kernel\n"
                                                               "#define WPT 4\n"
                                                               "#define LS 64u\n"
                                                               "int x = WPT * LS;\n");
}

TEST(SourceSubstitution, KeepsAFileWithoutFinalNewlineAndCrlf) {
  std::string Blanked = "\r\nint x = WPT;";
  std::vector<unsigned> Lines{1};
  ParameterValues One{{"WPT", Value(std::int64_t(8))}};
  EXPECT_EQ(substituteConfiguration(Blanked, One, Lines), "#define WPT 8\r\nint x = WPT;");
}

TEST(SourceSubstitution, MisplacedDefinesGoFirstWithALineMarker) {
  std::string Blanked = "int a;\n\nint b;\n";
  // Line 1 is not blank, line 0 means unknown, line 2 is fine.
  std::vector<unsigned> Lines{1, 0, 2};
  ParameterValues Three{
      {"A", Value(std::int64_t(1))}, {"B", Value(std::int64_t(2))}, {"C", Value(std::int64_t(3))}};
  EXPECT_EQ(substituteConfiguration(Blanked, Three, Lines), "#define A 1\n"
                                                            "#define B 2\n"
                                                            "#line 1\n"
                                                            "int a;\n"
                                                            "#define C 3\n"
                                                            "int b;\n");
}

TEST(SourceSubstitution, TwoDefinesForOneLineKeepTheLinesCounted) {
  std::string Blanked = "\nint b;\n";
  std::vector<unsigned> Lines{1, 1, 7};
  ParameterValues Three{
      {"A", Value(std::int64_t(1))}, {"B", Value(std::int64_t(2))}, {"C", Value(std::int64_t(3))}};
  EXPECT_EQ(substituteConfiguration(Blanked, Three, Lines), "#define B 2\n"
                                                            "#define C 3\n"
                                                            "#line 1\n"
                                                            "#define A 1\n"
                                                            "int b;\n");
}

TEST(SourceSubstitution, ValuesAreCPreprocessorText) {
  EXPECT_EQ(preprocessorValue(Value(true)), "1");
  EXPECT_EQ(preprocessorValue(Value(false)), "0");
  EXPECT_EQ(preprocessorValue(Value(0.5)), "0.5");
  EXPECT_EQ(preprocessorValue(Value(std::int64_t(-3))), "-3");
  // A carriage return (which would end the define's line for some
  // compilers) and other control bytes as octal escapes.
  EXPECT_EQ(preprocessorValue(Value(std::string("a \"b\"\\\n\r"))), "\"a \\\"b\\\"\\\\\\n\\015\"");
  EXPECT_EQ(preprocessorValue(Value(std::numeric_limits<double>::infinity())), "(1.0 / 0.0)");
}

TEST(SourceSubstitution, EmptySourceGetsItsDefinesFirst) {
  ParameterValues One{{"N", Value(std::int64_t(1))}};
  std::vector<unsigned> Lines{1};
  EXPECT_EQ(substituteConfiguration("", One, Lines), "#define N 1\n#line 1\n");
}
