//===- test/unit/Backends/CostFileTest.cpp - Reading a run's cost file ----===//
#include "Backends/CostFile.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace atfc;

namespace {

std::vector<double> costsOf(std::string_view Text, std::string &Problem) {
  std::vector<double> Costs;
  if (!parseCosts(Text, Costs, Problem))
    Costs.clear();
  return Costs;
}

} // namespace

TEST(CostFileTest, ParsesCommaSeparatedNumbers) {
  std::string Problem;
  EXPECT_EQ(costsOf("5", Problem), std::vector<double>{5});
  EXPECT_EQ(costsOf(" 1.5 , 2e-3\n", Problem), (std::vector<double>{1.5, 2e-3}));
  EXPECT_EQ(costsOf("-0.25,\t7\r\n", Problem), (std::vector<double>{-0.25, 7}));
}

TEST(CostFileTest, RefusesAnythingAfterTheNumbers) {
  std::string Problem;
  // "5" followed by 2 MB of blanks and "garbage" was once accepted as 5.
  EXPECT_TRUE(costsOf("5" + std::string(2 << 20, ' ') + "garbage", Problem).empty());
  EXPECT_NE(Problem.find("not comma-separated numbers"), std::string::npos) << Problem;
  EXPECT_LT(Problem.size(), 200u) << "the message quotes a bounded prefix";
  for (const char *Bad :
       {"5 garbage", "1,,2", "1,", "0x10", "1e999", "nan", "inf", "-inf", "5\x1b[2J"})
    EXPECT_TRUE(costsOf(Bad, Problem).empty()) << Bad;
  EXPECT_TRUE(costsOf(" \n\t", Problem).empty());
  EXPECT_EQ(Problem, "is empty");
}

// Hunt: "1e400" was "not comma-separated numbers"; it is a number, out of
// a double's range, and "inf" one that is not finite: each is said so.
TEST(CostFileTest, SaysWhichNumberIsOutOfRangeOrNotFinite) {
  std::string Problem;
  EXPECT_TRUE(costsOf("1, 1e400", Problem).empty());
  EXPECT_EQ(Problem, "holds \"1, 1e400\": 1e400 is out of the range of a double");
  EXPECT_TRUE(costsOf("inf", Problem).empty());
  EXPECT_EQ(Problem, "holds \"inf\": inf is not a finite number");
  EXPECT_TRUE(costsOf("nan,2", Problem).empty());
  EXPECT_EQ(Problem, "holds \"nan,2\": nan is not a finite number");
}

TEST(CostFileTest, QuotesControlBytesInItsMessage) {
  std::string Problem;
  EXPECT_TRUE(costsOf("1\x1b[31m", Problem).empty());
  EXPECT_EQ(Problem.find('\x1b'), std::string::npos) << Problem;
  EXPECT_NE(Problem.find("\\x1b"), std::string::npos) << Problem;
}

TEST(CostFileTest, ReadsOnlyRegularFilesUpToOneMebibyte) {
  const test::ScopedTempDirectory Scratch("atfc-costfile-read");
  const std::filesystem::path &Dir = Scratch.path();
  std::string Text, Problem;
  EXPECT_FALSE(readCostFile(Dir / "missing", Text, Problem));
  EXPECT_EQ(Problem, "was not written");
  EXPECT_FALSE(readCostFile(Dir / "missing" / "cost", Text, Problem));
  EXPECT_EQ(Problem, "was not written");

  std::ofstream(Dir / "cost") << "3.5\n";
  Text.clear();
  ASSERT_TRUE(readCostFile(Dir / "cost", Text, Problem)) << Problem;
  EXPECT_EQ(Text, "3.5\n");

  // A FIFO once blocked the tuner past its timeout: it is refused at once.
  ASSERT_EQ(mkfifo((Dir / "fifo").c_str(), 0600), 0);
  Text.clear();
  EXPECT_FALSE(readCostFile(Dir / "fifo", Text, Problem));
  EXPECT_EQ(Problem, "is not a regular file");
  EXPECT_FALSE(readCostFile(Dir, Text, Problem));
  EXPECT_EQ(Problem, "is not a regular file");
  EXPECT_FALSE(readCostFile("/dev/zero", Text, Problem));

  std::ofstream(Dir / "big") << std::string((1 << 20) + 1, '1');
  Text.clear();
  EXPECT_FALSE(readCostFile(Dir / "big", Text, Problem));
  EXPECT_EQ(Problem, "is larger than 1 MiB (1048577 bytes)");
  std::ofstream(Dir / "limit") << std::string(1 << 20, '1');
  Text.clear();
  ASSERT_TRUE(readCostFile(Dir / "limit", Text, Problem)) << Problem;
  EXPECT_EQ(Text.size(), std::size_t(1) << 20);
}
