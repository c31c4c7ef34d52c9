//===- Directives/ClauseParserTest.cpp - Parsing clauses --------*- C++ -*-===//
//
// Unit tests of the clause parser: each directive kind, how arguments are
// delimited (quotes, clause order, templates against comparisons) and the
// papers' listings. Its errors are ClauseParserErrorTest.cpp's.
//
//===----------------------------------------------------------------------===//
#include "Directives/ClauseParser.h"
#include "ClauseParserTestSupport.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace atfc;
using namespace atfc::test;

//===----------------------------------------------------------------------===//
// Each directive kind
//===----------------------------------------------------------------------===//

TEST(ClauseParserTest, Inputs) {
  TuningSpec Spec = specOf("#atf::var<int> N = 1024\n"
                           "#atf::var::M $1\n"
                           "#atf::var<size_t>::K $3\n"
                           "#atf::var S = \"a b\"\n"
                           "#atf::var<std::array<int, 2>> A = {1, 2}\n");
  ASSERT_EQ(Spec.Inputs.size(), 5u);

  const InputVariable &N = Spec.Inputs[0];
  EXPECT_EQ(N.Name.Name, "N");
  EXPECT_EQ(N.Name.Position, pos(1, 16));
  EXPECT_EQ(N.Kind, InputKind::Constant);
  ASSERT_TRUE(N.Type);
  EXPECT_EQ(N.Type->Text, "int");
  EXPECT_EQ(N.Type->Begin, pos(1, 11));
  EXPECT_EQ(N.Value.Text, "1024");
  EXPECT_EQ(N.Value.Begin, pos(1, 20));
  EXPECT_EQ(N.Value.End, pos(1, 24));
  EXPECT_EQ(N.Directive, pos(1, 1));
  expectMapped(N.Value);

  const InputVariable &M = Spec.Inputs[1];
  EXPECT_EQ(M.Name.Name, "M");
  EXPECT_EQ(M.Name.Position, pos(2, 12));
  EXPECT_EQ(M.Kind, InputKind::Positional);
  EXPECT_FALSE(M.Type);
  EXPECT_EQ(M.ArgumentIndex, 1u);
  EXPECT_EQ(M.ArgumentPosition, pos(2, 14));

  const InputVariable &K = Spec.Inputs[2];
  EXPECT_EQ(K.Name.Name, "K");
  EXPECT_EQ(K.Name.Position, pos(3, 20));
  ASSERT_TRUE(K.Type);
  EXPECT_EQ(K.Type->Text, "size_t");
  EXPECT_EQ(K.ArgumentIndex, 3u);
  EXPECT_EQ(K.ArgumentPosition, pos(3, 22));

  // A var's value is taken as written: here it is a string literal.
  const InputVariable &S = Spec.Inputs[3];
  EXPECT_FALSE(S.Type);
  EXPECT_EQ(S.Value.Text, "\"a b\"");
  EXPECT_EQ(S.Value.Begin, pos(4, 15));

  const InputVariable &A = Spec.Inputs[4];
  ASSERT_TRUE(A.Type);
  EXPECT_EQ(A.Type->Text, "std::array<int, 2>");
  EXPECT_EQ(A.Value.Text, "{1, 2}");
  EXPECT_EQ(A.Name.Position, pos(5, 31));

  EXPECT_EQ(Spec.findInput("K"), &Spec.Inputs[2]);
  EXPECT_EQ(Spec.findInput("WPT"), nullptr);
}

TEST(ClauseParserTest, TuningParameterWithAllClauses) {
  TuningSpec Spec = specOf("#atf::tp name \"WPT\" type \"size_t\" range interval<size_t>(1, N) "
                           "constraint divides(N)\n");
  ASSERT_EQ(Spec.Parameters.size(), 1u);
  const TuningParameter &P = Spec.Parameters[0];
  EXPECT_EQ(P.Name.Name, "WPT");
  EXPECT_EQ(P.Name.Position, pos(1, 16));
  ASSERT_TRUE(P.Type);
  EXPECT_EQ(P.Type->Text, "size_t");
  EXPECT_EQ(P.Type->Begin, pos(1, 27));
  EXPECT_EQ(P.Type->End, pos(1, 33)); // The closing quote.
  EXPECT_EQ(P.Range.Kind, RangeKind::Interval);
  EXPECT_EQ(P.Range.Expr.Text, "interval<size_t>(1, N)");
  EXPECT_EQ(P.Range.Expr.Begin, pos(1, 41));
  EXPECT_EQ(P.Range.Expr.End, pos(1, 63));
  ASSERT_TRUE(P.Range.ElementType);
  EXPECT_EQ(P.Range.ElementType->Text, "size_t");
  EXPECT_EQ(P.Range.ElementType->Begin, pos(1, 50));
  ASSERT_TRUE(P.Constraint);
  EXPECT_EQ(P.Constraint->Text, "divides(N)");
  EXPECT_EQ(P.Constraint->Begin, pos(1, 75));
  EXPECT_EQ(P.Directive, pos(1, 1));
  expectMapped(*P.Type);
  expectMapped(P.Range.Expr);
  expectMapped(*P.Constraint);
  EXPECT_EQ(Spec.findParameter("WPT"), &Spec.Parameters[0]);
}

