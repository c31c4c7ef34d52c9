//===- TunerEmitterTest.cpp - Writing the tuner program -------------------===//
//
// What the emitted program holds, read from its text: one group per set of
// interdependent parameters in generation order, the inputs as typed
// constants read from the command line, and the directives' positions for
// the runtime's messages. That the programs compile and run is the lit
// tests' (test/atfc/emit, tune).
//
//===----------------------------------------------------------------------===//
#include "Directives/TunerEmitter.h"

#include <gtest/gtest.h>

#include <string>

namespace atfc {
namespace {

EmittedTuner emit(std::string Source) {
  FrontendResult File = runFrontend("file.sh", std::move(Source));
  EXPECT_FALSE(File.hasErrors());
  for (const Diagnostic &D : File.Diagnostics)
    if (D.isError())
      ADD_FAILURE() << diagnosticLine(D, ProgramName);
  return emitTuner(File);
}

std::size_t count(const std::string &Text, const std::string &Word) {
  std::size_t N = 0;
  for (std::size_t At = Text.find(Word); At != std::string::npos; At = Text.find(Word, At + 1))
    ++N;
  return N;
}

TEST(TunerEmitterTest, OneGroupPerSetOfInterdependentParameters) {
  const EmittedTuner T =
      emit("#atf::tp name \"X\" range interval<int>(1, 8)\n"
           "#atf::tp name \"Y\" range interval<int>(1, 4)\n"
           "#atf::tp name \"Z\" range interval<int>(1, 8) constraint divides(X)\n"
           "#atf::run_script \"true\"\n");
  ASSERT_TRUE(T.Errors.empty());
  EXPECT_EQ(count(T.Source, "= group("), 2u) << T.Source;
  // X and Z share a group, X first; Y is alone.
  const std::size_t X = T.Source.find("\"X\", (evaluatingExpression(");
  const std::size_t Y = T.Source.find("\"Y\", (evaluatingExpression(");
  const std::size_t Z = T.Source.find("\"Z\", (evaluatingExpression(");
  ASSERT_NE(X, std::string::npos);
  ASSERT_NE(Y, std::string::npos);
  ASSERT_NE(Z, std::string::npos);
  EXPECT_LT(X, Z);
  const std::size_t SecondGroup = T.Source.find("= group(", T.Source.find("= group(") + 1);
  EXPECT_EQ(X < SecondGroup, Z < SecondGroup) << "X and Z are in different groups";
  EXPECT_NE(X < SecondGroup, Y < SecondGroup) << "Y shares a group with X";
  EXPECT_NE(T.Source.find("generateSpace("), std::string::npos);
}

TEST(TunerEmitterTest, InputsAreTypedConstantsFromTheCommandLine) {
  const EmittedTuner T =
      emit("#atf::var<long long>::N $1\n"
           "#atf::var<double>::ALPHA $2\n"
           "#atf::tp name \"X\" range interval<long long>(1, N) constraint less_than(N * ALPHA)\n"
           "#atf::run_script \"true\"\n");
  ASSERT_TRUE(T.Errors.empty());
  EXPECT_NE(T.Source.find("const long long N = atf_tuner_.positional<long long>(1, \"N\")"),
            std::string::npos)
      << T.Source;
  EXPECT_NE(T.Source.find("const double ALPHA = atf_tuner_.positional<double>(2, \"ALPHA\")"),
            std::string::npos)
      << T.Source;
  EXPECT_NE(T.Source.find("interval<long long>(1, N)"), std::string::npos);
}

TEST(TunerEmitterTest, DirectivesKeepTheirPositionsForTheRuntime) {
  const EmittedTuner T = emit("#atf::tp name \"X\" range interval<int>(1, 8)\n"
                              "#atf::run_script \"true\"\n"
                              "#atf::search_technique random\n"
                              "#atf::abort_condition evaluations(5)\n");
  ASSERT_TRUE(T.Errors.empty());
  EXPECT_NE(T.Source.find("Technique = {\"random\", 3, 24}"), std::string::npos) << T.Source;
  EXPECT_NE(T.Source.find("AbortCondition = {\"evaluations(5)\", 4, 23}"), std::string::npos)
      << T.Source;
}

TEST(TunerEmitterTest, TheProgramNamesItsFile) {
  const EmittedTuner T = emit("#atf::tp name \"X\" range interval<int>(1, 8)\n"
                              "#atf::run_script \"true\"\n");
  EXPECT_NE(T.Source.find("TunerMain atf_tuner_(atf_argc_, atf_argv_, \"file.sh\")"),
            std::string::npos)
      << T.Source;
  EXPECT_NE(T.Source.find("#include \"runtime/TunerMain.h\""), std::string::npos);
}

} // namespace
} // namespace atfc
