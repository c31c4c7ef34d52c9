//===- TextTableTest.cpp - Aligned columns for a terminal -----------------===//
#include "Support/TextTable.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace atfc;

namespace {

std::string text(const TextTable &T, std::string_view Indent = "") {
  std::ostringstream OS;
  T.write(OS, Indent);
  return OS.str();
}

TEST(TextTable, NumbersRightTextLeftNoTrailingBlanks) {
  const TextTable T{{"#", "cost", "configuration"},
                    {true, true, false},
                    {{"1", "0.5", "X=1"}, {"10", "12.25", "X=10 Y=2"}}};
  EXPECT_EQ(text(T, "  "), "   #   cost  configuration\n"
                           "   1    0.5  X=1\n"
                           "  10  12.25  X=10 Y=2\n");
}

TEST(TextTable, RaggedRowsWithoutHeader) {
  const TextTable T{{}, {}, {{"size", "12"}, {"generated in", "1 ms", "x"}, {}}};
  EXPECT_EQ(text(T), "size          12\n"
                     "generated in  1 ms  x\n"
                     "\n");
}

} // namespace