TEST(ClauseParserTest, RangeKinds) {
  TuningSpec Spec =
      specOf("#atf::tp name A range {1, 2, 4, 8}\n"
             "#atf::tp name B range {\"-O1\", \"-O2\", \"-O3\"}\n"
             "#atf::tp name C range set(true, false)\n"
             "#atf::tp name D range atf::set<float>(0.5f, 1.5f)\n"
             "#atf::tp name E range interval(1, 10)\n"
             "#atf::tp name F range atf::interval<int>(0, 10, 1, pow2)\n"
             "#atf::tp name G range interval<double>(0.0, 1.0, 0.1)\n"
             "#atf::tp name H range interval<int>(1, 4, 1, [](auto i){ return i*i; })\n");
  ASSERT_EQ(Spec.Parameters.size(), 8u);
  const std::vector<TuningParameter> &P = Spec.Parameters;
  EXPECT_EQ(P[0].Range.Kind, RangeKind::Set);
  EXPECT_EQ(P[0].Range.Expr.Text, "{1, 2, 4, 8}");
  EXPECT_FALSE(P[0].Range.ElementType);
  EXPECT_EQ(P[1].Range.Kind, RangeKind::Set);
  EXPECT_EQ(P[1].Range.Expr.Text, "{\"-O1\", \"-O2\", \"-O3\"}");
  EXPECT_EQ(P[2].Range.Kind, RangeKind::Set);
  EXPECT_FALSE(P[2].Range.ElementType);
  EXPECT_EQ(P[3].Range.Kind, RangeKind::Set);
  ASSERT_TRUE(P[3].Range.ElementType);
  EXPECT_EQ(P[3].Range.ElementType->Text, "float");
  EXPECT_EQ(P[3].Range.ElementType->Begin, pos(4, 32));
  EXPECT_EQ(P[4].Range.Kind, RangeKind::Interval);
  EXPECT_FALSE(P[4].Range.ElementType);
  EXPECT_EQ(P[5].Range.Kind, RangeKind::Interval);
  EXPECT_EQ(P[5].Range.Expr.Text, "atf::interval<int>(0, 10, 1, pow2)");
  EXPECT_EQ(P[5].Range.ElementType->Text, "int");
  EXPECT_EQ(P[6].Range.ElementType->Text, "double");
  EXPECT_EQ(P[7].Range.Expr.Text, "interval<int>(1, 4, 1, [](auto i){ return i*i; })");
}

TEST(ClauseParserTest, ClauseOrderDoesNotMatter) {
  const char *Orders[] = {
      "#atf::tp name X type int range interval<int>(1, N) constraint divides(N)\n",
      "#atf::tp range interval<int>(1, N) constraint divides(N) name X type int\n",
      "#atf::tp constraint divides(N) type int name X range interval<int>(1, N)\n",
      "#atf::tp type int range interval<int>(1, N) name X constraint divides(N)\n",
  };
  for (const char *Source : Orders) {
    SCOPED_TRACE(Source);
    TuningSpec Spec = specOf(Source);
    ASSERT_EQ(Spec.Parameters.size(), 1u);
    const TuningParameter &P = Spec.Parameters[0];
    EXPECT_EQ(P.Name.Name, "X");
    ASSERT_TRUE(P.Type);
    EXPECT_EQ(P.Type->Text, "int");
    EXPECT_EQ(P.Range.Expr.Text, "interval<int>(1, N)");
    ASSERT_TRUE(P.Constraint);
    EXPECT_EQ(P.Constraint->Text, "divides(N)");
  }
}

