//===- SelectionHeaderTest.cpp - Wisdom as a C header ---------------------===//
//
// The header compiles as C99 and as C++ with every warning an error, and
// selects what selectEntry selects: random wisdoms (devices of several
// families, numeric, string and bool inputs, every parameter kind) are
// written as headers, compiled into a driver by the real compiler, and
// asked the same random queries as selectEntry, which must agree on every
// one. The configuration values come back as written. The inputs are named
// like the header's own names (an input `device` renames the device's
// parameter).
//
//===----------------------------------------------------------------------===//
#include "Wisdom/SelectionHeader.h"

#include "../CommandOutput.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

using namespace atfc;

namespace {

const char *const kDevices[] = {"PoCL: cpu-haswell (OpenCL 3.0)",
                                "CUDA: NVIDIA GeForce RTX 3090 (sm_86)",
                                "OpenCL: AMD Radeon Pro W7800 (2.0)", ""};
const char *const kQueryDevices[] = {"cpu-haswell",
                                     "NVIDIA A100",
                                     "gfx1100",
                                     "host",
                                     "Mali-G78",
                                     "",
                                     "NVIDIA GeForce RTX 3090",
                                     "CUDA: NVIDIA GeForce RTX 3090 (sm_86)"};
const char *const kLayouts[] = {"row", "col", "tile \"8\"?/"};

Wisdom randomWisdom(std::mt19937_64 &Random) {
  Wisdom W;
  W.File = "k*/.cl";
  // Input names that a careless header would shadow or clash with.
  W.Inputs = {
      {"k", "size_t", 2}, {"layout", "std::string", 1}, {"best", "int", 3}, {"device", "bool", 4}};
  W.Parameters = {{"I", ValueKind::Int},
                  {"U", ValueKind::UInt},
                  {"D", ValueKind::Double},
                  {"B", ValueKind::Bool},
                  {"S", ValueKind::String}};
  std::uniform_int_distribution<int> Count(1, 12), Pick(0, 1000000);
  const int Entries = Count(Random);
  for (int K = 0; K < Entries; ++K) {
    WisdomEntry E;
    E.Device = kDevices[Pick(Random) % 4];
    E.Arguments = {kLayouts[Pick(Random) % 3], std::to_string(1 << (Pick(Random) % 20)),
                   std::to_string(Pick(Random) % 2000 - 1000), Pick(Random) % 2 ? "true" : "0"};
    E.Values = {Value(std::int64_t(Pick(Random)) - 500000), Value(std::uint64_t(Pick(Random))),
                Value(Pick(Random) / 7.0), Value(Pick(Random) % 2 == 0),
                Value(std::string(kLayouts[Pick(Random) % 3]))};
    E.Costs = {1};
    W.Entries.push_back(std::move(E));
  }
  return W;
}

const char *kDriver = R"(#include "k_select.h"
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  char layout[64], device[64];
  unsigned long long n;
  int m, fast;
  while (scanf("%llu %d %d %63s %63[^\n]", &n, &m, &fast, layout, device) == 5) {
    const char *d = device[0] == '-' ? NULL : device + 1;
    const char *l = layout[0] == 't' ? "tile \"8\"?/" : layout;
    k_config c = k_select((size_t)n, l, m, fast, d);
    printf("%lu %lld %lld %.17g %d %s\n", (unsigned long)k_select_index((size_t)n, l, m, fast, d),
           c.I, c.U, c.D, c.B, c.S);
  }
  return 0;
}
)";

} // namespace

TEST(SelectionHeaderTest, InputTypesForC) {
  EXPECT_EQ(selectionInputType("std::size_t"), "size_t");
  EXPECT_EQ(selectionInputType("std::int64_t"), "int64_t");
  EXPECT_EQ(selectionInputType("bool"), "int");
  EXPECT_EQ(selectionInputType("std::string"), "const char *");
  EXPECT_EQ(selectionInputType("unsigned long"), "unsigned long");
  EXPECT_EQ(selectionInputType("int; system(\"id\")"), std::nullopt);
  EXPECT_EQ(selectionInputType("my_int"), std::nullopt);
}

