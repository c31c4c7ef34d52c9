//===- TunerEmitterTest.cpp - Writing the tuner program -------------------===//
//
// What the emitted program holds, read from its text: one group per set of
// interdependent parameters in generation order, the inputs as typed
// constants read from the command line, and the directives' positions for
// the runtime's messages, device limits read from the run. That the
// programs run is the lit tests' (test/atfc/emit, tune, language).
//
//===----------------------------------------------------------------------===//
#include "CodeGen/TunerEmitter.h"
#include "Driver/TunerBuild.h"

#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <string>

namespace atfc {
namespace {

EmittedTuner emit(std::string Source, llvm::StringRef FileName = "file.sh") {
  FrontendResult File = runFrontend(FileName, std::move(Source));
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
  // Each with the line and column of its `$K`, where a bad argument is
  // reported.
  EXPECT_NE(T.Source.find("const long long N = atf_tuner_.positional<long long>(1, \"N\", 1, 25)"),
            std::string::npos)
      << T.Source;
  EXPECT_NE(
      T.Source.find("const double ALPHA = atf_tuner_.positional<double>(2, \"ALPHA\", 2, 26)"),
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

TEST(TunerEmitterTest, AConjunctThatIsAMacroCallIsCopiedWhole) {
  // glibc's __glibc_likely(cond) is __builtin_expect((cond), 1): the
  // conjunct ends with the invocation's `)`, not with the macro's name.
  const EmittedTuner T =
      emit("#atf::tp name X range interval<int>(1, 8) constraint __glibc_likely(X <= 4) && X > 1\n"
           "#atf::run_script \"true\"\n");
  ASSERT_TRUE(T.Errors.empty());
  EXPECT_NE(T.Source.find("static_cast<bool>(__glibc_likely(X <= 4))"), std::string::npos)
      << T.Source;
}

/// A file that names device limits in every way the analysis accepts: in
/// ranges (a bound, a generator lambda), in constraints (a relation's
/// operand, a condition, lambdas, under a using-directive, a plain macro's
/// argument) and in a launch size.
const char *const LimitsFile =
    "#atf::var<size_t> N = 1 << 20\n"
    "#atf::tp name LS range interval<size_t>(1, atf::ocl::max_wg_size) "
    "constraint divides(N) && LS <= ocl::max_wi_size_0 && LS <= opencl :: local_mem_size && "
    "[](auto X) { using namespace atf::ocl; return X <= max_wi_size_1; }(LS) && "
    "[N](auto X) { return N / X <= N * ::atf::ocl::max_wi_size_2; } && "
    "__glibc_likely(LS <= atf::ocl::max_wg_size)\n"
    "#atf::tp name G range interval<int>(0, 3, 1, "
    "[](int I) { return I * atf::ocl::max_wi_size_1; })\n"
    "#atf::ocl::kernel_name k\n"
    "#atf::ocl::global_size N / atf::ocl::max_wg_size * LS\n"
    "#atf::ocl::local_size LS\n"
    "__kernel void k() {}\n";

TEST(TunerEmitterTest, DeviceLimitsAreReadFromTheRun) {
  const EmittedTuner T = emit(LimitsFile, "file.cl");
  ASSERT_TRUE(T.Errors.empty());
  // The run hands its limits to the space's and the launch sizes' functions.
  EXPECT_NE(T.Source.find("atf_tuner_.run([&](const GenerationOptions &atf_options_, "
                          "[[maybe_unused]] const DeviceLimits &atf_limits_)"),
            std::string::npos)
      << T.Source;
  EXPECT_NE(T.Source.find("std::span<const Value> atf_values_, [[maybe_unused]] const "
                          "DeviceLimits &atf_limits_) -> LaunchDimensions"),
            std::string::npos)
      << T.Source;
  // Every spelling is a member read; only the user's using-directive still
  // names a limits namespace.
  for (const char *Read :
       {"interval<size_t>(1, atf_limits_.MaxWorkGroupSize)",
        "less_than_or_eq((atf_limits_.MaxWorkItemSizes[0]))",
        "less_than_or_eq((atf_limits_.LocalMemorySize))",
        "using namespace atf::ocl; return X <= atf_limits_.MaxWorkItemSizes[1];",
        "N * atf_limits_.MaxWorkItemSizes[2]", "__glibc_likely(LS <= atf_limits_.MaxWorkGroupSize)",
        "static_cast<std::uint64_t>(N / atf_limits_.MaxWorkGroupSize * LS)"})
    EXPECT_NE(T.Source.find(Read), std::string::npos) << Read << "\n" << T.Source;
  // The names stay only in the list of limits the file names, which
  // `atfc space --device-limit` may give instead of the device, and in the
  // constraints' text as written, which messages quote.
  std::string Code;
  for (std::size_t At = 0; At < T.Source.size();) {
    const std::size_t End = std::min(T.Source.find('\n', At), T.Source.size());
    const std::string Line = T.Source.substr(At, End - At);
    if (Line.find("atf_setup_.NamedDeviceLimits.push_back(") == std::string::npos &&
        Line.find("atf_setup_.Constraints = ") == std::string::npos)
      Code += Line + '\n';
    At = End + 1;
  }
  EXPECT_EQ(count(Code, "max_w"), 0u) << T.Source;
  EXPECT_EQ(count(Code, "local_mem_size"), 0u) << T.Source;
  for (const char *Name :
       {"local_mem_size", "max_wg_size", "max_wi_size_0", "max_wi_size_1", "max_wi_size_2"})
    EXPECT_EQ(
        count(T.Source, "atf_setup_.NamedDeviceLimits.push_back(\"" + std::string(Name) + "\");"),
        1u)
        << Name << "\n"
        << T.Source;
  // Lambdas without a capture default capture the limits (a constraint's
  // `[]` is `[&]` already: ClauseParser's captureByReference).
  EXPECT_NE(T.Source.find("[&atf_limits_](int I) { return I * atf_limits_.MaxWorkItemSizes[1]; }"),
            std::string::npos)
      << T.Source;
  EXPECT_NE(T.Source.find("[&](auto X) { using namespace atf::ocl;"), std::string::npos)
      << T.Source;
  EXPECT_NE(T.Source.find("[N, &atf_limits_](auto X) { return N / X"), std::string::npos)
      << T.Source;
}

TEST(TunerEmitterTest, DeviceLimitReadsCompileAgainstTheRuntime) {
  const EmittedTuner T = emit(LimitsFile, "file.cl");
  ASSERT_TRUE(T.Errors.empty());
  llvm::SmallString<128> Cache;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("atfc-emitter", Cache));
  const TunerBuild Build = buildTuner(T.Source, Cache);
  EXPECT_TRUE(Build.Succeeded) << T.Source << "\n" << Build.Log;
  llvm::sys::fs::remove_directories(Cache);
}

TEST(TunerEmitterTest, WorkGroupMemoryIsAConfigurationsAndCompiles) {
  const EmittedTuner CL = emit("#atf::var<int> N = 1024\n"
                               "#atf::tp name WG range {1, 2, 4}\n"
                               "#atf::ocl::input buffer<half>(N)\n"
                               "#atf::ocl::input local<float>(WG)\n"
                               "#atf::ocl::input atf::local<half>(atf::ocl::max_wg_size / WG)\n"
                               "#atf::ocl::global_size N\n"
                               "#atf::ocl::local_size WG\n"
                               "__kernel void k(__global half *x, __local float *s, "
                               "__local half *t) {}\n",
                               "file.cl");
  ASSERT_TRUE(CL.Errors.empty());
  // The arguments are made once, without their counts; the launch function
  // evaluates the counts for each configuration, device limits read.
  for (const char *Part : {"atf_setup_.Arguments.push_back(KernelArgument::local<float>());",
                           "atf_setup_.Arguments.push_back(KernelArgument::local<half>());",
                           "{(local<float>(WG)).Count, (atf::local<half>(atf_limits_."
                           "MaxWorkGroupSize / WG)).Count}, 0};"})
    EXPECT_NE(CL.Source.find(Part), std::string::npos) << Part << "\n" << CL.Source;
  const EmittedTuner Cuda = emit("#atf::tp name BS range {32, 64}\n"
                                 "#atf::cuda::input scalar<half>(1.5)\n"
                                 "#atf::cuda::grid_dim 4\n"
                                 "#atf::cuda::block_dim BS\n"
                                 "#atf::cuda::shared_memory BS * sizeof(float)\n"
                                 "__global__ void k(__half a) {}\n",
                                 "file.cu");
  ASSERT_TRUE(Cuda.Errors.empty());
  EXPECT_NE(Cuda.Source.find("{}, sharedMemoryBytes(BS * sizeof(float))};"), std::string::npos)
      << Cuda.Source;
  for (const EmittedTuner *T : {&CL, &Cuda}) {
    llvm::SmallString<128> Cache;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("atfc-emitter", Cache));
    const TunerBuild Build = buildTuner(T->Source, Cache);
    EXPECT_TRUE(Build.Succeeded) << T->Source << "\n" << Build.Log;
    llvm::sys::fs::remove_directories(Cache);
  }
}

} // namespace
} // namespace atfc