TEST(ClauseParserTest, QuotedAndUnquotedArgumentsAreEqual) {
  TuningSpec Quoted = specOf("#atf::tp name \"LS\" type \"unsigned long\" "
                             "range \"atf::interval<int>(1,N)\" constraint \"divides(N / WPT)\"\n"
                             "#atf::tp name \"OPT\" range \"{\\\"-O1\\\", \\\"-O2\\\"}\"\n"
                             "#atf::search_technique \"round_robin(torczon, pattern_search)\"\n");
  TuningSpec Plain = specOf("#atf::tp name LS type unsigned long "
                            "range atf::interval<int>(1,N) constraint divides(N / WPT)\n"
                            "#atf::tp name OPT range {\"-O1\", \"-O2\"}\n"
                            "#atf::search_technique round_robin(torczon, pattern_search)\n");
  ASSERT_EQ(Quoted.Parameters.size(), 2u);
  ASSERT_EQ(Plain.Parameters.size(), 2u);
  for (std::size_t I = 0; I < 2; ++I) {
    const TuningParameter &Q = Quoted.Parameters[I];
    const TuningParameter &U = Plain.Parameters[I];
    EXPECT_EQ(Q.Name.Name, U.Name.Name);
    EXPECT_EQ(Q.Range.Kind, U.Range.Kind);
    EXPECT_EQ(Q.Range.Expr.Text, U.Range.Expr.Text);
    EXPECT_EQ(Q.Type.has_value(), U.Type.has_value());
    if (Q.Type && U.Type) {
      EXPECT_EQ(Q.Type->Text, U.Type->Text);
    }
    EXPECT_EQ(Q.Constraint.has_value(), U.Constraint.has_value());
    if (Q.Constraint && U.Constraint) {
      EXPECT_EQ(Q.Constraint->Text, U.Constraint->Text);
    }
    expectMapped(Q.Range.Expr);
  }
  ASSERT_TRUE(Quoted.SearchTechnique && Plain.SearchTechnique);
  EXPECT_EQ(Quoted.SearchTechnique->Text, Plain.SearchTechnique->Text);

  // Positions shift past the opening quote: `range "atf::interval...` puts
  // the `a` one column later than the unquoted spelling would.
  const TuningParameter &LS = Quoted.Parameters[0];
  EXPECT_EQ(LS.Name.Position, pos(1, 16));
  EXPECT_EQ(LS.Range.Expr.Begin, pos(1, 48));
  EXPECT_EQ(LS.Range.Expr.positionOf(5), pos(1, 53)); // The `i` of interval.
  // An escape maps to its backslash: `{\"-O1\"...` -> `"` at the `\`.
  const TuningParameter &OPT = Quoted.Parameters[1];
  EXPECT_EQ(OPT.Range.Expr.Text, "{\"-O1\", \"-O2\"}");
  EXPECT_EQ(OPT.Range.Expr.Begin, pos(2, 28));
  EXPECT_EQ(OPT.Range.Expr.positionOf(1), pos(2, 29));
  EXPECT_EQ(OPT.Range.Expr.positionOf(2), pos(2, 31));
}

TEST(ClauseParserTest, TemplateArgumentsDoNotHideTheNextClause) {
  TuningSpec Spec = specOf("#atf::tp name WPT range interval<size_t>(1, N) constraint divides(N)\n"
                           "#atf::tp name T type std::vector<int> range {1}\n");
  ASSERT_EQ(Spec.Parameters.size(), 2u);
  EXPECT_EQ(Spec.Parameters[0].Range.Expr.Text, "interval<size_t>(1, N)");
  EXPECT_EQ(Spec.Parameters[0].Constraint->Text, "divides(N)");
  EXPECT_EQ(Spec.Parameters[0].Constraint->Begin, pos(1, 59));
  EXPECT_EQ(Spec.Parameters[1].Type->Text, "std::vector<int>");
}

TEST(ClauseParserTest, ConstraintWithComparisonsAndNestingStaysWhole) {
  const std::string Constraint =
      "(LS <= N && (N % (LS * WPT) == 0)) || (WPT > 1 && !(LS > 4)) && LS >= [](auto v){ "
      "return v < N && v > 0; }(WPT)";
  TuningSpec Spec = specOf("#atf::tp name LS range interval<int>(1, N) constraint " + Constraint +
                           "\n#atf::tp name PM_SIZE_1 constraint PM_SIZE_1 <= LM_SIZE_1 range "
                           "interval<int>( 1,N_1 )\n");
  ASSERT_EQ(Spec.Parameters.size(), 2u);
  ASSERT_TRUE(Spec.Parameters[0].Constraint);
  // A capture-less lambda captures by reference, so that it may name other
  // parameters (the TACO paper's `[](int ls){ return GS % ls == 0; }`).
  std::string Captured = Constraint;
  Captured.replace(Captured.find("[]"), 2, "[&]");
  EXPECT_EQ(Spec.Parameters[0].Constraint->Text, Captured);
  expectMapped(*Spec.Parameters[0].Constraint);
  EXPECT_EQ(Spec.Parameters[1].Constraint->Text, "PM_SIZE_1 <= LM_SIZE_1");
  EXPECT_EQ(Spec.Parameters[1].Range.Expr.Text, "interval<int>( 1,N_1 )");
}

TEST(ClauseParserTest, KeywordsInsideBracketsLiteralsAndQualifiedNamesAreNotClauses) {
  TuningSpec Spec = specOf("#atf::tp name X range {1, 2} constraint f(X, name) && X != g[range] && "
                           "h{type} && s == \" range \" && X < atf::ocl::type::range\n");
  ASSERT_EQ(Spec.Parameters.size(), 1u);
  EXPECT_EQ(Spec.Parameters[0].Constraint->Text,
            "f(X, name) && X != g[range] && h{type} && s == \" range \" && X < "
            "atf::ocl::type::range");
}

TEST(ClauseParserTest, CxxKeywordsAfterAnOperandStayInTheArgument) {
  TuningSpec Spec =
      specOf("#atf::tp name X range interval<unsigned long long>(1, N) constraint divides(N) "
             "and not multiple_of(3) or [](auto v) mutable { return true; }(X)\n");
  ASSERT_EQ(Spec.Parameters.size(), 1u);
  EXPECT_EQ(Spec.Parameters[0].Range.ElementType->Text, "unsigned long long");
  EXPECT_EQ(Spec.Parameters[0].Constraint->Text,
            "divides(N) and not multiple_of(3) or [](auto v) mutable { return true; }(X)");
}