TEST(SelectionHeaderTest, CompiledHeaderSelectsAsSelectEntry) {
  const std::string Dir = ::testing::TempDir() + "/select-" + std::to_string(getpid());
  std::filesystem::create_directories(Dir);
  std::ofstream(Dir + "/driver.c") << kDriver;
  const std::uint64_t Seed = std::random_device{}();
  std::mt19937_64 Random(Seed);
  for (int Round = 0; Round < 3; ++Round) {
    SCOPED_TRACE("seed " + std::to_string(Seed) + ", round " + std::to_string(Round));
    const Wisdom W = randomWisdom(Random);
    Expected<std::string> Written = selectionHeader(W, "k");
    ASSERT_TRUE(Written.ok()) << Written.error().message();
    const std::string &Header = *Written;
    ASSERT_NE(Header.find("k_config k_select(size_t k, const char *layout, int best, int device, "
                          "const char *atfc_device)"),
              std::string::npos)
        << Header;
    std::ofstream(Dir + "/k_select.h") << Header;
    std::string Queries;
    std::vector<std::pair<std::vector<std::string>, const char *>> Asked;
    std::uniform_int_distribution<int> Pick(0, 1000000);
    for (int Q = 0; Q < 200; ++Q) {
      const std::string N = std::to_string(Pick(Random) % 3000000);
      const std::string M = std::to_string(Pick(Random) % 3000 - 1500);
      const std::string Fast = std::to_string(Pick(Random) % 2);
      const std::string Layout = kLayouts[Pick(Random) % 3];
      const int D = Pick(Random) % 9;
      const char *Device = D == 8 ? nullptr : kQueryDevices[D];
      Queries += N + " " + M + " " + Fast + " " + (Layout[0] == 't' ? "tile" : Layout) + " " +
                 (Device ? std::string("+") + Device : "-") + "\n";
      Asked.push_back({{N, Layout, M, Fast}, Device});
    }
    std::ofstream(Dir + "/queries.txt") << Queries;
    for (const char *Language : {"c -std=c99 -pedantic", "c++ -std=c++17"}) {
      SCOPED_TRACE(Language);
      const std::string Binary = Dir + "/driver";
      const std::string Build = test::commandOutput(std::string(ATF_CXX_COMPILER) + " -x " +
                                                    Language + " -Wall -Wextra -Werror -I" + Dir +
                                                    " " + Dir + "/driver.c -o " + Binary + " 2>&1");
      ASSERT_EQ(Build, "");
      std::istringstream Answers(test::commandOutput(Binary + " < " + Dir + "/queries.txt"));
      for (const auto &[Inputs, Device] : Asked) {
        const std::size_t Expected = *selectEntry(W, Inputs, Device);
        std::size_t Index = 0;
        long long I = 0, U = 0;
        double Dbl = 0;
        int B = 0;
        std::string S;
        Answers >> Index >> I >> U >> Dbl >> B;
        std::getline(Answers >> std::ws, S);
        ASSERT_EQ(Index, Expected)
            << "N=" << Inputs[0] << " layout=" << Inputs[1] << " M=" << Inputs[2]
            << " fast=" << Inputs[3] << " device=" << (Device ? Device : "NULL");
        const WisdomEntry &E = W.Entries[Expected];
        EXPECT_EQ(I, std::get<std::int64_t>(E.Values[0]));
        EXPECT_EQ(static_cast<std::uint64_t>(U), std::get<std::uint64_t>(E.Values[1]));
        EXPECT_EQ(Dbl, std::get<double>(E.Values[2]));
        EXPECT_EQ(B, std::get<bool>(E.Values[3]) ? 1 : 0);
        EXPECT_EQ(S, std::get<std::string>(E.Values[4]));
      }
    }
  }
  std::filesystem::remove_all(Dir);
}

TEST(SelectionHeaderTest, RefusesNamesAndTypesThatWouldWriteCode) {
  Wisdom W;
  W.File = "k.cl";
  W.Inputs = {{"N", "size_t", 1}};
  W.Parameters = {{"WPT", ValueKind::Int}};
  W.Entries.push_back({"", {"1"}, {Value(std::int64_t(1))}, {1.0}, "", 1});
  ASSERT_TRUE(selectionHeader(W, "k").ok());
  auto Refusal = [&](const Wisdom &Bad, const std::string &Stem = "k") {
    Expected<std::string> H = selectionHeader(Bad, Stem);
    return H ? std::string("written") : H.error().message();
  };
  Wisdom Bad = W;
  Bad.Parameters[0].Name = "x; } k_config; int system(const char *); struct {";
  EXPECT_NE(Refusal(Bad).find("the tuning parameter name 'x; }"), std::string::npos);
  Bad = W;
  Bad.Parameters[0].Name = "__LINE__";
  EXPECT_NE(Refusal(Bad).find("'__LINE__' cannot be written"), std::string::npos);
  Bad = W;
  Bad.Inputs[0].Name = "errno";
  EXPECT_NE(Refusal(Bad).find("input name 'errno'"), std::string::npos);
  Bad = W;
  Bad.Inputs[0].Name = "k_wisdom";
  EXPECT_NE(Refusal(Bad).find("'k_' are the generated file's own"), std::string::npos);
  Bad = W;
  Bad.Inputs[0].Type = "int; int system(const char *)";
  EXPECT_NE(Refusal(Bad).find("has the type 'int; int system"), std::string::npos);
  Bad = W;
  Bad.Parameters.push_back({"WPT", ValueKind::Double});
  EXPECT_NE(Refusal(Bad).find("'WPT' appears twice"), std::string::npos);
  EXPECT_NE(Refusal(W, "_K").find("prefix '_K'"), std::string::npos);
}
