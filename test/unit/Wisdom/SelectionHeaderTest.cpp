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
#include "Wisdom/SelectionConstraints.h"

#include "../CommandOutput.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <set>
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

namespace {

/// Literals at the limits of C's integer and floating types, in every form
/// C writes them: those beyond a type, a decimal beyond long long without
/// `u`, and those that round to 0 among them.
std::vector<std::string> literalsAtTheLimits() {
  std::vector<std::string> Literals;
  const std::uint64_t SignedMax = std::numeric_limits<std::int64_t>::max();
  for (std::uint64_t V :
       {SignedMax - 1, SignedMax, SignedMax + 1, ~std::uint64_t(0) - 1, ~std::uint64_t(0)})
    for (const char *Suffix : {"", "u", "ll", "ull", "LLU"}) {
      Literals.push_back(std::to_string(V) + Suffix);
      char Hex[32], Octal[32];
      std::snprintf(Hex, sizeof Hex, "0x%llx%s", static_cast<unsigned long long>(V), Suffix);
      std::snprintf(Octal, sizeof Octal, "0%llo%s", static_cast<unsigned long long>(V), Suffix);
      Literals.push_back(Hex);
      Literals.push_back(Octal);
    }
  // One beyond unsigned long long.
  for (const char *Text : {"18446744073709551616", "18446744073709551616u", "0x10000000000000000"})
    Literals.push_back(Text);
  // Each floating type's largest, a little and far beyond it, its smallest
  // denormal, far below it (rounds to 0), and zeros.
  auto Floating = [&](auto Max, auto Tiny, const char *Suffix) {
    using T = decltype(Max);
    std::ostringstream Out;
    Out.precision(std::numeric_limits<T>::max_digits10);
    for (T V : {Max, Tiny}) {
      Out.str("");
      Out << V;
      Literals.push_back(Out.str() + Suffix);
    }
    // Their leading digit and exponent: 1.9e+308 is beyond 1.797...e+308,
    // 4.9e-324 the denormal again.
    for (T V : {Max, Tiny}) {
      Out.str("");
      Out << V;
      const std::string Text = Out.str();
      Literals.push_back(Text.substr(0, 1) + (V == Max ? ".9" : Text.substr(1, 2)) +
                         Text.substr(Text.find('e')) + Suffix);
    }
    Literals.push_back("1e99999" + std::string(Suffix));
    Literals.push_back("1e-99999" + std::string(Suffix));
    Literals.push_back("0.0" + std::string(Suffix));
    Literals.push_back("0e-99999" + std::string(Suffix));
  };
  Floating(std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(), "f");
  Floating(std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min(), "");
  Floating(std::numeric_limits<long double>::max(), std::numeric_limits<long double>::denorm_min(),
           "L");
  return Literals;
}

/// The lines of Compiler's diagnostics for File.
std::set<unsigned> diagnosedLines(const std::string &Compiler, const std::string &File) {
  std::istringstream Out(test::commandOutput(Compiler + " -fsyntax-only " + File + " 2>&1"));
  std::set<unsigned> Lines;
  const std::string Prefix = File + ":";
  for (std::string Line; std::getline(Out, Line);)
    if (Line.rfind(Prefix, 0) == 0)
      Lines.insert(static_cast<unsigned>(std::atoi(Line.c_str() + Prefix.size())));
  return Lines;
}

} // namespace