TEST(ClauseParserTest, SearchDirectives) {
  TuningSpec Spec = specOf("#atf::search_technique round_robin(torczon, pattern_search)\n"
                           "#atf::abort_condition speedup(1.05, evaluations(200)) && "
                           "!fraction(0.5)\n"
                           "#atf::seed 42\n");
  ASSERT_TRUE(Spec.SearchTechnique);
  EXPECT_EQ(Spec.SearchTechnique->Text, "round_robin(torczon, pattern_search)");
  EXPECT_EQ(Spec.SearchTechnique->Begin, pos(1, 24));
  ASSERT_TRUE(Spec.AbortCondition);
  EXPECT_EQ(Spec.AbortCondition->Text, "speedup(1.05, evaluations(200)) && !fraction(0.5)");
  EXPECT_EQ(Spec.AbortCondition->Begin, pos(2, 23));
  ASSERT_TRUE(Spec.Seed);
  EXPECT_EQ(Spec.Seed->Text, "42");
  EXPECT_EQ(Spec.Seed->Begin, pos(3, 12));
}

TEST(ClauseParserTest, SlidesSpellingOfAnAbortConditionAsSearchTechnique) {
  TuningSpec Spec = specOf("#atf::search_technique auc_bandit\n"
                           "#atf::search_technique duration<minutes>( 10 )\n");
  ASSERT_TRUE(Spec.SearchTechnique);
  EXPECT_EQ(Spec.SearchTechnique->Text, "auc_bandit");
  ASSERT_TRUE(Spec.AbortCondition);
  EXPECT_EQ(Spec.AbortCondition->Text, "duration<minutes>( 10 )");
  EXPECT_EQ(Spec.AbortCondition->Begin, pos(2, 24));
}

TEST(ClauseParserTest, GenericMeasurementDirectives) {
  TuningSpec Spec = specOf("#atf::compile_script \"make -s KERNEL=$ATF_SOURCE\"\n"
                           "#atf::run_script     \"./run.sh \\\"a b\\\"\\t\\x41\\101\" \"--more\"\n"
                           "#atf::cost_file      cost.txt\n"
                           "#atf::timeout        duration<seconds>(30)\n"
                           "#atf::warmups 2\n"
                           "#atf::repetitions 5\n");
  ASSERT_TRUE(Spec.CompileScript);
  EXPECT_EQ(Spec.CompileScript->Value, "make -s KERNEL=$ATF_SOURCE");
  EXPECT_EQ(Spec.CompileScript->Begin, pos(1, 22));
  ASSERT_TRUE(Spec.RunScript);
  EXPECT_EQ(Spec.RunScript->Value, "./run.sh \"a b\"\tAA--more");
  TuningSpec Unicode = specOf("#atf::cost_file \"\\u00e9\\U0001F600\\0\\?\"\n");
  ASSERT_TRUE(Unicode.CostFile);
  EXPECT_EQ(Unicode.CostFile->Value, std::string("\xC3\xA9\xF0\x9F\x98\x80\0?", 8));
  ASSERT_TRUE(Spec.CostFile);
  EXPECT_EQ(Spec.CostFile->Value, "cost.txt");
  EXPECT_EQ(Spec.CostFile->Begin, pos(3, 22));
  ASSERT_TRUE(Spec.Timeout);
  EXPECT_EQ(Spec.Timeout->Text, "duration<seconds>(30)");
  ASSERT_TRUE(Spec.Warmups && Spec.Repetitions);
  EXPECT_EQ(Spec.Warmups->Text, "2");
  EXPECT_EQ(Spec.Repetitions->Text, "5");
  EXPECT_EQ(Spec.Device.Backend, DeviceBackend::None);
}

TEST(ClauseParserTest, OpenCLDirectives) {
  TuningSpec Spec = specOf("#atf::ocl::device_info vendor \"NVIDIA\" type \"GPU\" id 0\n"
                           "#atf::ocl::kernel_name saxpy\n"
                           "#atf::ocl::input scalar<int>(N)\n"
                           "#atf::opencl::input scalar<float>()\n"
                           "#atf::ocl::input atf::buffer<float>(N)\n"
                           "#atf::ocl::global_size N / WPT\n"
                           "#atf::ocl::local_size  (LS, 1)\n"
                           "#atf::ocl::warmups 3\n");
  const DeviceSpec &Device = Spec.Device;
  EXPECT_EQ(Device.Backend, DeviceBackend::OpenCL);
  ASSERT_TRUE(Device.Vendor && Device.Type && Device.Index);
  EXPECT_EQ(Device.Vendor->Value, "NVIDIA");
  EXPECT_EQ(Device.Vendor->Begin, pos(1, 31));
  EXPECT_EQ(Device.Type->Value, "GPU");
  EXPECT_EQ(Device.Index->Text, "0");
  EXPECT_EQ(Device.Index->Begin, pos(1, 54));
  EXPECT_FALSE(Device.PlatformId);
  ASSERT_TRUE(Device.KernelName);
  EXPECT_EQ(Device.KernelName->Name, "saxpy");
  EXPECT_EQ(Device.KernelName->Position, pos(2, 24));
  ASSERT_EQ(Device.Inputs.size(), 3u);
  EXPECT_EQ(Device.Inputs[0].Kind, KernelInputKind::Scalar);
  EXPECT_EQ(Device.Inputs[0].Expr.Text, "scalar<int>(N)");
  EXPECT_EQ(Device.Inputs[0].ElementType->Text, "int");
  EXPECT_EQ(Device.Inputs[0].ElementType->Begin, pos(3, 25));
  EXPECT_EQ(Device.Inputs[1].Kind, KernelInputKind::Scalar);
  EXPECT_EQ(Device.Inputs[1].Expr.Text, "scalar<float>()");
  EXPECT_EQ(Device.Inputs[2].Kind, KernelInputKind::Buffer);
  EXPECT_EQ(Device.Inputs[2].ElementType->Text, "float");
  ASSERT_EQ(Device.GlobalSize.size(), 1u);
  EXPECT_EQ(Device.GlobalSize[0].Text, "N / WPT");
  ASSERT_EQ(Device.LocalSize.size(), 2u);
  EXPECT_EQ(Device.LocalSize[0].Text, "LS");
  EXPECT_EQ(Device.LocalSize[0].Begin, pos(7, 25));
  EXPECT_EQ(Device.LocalSize[1].Text, "1");
  EXPECT_EQ(Device.LocalSize[1].Begin, pos(7, 29));
  EXPECT_TRUE(Device.GridDim.empty());
  ASSERT_TRUE(Spec.Warmups);
  EXPECT_EQ(Spec.Warmups->Text, "3");
}

TEST(ClauseParserTest, OpenCLDeviceByPlatformAndDeviceIds) {
  TuningSpec Spec = specOf("#atf::ocl::device_info platform_id 1 device_id 2\n");
  ASSERT_TRUE(Spec.Device.PlatformId && Spec.Device.DeviceId);
  EXPECT_EQ(Spec.Device.PlatformId->Text, "1");
  EXPECT_EQ(Spec.Device.DeviceId->Text, "2");
  EXPECT_FALSE(Spec.Device.Vendor);
}

TEST(ClauseParserTest, CUDADirectives) {
  TuningSpec Spec = specOf("#atf::cuda::device_id 1\n"
                           "#atf::cuda::kernel_name \"gemm\"\n"
                           "#atf::cuda::input buffer<float>(N)\n"
                           "#atf::cuda::grid_dim (N/WPT)/LS\n"
                           "#atf::cuda::block_dim LS, 2, 1\n"
                           "#atf::cuda::repetitions 10\n");
  const DeviceSpec &Device = Spec.Device;
  EXPECT_EQ(Device.Backend, DeviceBackend::CUDA);
  ASSERT_TRUE(Device.DeviceId);
  EXPECT_EQ(Device.DeviceId->Text, "1");
  ASSERT_TRUE(Device.KernelName);
  EXPECT_EQ(Device.KernelName->Name, "gemm");
  EXPECT_EQ(Device.KernelName->Position, pos(2, 26));
  ASSERT_EQ(Device.Inputs.size(), 1u);
  ASSERT_EQ(Device.GridDim.size(), 1u);
  EXPECT_EQ(Device.GridDim[0].Text, "(N/WPT)/LS");
  ASSERT_EQ(Device.BlockDim.size(), 3u);
  EXPECT_EQ(Device.BlockDim[2].Text, "1");
  EXPECT_EQ(Device.BlockDim[2].Begin, pos(5, 30));
  EXPECT_TRUE(Device.GlobalSize.empty());
  ASSERT_TRUE(Spec.Repetitions);
}

TEST(ClauseParserTest, ResultCheckAgainstGoldFile) {
  TuningSpec Spec = specOf("#atf::ocl::input buffer<float>(N)\n"
                           "#atf::ocl::input buffer<float>(N)\n"
                           "#atf::ocl::check gold \"expected.bin\" tolerance 1e-5 buffers 2\n");
  ASSERT_TRUE(Spec.Check);
  EXPECT_EQ(Spec.Check->Kind, CheckKind::GoldFile);
  EXPECT_EQ(Spec.Check->GoldFile.Value, "expected.bin");
  EXPECT_EQ(Spec.Check->GoldFile.Begin, pos(3, 23));
  ASSERT_TRUE(Spec.Check->Tolerance);
  EXPECT_EQ(Spec.Check->Tolerance->Text, "1e-5");
  EXPECT_FALSE(Spec.Check->Relative);
  EXPECT_EQ(Spec.Check->Buffers, std::vector<unsigned>{2});
  EXPECT_EQ(Spec.Check->Directive, pos(3, 1));
}

TEST(ClauseParserTest, RepetitionsWithStatistic) {
  TuningSpec Spec = specOf("#atf::repetitions min(N, 3) statistic mean\n");
  ASSERT_TRUE(Spec.Repetitions);
  EXPECT_EQ(Spec.Repetitions->Text, "min(N, 3)");
  ASSERT_TRUE(Spec.RepetitionStatistic);
  EXPECT_EQ(Spec.RepetitionStatistic->Name, "mean");
  EXPECT_EQ(Spec.RepetitionStatistic->Position, pos(1, 39));
  // Without the clause: the median, said by no statistic.
  TuningSpec Plain = specOf("#atf::ocl::repetitions 3\n");
  ASSERT_TRUE(Plain.Repetitions);
  EXPECT_FALSE(Plain.RepetitionStatistic);
}