// A literal of a constraint is refused exactly when a compiler warns of it
// (C99 and C++, every warning on): otherwise the header compiles with
// -Werror; never a header that does not compile.
TEST(SelectionHeaderTest, LiteralsAtTheTypeLimitsAreHeldOrRefused) {
  const std::string Dir = ::testing::TempDir() + "/literals-" + std::to_string(getpid());
  std::filesystem::create_directories(Dir);
  const std::vector<std::string> Literals = literalsAtTheLimits();
  // The compilers' verdicts: one literal per line.
  std::string Probe = "extern int atfc_probe(int, ...);\nvoid atfc_use(void) {\n";
  for (const std::string &L : Literals)
    Probe += "  atfc_probe(0, " + L + ");\n";
  Probe += "}\n";
  std::ofstream(Dir + "/probe.c") << Probe;
  std::vector<std::string> Compilers = {std::string(ATF_CXX_COMPILER) + " -x c -std=c99 -pedantic",
                                        std::string(ATF_CXX_COMPILER) + " -x c++ -std=c++17"};
  if (std::system("clang --version > /dev/null 2>&1") == 0)
    Compilers.push_back("clang -x c -std=c99 -pedantic");
  std::set<unsigned> Warned;
  for (const std::string &Compiler : Compilers)
    for (unsigned Line : diagnosedLines(Compiler + " -Wall -Wextra", Dir + "/probe.c"))
      Warned.insert(Line);
  // A wisdom whose constraints hold a literal each: one refused alone;
  // every held one in a single header, which compiles.
  auto WisdomOf = [](const std::vector<std::pair<std::string, bool>> &Held) {
    Wisdom W;
    W.File = "k.cl";
    W.Inputs = {{"N", "size_t", 1}};
    W.Parameters = {{"TI", ValueKind::Int}, {"TD", ValueKind::Double}};
    WisdomEntry Entry;
    Entry.Arguments = {"1"};
    Entry.Values.push_back(Value(std::int64_t(1)));
    Entry.Values.push_back(Value(1.0));
    Entry.Costs = {1.0};
    W.Entries.push_back(std::move(Entry));
    W.Constraints = std::vector<WisdomConstraint>{{"TI", "long long", {}}, {"TD", "double", {}}};
    for (const auto &[L, Integer] : Held) {
      WisdomConstraint &C = (*W.Constraints)[Integer ? 0 : 1];
      C.Conjuncts.push_back({"less_than_or_eq", L, false});
      C.Conjuncts.push_back({"condition", C.Parameter + " * 2 < " + L, false});
    }
    return W;
  };
  std::vector<std::pair<std::string, bool>> Held;
  unsigned Refused = 0;
  for (std::size_t I = 0; I < Literals.size(); ++I) {
    const std::string &L = Literals[I];
    SCOPED_TRACE(L);
    const bool CompilerWarns = Warned.count(static_cast<unsigned>(I + 3)) > 0;
    const std::optional<UnholdableLiteral> Bad = unholdableLiteral("N < " + L);
    EXPECT_EQ(Bad.has_value(), CompilerWarns) << (Bad ? Bad->Why : "held");
    const bool Integer = L.find_first_of(".eE") == std::string::npos || L[1] == 'x';
    if (!Bad) {
      Held.push_back({L, Integer});
      continue;
    }
    ++Refused;
    EXPECT_EQ(Bad->Offset, 4u);
    Expected<std::string> Header = selectionHeader(WisdomOf({{L, Integer}}), "k");
    ASSERT_FALSE(Header.ok()) << "a header written with " << L;
    EXPECT_NE(Header.error().message().find("the number '" + L + "'"), std::string::npos)
        << Header.error().message();
  }
  Expected<std::string> Header = selectionHeader(WisdomOf(Held), "k");
  ASSERT_TRUE(Header.ok()) << Header.error().message();
  for (const auto &[L, Integer] : Held)
    EXPECT_NE(Header->find("less_than_or_eq(" + L + ")\n"), std::string::npos)
        << L << " not checked";
  std::ofstream(Dir + "/k_select.h") << *Header;
  std::ofstream(Dir + "/use.c") << "#include \"k_select.h\"\n"
                                   "int main(void) { return (int)k_select(1, 0).TI; }\n";
  for (const std::string &Compiler : Compilers)
    EXPECT_EQ(test::commandOutput(Compiler + " -Wall -Wextra -Werror -fsyntax-only -I" + Dir + " " +
                                  Dir + "/use.c 2>&1"),
              "")
        << Compiler;
  // The generator reaches both sides of every limit.
  EXPECT_GT(Refused, 10u);
  EXPECT_LT(Refused, Literals.size() - 10);
  std::filesystem::remove_all(Dir);
}