TEST(ClauseParserTest, ResultCheckWithRelativeTolerance) {
  // The clauses in any order; `relative` also continues the directive in
  // paper style.
  TuningSpec Spec = specOf("#atf::check reference {.WPT = 1} relative 1e-5 * N\n"
                           "    tolerance 1e-7\n");
  ASSERT_TRUE(Spec.Check);
  ASSERT_TRUE(Spec.Check->Relative);
  EXPECT_EQ(Spec.Check->Relative->Text, "1e-5 * N");
  EXPECT_EQ(Spec.Check->Relative->Begin, pos(1, 43));
  ASSERT_TRUE(Spec.Check->Tolerance);
  EXPECT_EQ(Spec.Check->Tolerance->Text, "1e-7");
}

TEST(ClauseParserTest, ResultCheckAgainstReferenceConfiguration) {
  TuningSpec Spec = specOf("#atf::check reference {.WPT = 1, LS = N / 4,} buffers {1, 3}\n"
                           "#atf::tp name WPT range {1, 2}\n"
                           "#atf::tp name LS range {1, 2}\n");
  ASSERT_TRUE(Spec.Check);
  EXPECT_EQ(Spec.Check->Kind, CheckKind::ReferenceConfiguration);
  ASSERT_EQ(Spec.Check->Reference.size(), 2u);
  EXPECT_EQ(Spec.Check->Reference[0].Parameter.Name, "WPT");
  EXPECT_EQ(Spec.Check->Reference[0].Parameter.Position, pos(1, 25));
  EXPECT_EQ(Spec.Check->Reference[0].Value.Text, "1");
  EXPECT_EQ(Spec.Check->Reference[1].Parameter.Name, "LS");
  EXPECT_EQ(Spec.Check->Reference[1].Value.Text, "N / 4");
  EXPECT_EQ(Spec.Check->Reference[1].Value.Begin, pos(1, 39));
  EXPECT_FALSE(Spec.Check->Tolerance);
  EXPECT_EQ(Spec.Check->Buffers, (std::vector<unsigned>{1, 3}));

  TuningSpec Empty = specOf("#atf::cuda::check reference {}\n");
  ASSERT_TRUE(Empty.Check);
  EXPECT_TRUE(Empty.Check->Reference.empty());
  EXPECT_TRUE(Empty.Check->Buffers.empty());
}

TEST(ClauseParserTest, ContinuedDirectivesKeepTheirSourceMap) {
  TuningSpec Spec = specOf("#atf::tp name WPT \\\n"
                           "         range interval<int>(1, \\\n"
                           "                             N)\n"
                           "#atf::tp name LS\n"
                           "    range {1, 2}\n"
                           "    constraint divides(N)\n");
  ASSERT_EQ(Spec.Parameters.size(), 2u);
  EXPECT_EQ(Spec.Parameters[0].Range.Expr.Text, "interval<int>(1, N)");
  EXPECT_EQ(Spec.Parameters[0].Range.Expr.Begin, pos(2, 16));
  EXPECT_EQ(Spec.Parameters[0].Range.Expr.positionOf(17), pos(3, 30)); // `N`
  EXPECT_EQ(Spec.Parameters[1].Constraint->Begin, pos(6, 16));
}

TEST(ClauseParserTest, EmptyFileAndOtherLanguages) {
  EXPECT_EQ(errorsOf(""), Lines{});
  DirectiveScan Scan = scanDirectives("run.sh",
                                      "#!/bin/sh\n"
                                      "#atf::tp name N range {1, 2}\n"
                                      "#atf::run_script ./run.sh \"$N\"\n",
                                      SourceLanguage::Other);
  ClauseParse Result = parseClauses(Scan);
  expectClean(Result);
  ASSERT_EQ(Result.Spec.Parameters.size(), 1u);
  ASSERT_TRUE(Result.Spec.RunScript);
  EXPECT_EQ(Result.Spec.RunScript->Value, "./run.sh \"$N\"");
}

//===----------------------------------------------------------------------===//
// The papers' listings
//===----------------------------------------------------------------------===//

TEST(ClauseParserTest, TacoListing3) {
  // Listing 3 of the TACO paper, its `&& ...` placeholder removed.
  TuningSpec Spec = specOf("#atf::var::M      $1 // first  command line argument\n"
                           "#atf::var::N      $2 // second command line argument\n"
                           "#atf::var::K      $3 // third  command line argument\n"
                           "\n"
                           "#atf::tp name     \"VWM\" // vector width\n"
                           "  range         {1, 2, 4, 8}\n"
                           "\n"
                           "#atf::tp name     \"MDIMC\" // local size\n"
                           "  range         interval<size_t>( 1,M )\n"
                           "  constraint     less_than_or_eq( atf::ocl::max_wi_size_0 )\n"
                           "\n"
                           "#atf::tp name     \"MWG\" // tile size\n"
                           "  range         interval<size_t>( 1,M )\n"
                           "  constraint     multiple_of( MDIMC*VWM )\n"
                           "\n"
                           "// 13 further tuning parameter\n"
                           "\n"
                           "#atf::search_technique simulated_annealing\n"
                           "#atf::abort_condition  evaluations( 10000 )\n"
                           "\n"
                           "// ... OpenCL-specific directives\n"
                           "\n"
                           "// CLBlast's OpenCL GEMM kernel\n"
                           "__kernel void XgemmDirectTN( ... )\n"
                           "{ ... }\n");
  ASSERT_EQ(Spec.Inputs.size(), 3u);
  EXPECT_EQ(Spec.Inputs[2].Name.Name, "K");
  EXPECT_EQ(Spec.Inputs[2].ArgumentIndex, 3u);
  EXPECT_EQ(Spec.Inputs[2].ArgumentPosition, pos(3, 19));
  ASSERT_EQ(Spec.Parameters.size(), 3u);
  EXPECT_EQ(Spec.Parameters[0].Name.Name, "VWM");
  EXPECT_EQ(Spec.Parameters[0].Range.Expr.Text, "{1, 2, 4, 8}");
  EXPECT_EQ(Spec.Parameters[0].Range.Expr.Begin, pos(6, 17));
  EXPECT_EQ(Spec.Parameters[1].Name.Name, "MDIMC");
  EXPECT_EQ(Spec.Parameters[1].Name.Position, pos(8, 20));
  EXPECT_EQ(Spec.Parameters[1].Range.Expr.Text, "interval<size_t>( 1,M )");
  EXPECT_EQ(Spec.Parameters[1].Constraint->Text, "less_than_or_eq( atf::ocl::max_wi_size_0 )");
  EXPECT_EQ(Spec.Parameters[2].Constraint->Text, "multiple_of( MDIMC*VWM )");
  EXPECT_EQ(Spec.Parameters[2].Constraint->Begin, pos(14, 18));
  EXPECT_EQ(Spec.SearchTechnique->Text, "simulated_annealing");
  EXPECT_EQ(Spec.AbortCondition->Text, "evaluations( 10000 )");
}

TEST(ClauseParserTest, SlidesProgramWithScripts) {
  // The slides' DSL example (slides 22 and 23: the first spells NUM_WI_1
  // as "NUM WI_1", the second lost its indentation in the text; both fixed).
  TuningSpec Spec = specOf("#atf::tp name      NUM_WG_1\n"
                           "           range     interval<int>( 1,N_1 )\n"
                           "\n"
                           "#atf::tp name      NUM_WI_1\n"
                           "           range     interval<int>( 1,N_1 )\n"
                           "\n"
                           "#atf::tp name      LM_SIZE_1\n"
                           "           range     interval<int>( 1,N_1 )\n"
                           "           constraint LM_SIZE_1 <= N_1\n"
                           "\n"
                           "#atf::tp name      PM_SIZE_1\n"
                           "           range     interval<int>( 1,N_1 )\n"
                           "           constraint PM_SIZE_1 <= LM_SIZE_1\n"
                           "\n"
                           "#atf::run_script   \"./run.sh\"\n"
                           "#atf::compile_script \"./compile.sh\"\n"
                           "#atf::cost_file    \"./cost.txt\"\n"
                           "\n"
                           "#atf::search_technique auc_bandit\n"
                           "#atf::search_technique duration<minutes>( 10 )\n"
                           "\n"
                           "// program code\n");
  ASSERT_EQ(Spec.Parameters.size(), 4u);
  EXPECT_EQ(Spec.Parameters[1].Name.Name, "NUM_WI_1");
  EXPECT_EQ(Spec.Parameters[3].Constraint->Text, "PM_SIZE_1 <= LM_SIZE_1");
  EXPECT_EQ(Spec.Parameters[3].Constraint->Begin, pos(13, 23));
  EXPECT_EQ(Spec.RunScript->Value, "./run.sh");
  EXPECT_EQ(Spec.CompileScript->Value, "./compile.sh");
  EXPECT_EQ(Spec.CostFile->Value, "./cost.txt");
  EXPECT_EQ(Spec.SearchTechnique->Text, "auc_bandit");
  EXPECT_EQ(Spec.AbortCondition->Text, "duration<minutes>( 10 )");
}

TEST(ClauseParserTest, SlidesOpenCLAndCUDAHostCode) {
  TuningSpec OpenCL = specOf("#atf::opencl::platform_id 0\n"
                             "#atf::opencl::device_id 1\n"
                             "\n"
                             "#atf::opencl::input scalar<int>( N )\n"
                             "#atf::opencl::input scalar<float>()\n"
                             "#atf::opencl::input buffer<float>( N )\n"
                             "...\n"
                             "#atf::opencl::global_size N/WPT\n"
                             "#atf::opencl::local_size LS\n");
  EXPECT_EQ(OpenCL.Device.Backend, DeviceBackend::OpenCL);
  EXPECT_EQ(OpenCL.Device.PlatformId->Text, "0");
  EXPECT_EQ(OpenCL.Device.DeviceId->Text, "1");
  EXPECT_EQ(OpenCL.Device.Inputs.size(), 3u);
  EXPECT_EQ(OpenCL.Device.GlobalSize[0].Text, "N/WPT");
  EXPECT_EQ(OpenCL.Device.LocalSize[0].Text, "LS");

  TuningSpec CUDA = specOf("#atf::cuda::device_id 1\n"
                           "\n"
                           "#atf::cuda::input scalar<int>( N )\n"
                           "#atf::cuda::input scalar<float>()\n"
                           "#atf::cuda::input buffer<float>( N )\n"
                           "...\n"
                           "#atf::cuda::grid_dim (N/WPT)/LS\n"
                           "#atf::cuda::block_dim LS\n");
  EXPECT_EQ(CUDA.Device.Backend, DeviceBackend::CUDA);
  EXPECT_EQ(CUDA.Device.Inputs.size(), 3u);
  ASSERT_EQ(CUDA.Device.GridDim.size(), 1u);
  EXPECT_EQ(CUDA.Device.GridDim[0].Text, "(N/WPT)/LS");
  EXPECT_EQ(CUDA.Device.BlockDim[0].Text, "LS");
}

TEST(ClauseParserTest, SlidesTwoDimensionalSizes) {
  // The slides' side note on CLBlast's global and local size.
  TuningSpec Spec = specOf("#atf::ocl::global_size ( ((1 + ((kSizeM - 1) / MWG))*MWG * MDIMCD) / "
                           "MWG ,  \\\n"
                           "              ((1 + ((kSizeN - 1) / NWG))*NWG * NDIMCD) / NWG )\n"
                           "#atf::ocl::local_size ( MDIMCD , NDIMCD )\n");
  ASSERT_EQ(Spec.Device.GlobalSize.size(), 2u);
  EXPECT_EQ(Spec.Device.GlobalSize[0].Text, "((1 + ((kSizeM - 1) / MWG))*MWG * MDIMCD) / MWG");
  EXPECT_EQ(Spec.Device.GlobalSize[1].Text, "((1 + ((kSizeN - 1) / NWG))*NWG * NDIMCD) / NWG");
  EXPECT_EQ(Spec.Device.GlobalSize[1].Begin, pos(2, 15));
  ASSERT_EQ(Spec.Device.LocalSize.size(), 2u);
  EXPECT_EQ(Spec.Device.LocalSize[1].Text, "NDIMCD");
}

TEST(ClauseParserTest, DesignDocumentExamples) {
  // Each example of DSL.md, on its own (several are alternatives).
  const char *Examples[] = {
      "#atf::var<int> N = 1024          // a constant",
      "#atf::var::M $1                  // the tuner's first positional argument",
      "#atf::var<size_t>::K $3          // typed positional argument",
      "#atf::tp name \"WPT\" type \"size_t\" range interval<size_t>(1, N) constraint divides(N)",
      "#atf::tp name LS range interval<size_t>(1, N) constraint divides(N / WPT)",
      "#atf::tp name VWM range {1, 2, 4, 8}",
      "#atf::tp name OPT range {\"-O1\", \"-O2\", \"-O3\"}",
      "#atf::tp name TILE range interval<int>(0, 10, 1, pow2)      // 1, 2, 4, ..., 1024",
      "#atf::tp name PAD  range {true, false}",
      "#atf::tp name X range {1, 2} constraint [](auto v){ return v % 2 == 0; }",
      "#atf::tp name PM_SIZE_1 range {1} constraint PM_SIZE_1 <= LM_SIZE_1",
      "#atf::search_technique auc_bandit            // the default",
      "#atf::search_technique simulated_annealing",
      "#atf::search_technique round_robin(torczon, pattern_search)",
      "#atf::search_technique shrinking_sample(4, 1) // partitions k, threshold",
      "#atf::abort_condition evaluations(10000)",
      "#atf::abort_condition duration<minutes>(10) || cost(0.5)",
      "#atf::abort_condition speedup(1.05, evaluations(200)) && !fraction(0.5)",
      "#atf::seed 42",
      "#atf::compile_script \"make -s KERNEL=$ATF_SOURCE\"",
      "#atf::run_script     \"./run.sh\"",
      "#atf::cost_file      \"cost.txt\"      // optional: else wall time of run_script",
      "#atf::timeout        duration<seconds>(30)",
      "#atf::ocl::device_info vendor \"NVIDIA\" type \"GPU\" id 0   // or platform_id / "
      "device_id",
      "#atf::ocl::kernel_name saxpy",
      "#atf::ocl::input scalar<int>(N)",
      "#atf::ocl::input scalar<float>()          // random value",
      "#atf::ocl::input buffer<float>(N)         // random contents",
      "#atf::ocl::global_size N / WPT",
      "#atf::ocl::local_size  LS",
      "#atf::warmups 3",
      "#atf::repetitions 10",
  };
  for (const char *Example : Examples) {
    SCOPED_TRACE(Example);
    expectClean(parse(std::string(Example) + "\n"));
  }
}
