//===- Frontend/SpecAnalysisTest.cpp - Semantic analysis ------*- C++ -*-===//
//
// Unit tests of the semantic analysis: Clang's errors at the user's
// file:line:col (also on continuation lines, several per run), the
// prelude's verdicts, inferred types, names, groups and generation order,
// cycles and unused inputs, on small files and on the papers' spaces.
// Constraint lowering has its own test file.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestSupport.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace atfc;
using namespace atfc::test;

namespace {

using Names = std::vector<std::string>;

/// The diagnostics of analysing Source.
Lines diagnosticsOf(llvm::StringRef Source) { return diagnostics(analyze(Source)); }

const AnalyzedInput &input(const Analysis &A, llvm::StringRef Name) {
  for (std::size_t I = 0; I < A.Spec.Inputs.size(); ++I)
    if (A.Spec.Inputs[I].Name.Name == Name)
      return A.Result.Inputs[I];
  ADD_FAILURE() << "no input " << Name.str();
  static AnalyzedInput None;
  return None;
}

Names parameterNames(const Analysis &A, const std::vector<std::size_t> &Indices) {
  Names Out;
  for (std::size_t I : Indices)
    Out.push_back(A.Spec.Parameters[I].Name.Name);
  return Out;
}

Names inputNames(const Analysis &A, const std::vector<std::size_t> &Indices) {
  Names Out;
  for (std::size_t I : Indices)
    Out.push_back(A.Spec.Inputs[I].Name.Name);
  return Out;
}

/// The groups, each in generation order.
std::vector<Names> groups(const Analysis &A) {
  std::vector<Names> Out;
  for (const ParameterGroup &Group : A.Result.Groups)
    Out.push_back(parameterNames(A, Group.Parameters));
  return Out;
}

} // namespace

//===----------------------------------------------------------------------===//
// Clang's errors at the user's positions
//===----------------------------------------------------------------------===//

TEST(SpecAnalysisTest, TypeErrorInConstraintPointsAtTheOperator) {
  EXPECT_EQ(diagnosticsOf("#atf::var<size_t>::N $1\n"
                          "#atf::tp name WPT range interval<size_t>(1, N) "
                          "constraint divides(N / \"x\")\n"),
            Lines{"kernel.cl:2:69: error: invalid operands to binary expression ('const size_t' "
                  "(aka 'const unsigned long') and 'const char[2]')"});
}

TEST(SpecAnalysisTest, UndeclaredNameInConstraint) {
  EXPECT_EQ(diagnosticsOf("#atf::var<size_t>::N $1\n"
                          "#atf::tp name WPT range interval<size_t>(1, N) constraint divides(Q)\n"),
            Lines{"kernel.cl:2:67: error: use of undeclared identifier 'Q'"});
}

TEST(SpecAnalysisTest, ErrorOnABackslashContinuationLine) {
  EXPECT_EQ(diagnosticsOf("#atf::var<size_t>::N $1\n"
                          "#atf::tp name WPT range interval<size_t>(1, N) \\\n"
                          "    constraint divides(N) && \\\n"
                          "               WPT <= M\n"),
            Lines{"kernel.cl:4:23: error: use of undeclared identifier 'M'"});
}

TEST(SpecAnalysisTest, ErrorOnAPaperStyleContinuationLine) {
  EXPECT_EQ(diagnosticsOf("#atf::var<size_t>::N $1\n"
                          "#atf::tp name WPT\n"
                          "         range interval<size_t>(1, N)\n"
                          "         constraint divides(N + nullptr)\n"),
            Lines{"kernel.cl:4:31: error: invalid operands to binary expression ('const size_t' "
                  "(aka 'const unsigned long') and 'std::nullptr_t')"});
}

TEST(SpecAnalysisTest, SeveralErrorsInOneRunInFileOrder) {
  EXPECT_EQ(diagnosticsOf("#atf::var<int> N = \"1024\"\n"
                          "#atf::tp name A range interval<int>(1, N) constraint divides(C + Q)\n"
                          "#atf::tp name B range {1, 2} constraint less_than(A) && A.x\n"
                          "#atf::tp name C range interval<int>(1, R)\n"),
            (Lines{"kernel.cl:1:20: error: cannot initialize a variable of type 'const int' with "
                   "an lvalue of type 'const char[5]'",
                   "kernel.cl:2:66: error: use of undeclared identifier 'Q'",
                   "kernel.cl:3:58: error: member reference base type 'const type_of_A' (aka "
                   "'const int') is not a structure or union",
                   "kernel.cl:4:40: error: use of undeclared identifier 'R'"}));
}

TEST(SpecAnalysisTest, ErrorInsideALambdaBody) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name X range interval<size_t>(1, 8) "
                          "constraint [](auto v) { return v.size() > 1; }\n"),
            Lines{"kernel.cl:1:78: error: member reference base type 'unsigned long' is not a "
                  "structure or union"});
}

TEST(SpecAnalysisTest, ExpressionEndingTooEarly) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name X range {1, 2} constraint X <\n"),
            Lines{"kernel.cl:1:44: error: expected expression"});
}

TEST(SpecAnalysisTest, AssignmentInsteadOfComparison) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name X range {1, 2} constraint X = 2\n"),
            Lines{"kernel.cl:1:43: error: cannot assign to variable 'X' with const-qualified "
                  "type 'const type_of_X' (aka 'const int')"});
}

TEST(SpecAnalysisTest, ConstraintWithoutAValue) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name A range {1, 2} constraint static_cast<void>(A)\n"),
            Lines{"kernel.cl:1:41: error: expected an expression with a value; cannot form a "
                  "reference to 'void'"});
}

TEST(SpecAnalysisTest, ErrorsDoNotCascade) {
  Analysis A = analyze("#atf::var<sizet> N = 4\n"
                       "#atf::var<size_t>::M $1\n"
                       "#atf::tp name X range interval<size_t>(1, Q) constraint divides(M / N)\n"
                       "#atf::tp name Y type \"unsignd\" range {1, 2} "
                       "constraint divides(X) && Y < X\n"
                       "#atf::tp name Z range {1, 2} constraint Z < Y + W\n"
                       "#atf::ocl::kernel_name k\n"
                       "#atf::ocl::global_size M / X\n");
  EXPECT_EQ(diagnostics(A),
            (Lines{"kernel.cl:1:11: error: unknown type name 'sizet'; did you mean 'size_t'?",
                   "kernel.cl:3:43: error: use of undeclared identifier 'Q'",
                   "kernel.cl:4:23: error: unknown type name 'unsignd'; did you mean 'unsigned'?",
                   "kernel.cl:5:49: error: use of undeclared identifier 'W'"}));
  // Constraints whose AST Clang dropped still connect the names they mention.
  EXPECT_EQ(groups(A), (std::vector<Names>{{"X", "Y", "Z"}}));
}

TEST(SpecAnalysisTest, FileNameAsGiven) {
  Analysis A = analyze("#atf::tp name X range {1, 2} constraint divides(Y)\n", "dir/my file.cu");
  EXPECT_EQ(diagnostics(A), Lines{"dir/my file.cu:1:49: error: use of undeclared identifier 'Y'"});
}

TEST(SpecAnalysisTest, QuotedArgumentsKeepTheirColumns) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name \"X\" type \"size_t\" range \"interval<size_t>(1, 9)\" "
                          "constraint \"divides(Y)\"\n"),
            Lines{"kernel.cl:1:84: error: use of undeclared identifier 'Y'"});
}

TEST(SpecAnalysisTest, UnknownType) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name X type sizet range {1, 2} constraint X > 1\n"),
            Lines{"kernel.cl:1:22: error: unknown type name 'sizet'; did you mean 'size_t'?"});
}

//===----------------------------------------------------------------------===//
// Names that a range or an input may not use
//===----------------------------------------------------------------------===//

TEST(SpecAnalysisTest, RangeNamingAParameter) {
  EXPECT_EQ(diagnosticsOf("#atf::var<size_t>::N $1\n"
                          "#atf::tp name WPT range interval<size_t>(1, N) constraint divides(N)\n"
                          "#atf::tp name LS range interval<size_t>(1, N / WPT)\n"),
            Lines{"kernel.cl:3:48: error: the range of 'LS' names the tuning parameter 'WPT'; a "
                  "range may only name inputs (#atf::var): express how 'LS' depends on 'WPT' in "
                  "its constraint"});
}

TEST(SpecAnalysisTest, InputNamingALaterInputOrAParameter) {
  EXPECT_EQ(diagnosticsOf("#atf::var<int> N = M\n"
                          "#atf::var<int> M = 2 * X\n"
                          "#atf::tp name X range interval<int>(1, N)\n"),
            (Lines{"kernel.cl:1:20: error: input 'N' names input 'M', which is declared after "
                   "it; declare 'M' first",
                   "kernel.cl:2:24: error: input 'M' names the tuning parameter 'X'; an input may "
                   "only name the inputs declared before it"}));
}

//===----------------------------------------------------------------------===//
// The prelude's verdicts
//===----------------------------------------------------------------------===//

TEST(SpecAnalysisTest, RangeVerdicts) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name A range {1, \"a\"}\n"
                          "#atf::tp name B type int range {\"a\", \"b\"}\n"
                          "#atf::tp name C range interval(1, \"x\")\n"
                          "#atf::tp name D range interval<int>(1, 9, 1, [](int a, int b) { "
                          "return a; })\n"
                          "#atf::tp name E range set<int>(1, \"a\")\n"
                          "#atf::tp name F range {}\n"
                          "#atf::tp name G range interval<int>(1, \"x\")\n"),
            (Lines{"kernel.cl:1:27: error: the values of the range of 'A' have no common type: "
                   "this one has none with the first; write them as one type or give 'A' a type "
                   "clause",
                   "kernel.cl:2:33: error: this value of the range of 'B' does not convert to its "
                   "type 'int'",
                   "kernel.cl:3:23: error: the interval of 'C' is not numeric: an interval holds "
                   "integers or floating-point values (use a set such as {\"a\", \"b\"} for other "
                   "values)",
                   "kernel.cl:4:23: error: the generator of the interval of 'D' cannot be called "
                   "with an index; write it as a lambda such as [](auto i) { return 2 * i; }",
                   "kernel.cl:5:35: error: this value of the range of 'E' does not convert to "
                   "'int'",
                   "kernel.cl:6:23: error: the range of 'F' is empty; give it at least one value",
                   "kernel.cl:7:23: error: the bounds or the step of the interval of 'G' do not "
                   "convert to 'int'"}));
}

TEST(SpecAnalysisTest, ASetIsRefusedAtItsValueAtFault) {
  // Without a type the first value's type rules; with one, or with
  // set<T>, each value must convert to it. A large set is cut into chunks
  // (SyntheticUnit.cpp): its value at fault is found through them.
  std::string Large = "#atf::tp name L type \"double\" range {";
  for (int I = 0; I < 2000; ++I)
    Large += (I == 0 ? "" : ", ") + std::string(I == 1234 ? "\"x\"" : std::to_string(I));
  Large += "}\n";
  EXPECT_EQ(diagnosticsOf("#atf::tp name A range {\"a\", \"b\", 3, \"c\"}\n"
                          "#atf::tp name B type \"std::string\" range {\"a\", 2, \"c\"}\n"
                          "#atf::tp name C range set<int>(1, 2, 3, nullptr)\n" +
                          Large +
                          // Typed: the first value is at fault though it has
                          // no common type with the others (found by
                          // test/generator/wrong_directives.py).
                          "#atf::tp name D type \"int\" range {nullptr, 0}\n"),
            (Lines{"kernel.cl:1:34: error: the values of the range of 'A' have no common type: "
                   "this one has none with the first; write them as one type or give 'A' a type "
                   "clause",
                   "kernel.cl:2:48: error: this value of the range of 'B' does not convert to its "
                   "type 'std::string'",
                   "kernel.cl:3:41: error: this value of the range of 'C' does not convert to "
                   "'int'",
                   "kernel.cl:4:" + std::to_string(Large.find("\"x\"") + 1) +
                       ": error: this value of the range of 'L' does not convert to its type "
                       "'double'",
                   "kernel.cl:5:35: error: this value of the range of 'D' does not convert to its "
                   "type 'int'"}));
}

TEST(SpecAnalysisTest, AConstantIntervalIsRefusedAtItsPartAtFault) {
  // The step, a bound outside the type, or (when the engine could not
  // build it) the interval.
  EXPECT_EQ(
      diagnosticsOf("#atf::tp name A range interval<int>(1, 10, 0)\n"
                    "#atf::tp name B range interval<int>(1, 10, 2 - 3)\n"
                    "#atf::tp name C range interval<char>(0, 400)\n"
                    "#atf::tp name D range interval<size_t>(-1, 4)\n"
                    "#atf::tp name E range interval<short>(1, 9, 70000)\n"
                    "#atf::tp name F range interval<float>(0, 1e39)\n"
                    "#atf::tp name G range interval<int>(0, 31, 1, pow2)\n"
                    "#atf::tp name H range interval<std::uint64_t>(0, 18446744073709551615u)\n"
                    "#atf::tp name I range interval<double>(0, 1e300, 1e-300)\n"
                    "#atf::tp name J range interval<int>(0, 30, 1, pow2)\n"
                    "#atf::tp name K range interval<std::int8_t>(-128, 127)\n"
                    "#atf::tp name L range interval<unsigned>(0, 31, 1, pow2)\n"),
      (Lines{"kernel.cl:1:44: error: the interval of 'A' has a step that is not positive; "
             "give a step of at least 1",
             "kernel.cl:2:44: error: the interval of 'B' has a step that is not positive; "
             "give a step of at least 1",
             "kernel.cl:3:41: error: the interval of 'C' cannot be built: its upper bound is "
             "no value of its type 'char', which holds -128 to 127",
             "kernel.cl:4:40: error: the interval of 'D' cannot be built: its lower bound is "
             "no value of its type 'size_t', which holds 0 to 18446744073709551615",
             "kernel.cl:5:45: error: the interval of 'E' cannot be built: its step is no "
             "value of its type 'short', which holds -32768 to 32767",
             "kernel.cl:6:42: error: the interval of 'F' cannot be built: its upper bound is "
             "no finite value of its type 'float'",
             "kernel.cl:7:23: error: the interval of 'G' cannot be built: pow2: exponent out "
             "of range (2^i must be a value of the interval's type, i >= 0)",
             "kernel.cl:8:23: error: the interval of 'H' cannot be built: interval: 2^64 "
             "values are more than a range can hold",
             "kernel.cl:9:23: error: the interval of 'I' cannot be built: interval: more "
             "values than a range can hold (2^64 - 1)"}));
}

TEST(SpecAnalysisTest, ConstraintVerdicts) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name A range {1, 2} constraint [](int a, int b) { return a "
                          "< b; }\n"
                          "#atf::tp name B range {1, 2} constraint [](auto v) { return "
                          "interval(1, v); }\n"
                          "#atf::tp name C range {1, 2} constraint interval(1, 2)\n"
                          "#atf::tp name D range {\"x\", \"y\"} constraint divides(2)\n"
                          "#atf::tp name E range {\"x\", \"y\"} constraint E != \"x\" && "
                          "less_than(3)\n"
                          "#atf::tp name F range {1, 2} constraint divides(F * 2)\n"),
            (Lines{"kernel.cl:1:41: error: the lambda in the constraint of 'A' cannot be called "
                   "with a value of 'A' (of type 'int')",
                   "kernel.cl:2:41: error: the lambda in the constraint of 'B' does not return a "
                   "condition for a value of type 'int'",
                   "kernel.cl:3:41: error: the constraint of 'C' has type "
                   "'atf_detail::interval_range<atf_detail::deduce, int, int, "
                   "atf_detail::no_step, atf_detail::no_generator>', which is not a condition: "
                   "write a boolean expression, an alias such as divides(N), or a lambda taking "
                   "the value of 'C'",
                   "kernel.cl:4:45: error: divides(...) in the constraint of 'D' needs numbers, "
                   "but 'D' has type 'std::string' and its argument has type 'int'",
                   "kernel.cl:5:57: error: less_than(...) in the constraint of 'E' cannot compare "
                   "'E' (of type 'std::string') with its argument of type 'int'",
                   "kernel.cl:6:41: error: the argument of divides(...) names 'F', the parameter "
                   "it constrains; an alias compares 'F' with an expression of inputs and other "
                   "parameters (write a condition such as 'F % 2 == 0' instead)"}));
}

TEST(SpecAnalysisTest, DeviceLimitsNeedTheirBackend) {
  EXPECT_EQ(diagnosticsOf("#atf::tp name LS range interval<size_t>(1, 1024) "
                          "constraint less_than_or_eq(atf::ocl::max_wg_size)\n"),
            Lines{"kernel.cl:1:77: error: the device limit 'ocl::max_wg_size' is only known when "
                  "the file tunes an OpenCL kernel; add the #atf::ocl:: directives, or make the "
                  "limit an input (#atf::var)"});
  Analysis A = clean("#atf::ocl::kernel_name k\n"
                     "#atf::tp name LS range interval<size_t>(1, 1024) "
                     "constraint less_than_or_eq(ocl::max_wg_size) && LS <= opencl::max_wi_size_0\n"
                     "#atf::ocl::local_size LS\n");
  EXPECT_EQ(parameter(A, "LS").ConstraintNames.DeviceLimits,
            (Names{"ocl::max_wg_size", "ocl::max_wi_size_0"}));
}

/// Each device limit reference as "LIMIT at LINE:COLUMN: TEXT", TEXT the
/// characters of Source it spans (single-line directives).
Names limitReferences(const Analysis &A, llvm::StringRef Source) {
  llvm::SmallVector<llvm::StringRef, 8> SourceLines;
  Source.split(SourceLines, '\n');
  Names Out;
  for (const DeviceLimitReference &R : A.Result.DeviceLimitReferences)
    Out.push_back(R.Limit + " at " + std::to_string(R.Begin.Line) + ":" +
                  std::to_string(R.Begin.Column) + ": " +
                  SourceLines[R.Begin.Line - 1].substr(R.Begin.Column - 1, R.Length).str());
  return Out;
}

TEST(SpecAnalysisTest, DeviceLimitReferencesAreFoundHoweverSpelled) {
  // Qualified from atf, through the prelude's using-directive, through the
  // opencl alias, from the global namespace with blanks, and through a
  // user's using-directive in a lambda; in a range, a constraint and sizes.
  const std::string Source =
      "#atf::ocl::kernel_name k\n"
      "#atf::tp name LS range interval<size_t>(1, atf::ocl::max_wg_size) "
      "constraint LS <= ocl::max_wi_size_0 && LS <= opencl::local_mem_size && "
      "[](auto X) { using namespace atf::ocl; return X <= max_wi_size_1; }(LS)\n"
      "#atf::ocl::global_size :: atf :: ocl :: max_wi_size_2\n"
      "#atf::ocl::local_size LS\n";
  Analysis A = clean(Source);
  EXPECT_EQ(limitReferences(A, Source),
            (Names{"ocl::max_wg_size at 2:44: atf::ocl::max_wg_size",
                   "ocl::max_wi_size_0 at 2:84: ocl::max_wi_size_0",
                   "ocl::local_mem_size at 2:112: opencl::local_mem_size",
                   "ocl::max_wi_size_1 at 2:189: max_wi_size_1",
                   "ocl::max_wi_size_2 at 3:24: :: atf :: ocl :: max_wi_size_2"}));
}

TEST(SpecAnalysisTest, LambdasAroundDeviceLimitsCaptureThem) {
  // The tuner's limits are a variable of the function that generates the
  // space: a lambda without a capture default must capture it, and so must
  // the lambdas around that one; [&] and [=] need nothing.
  const std::string Source =
      "#atf::ocl::kernel_name k\n"
      "#atf::var<int> N = 2\n"
      "#atf::tp name LS range interval<size_t>(1, 64) constraint "
      "[N](auto X) { return [](auto Y) { return Y <= atf::ocl::max_wg_size; }(X * N); } && "
      "[&](auto X) { return X <= atf::ocl::max_wi_size_0; } && "
      "[=](auto X) { return [](auto) { return true; }(X); }\n"
      "#atf::ocl::local_size LS\n";
  Analysis A = clean(Source);
  std::vector<std::pair<unsigned, bool>> Captures;
  for (const DeviceLimitCapture &C : A.Result.DeviceLimitCaptures) {
    EXPECT_EQ(C.Bracket.Line, 3u);
    Captures.emplace_back(C.Bracket.Column, C.AfterOthers);
  }
  const std::size_t Line3 = Source.find("#atf::tp");
  const auto ColumnOf = [&](llvm::StringRef Text) {
    return static_cast<unsigned>(Source.find(Text.str()) - Line3 + 1);
  };
  EXPECT_EQ(Captures, (std::vector<std::pair<unsigned, bool>>{
                          {ColumnOf("[N]") + 2, true}, {ColumnOf("[](auto Y)") + 1, false}}));
}

TEST(SpecAnalysisTest, DeviceLimitsInAPlainMacroArgumentAreRewritten) {
  // glibc's __glibc_likely(cond) expands to __builtin_expect((cond), 1):
  // the user wrote the whole name as its argument, which it neither pastes
  // nor stringifies, so the tuner reads the limit there.
  const std::string Source = "#atf::ocl::kernel_name k\n"
                             "#atf::tp name LS range interval<size_t>(1, 64) constraint "
                             "__glibc_likely(LS <= atf::ocl::max_wg_size)\n"
                             "#atf::ocl::local_size LS\n";
  Analysis A = clean(Source);
  EXPECT_EQ(limitReferences(A, Source), (Names{"ocl::max_wg_size at 2:80: atf::ocl::max_wg_size"}));
}

TEST(SpecAnalysisTest, DeviceLimitsTheTunerCannotRewriteAreErrors) {
  // A macro's argument that the macro pastes (glibc's __CONCAT, reached
  // through <cstddef>), a using-declaration, and places evaluated before
  // the device is open.
  EXPECT_EQ(
      diagnosticsOf("#atf::ocl::kernel_name k\n"
                    "#atf::var<int> N = atf::ocl::max_wg_size\n"
                    "#atf::tp name LS range interval<size_t>(1, N) "
                    "constraint LS <= __CONCAT(atf::ocl::max_wg_, size) && "
                    "[](auto X) { using atf::ocl::max_wi_size_0; return X <= max_wi_size_0; }(LS)\n"
                    "#atf::ocl::local_size LS\n"
                    "#atf::ocl::input buffer<float>(atf::ocl::local_mem_size)\n"),
      (Lines{"kernel.cl:2:20: error: the device limit 'ocl::max_wg_size' is not known yet where "
             "an input's value is made, before the device is opened; name it in a range, a "
             "constraint or a launch size",
             "kernel.cl:3:73: error: the device limit 'ocl::max_wg_size' is named in the "
             "expansion of the macro '__CONCAT'; the tuner reads device limits from the run "
             "where the file names them, which atfc can arrange in a macro only for a whole "
             "argument that the macro neither pastes nor stringifies: name the limit outside "
             "the macro",
             "kernel.cl:3:114: error: a using-declaration of the device limit "
             "'ocl::max_wi_size_0'; the tuner reads device limits from the run where the file "
             "names them: name the limit where it is used (a using-directive such as 'using "
             "namespace atf::ocl;' is fine)",
             "kernel.cl:5:32: error: the device limit 'ocl::local_mem_size' is not known yet "
             "where a kernel input is made, before the device is opened; name it in a range, a "
             "constraint or a launch size"}));
}

TEST(SpecAnalysisTest, SizesAndKernelInputs) {
  EXPECT_EQ(diagnosticsOf("#atf::var<size_t>::N $1\n"
                          "#atf::tp name WPT range interval<size_t>(1, N) constraint divides(N)\n"
                          "#atf::ocl::kernel_name saxpy\n"
                          "#atf::ocl::input scalar<int>(N)\n"
                          "#atf::ocl::input buffer(N)\n"
                          "#atf::ocl::input buffer<float>(N / WPT, 2)\n"
                          "#atf::ocl::input scalar()\n"
                          "#atf::ocl::input scalar<int>(1, 2)\n"
                          "#atf::ocl::input scalar<int>(\"x\")\n"
                          "#atf::ocl::input buffer<float>(2.5)\n"
                          "#atf::ocl::input scalar(2.5)\n"
                          "#atf::ocl::global_size N / WPT, N / 2.0\n"
                          "#atf::ocl::local_size Z\n"),
            (Lines{"kernel.cl:5:18: error: a buffer needs its element type, as in "
                   "buffer<float>(N)",
                   "kernel.cl:6:18: error: buffer<T>(size) takes exactly one size",
                   "kernel.cl:6:36: error: kernel input 3 names the tuning parameter 'WPT'; the "
                   "kernel's arguments are made once for all configurations, so their sizes and "
                   "values may only name inputs (#atf::var): size the buffer for the largest "
                   "value instead",
                   "kernel.cl:7:18: error: a scalar without a value needs its type, as in "
                   "scalar<float>()",
                   "kernel.cl:8:18: error: scalar<T>(value) takes at most one value",
                   "kernel.cl:9:18: error: the value of this scalar does not convert to its type",
                   "kernel.cl:10:18: error: the size of a buffer must be an integer",
                   "kernel.cl:12:33: error: a global size must be an integer; this expression has "
                   "type 'double'",
                   "kernel.cl:13:23: error: use of undeclared identifier 'Z'"}));
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

TEST(SpecAnalysisTest, InferredTypes) {
  Analysis A = clean("#atf::var<int> N = 1024\n"
                     "#atf::var::M $1\n"
                     "#atf::var K = 2.5\n"
                     "#atf::var S = \"a b\"\n"
                     "#atf::tp name A type \"size_t\" range interval<size_t>(1, N + M)\n"
                     "#atf::tp name B range interval<size_t>(1, N)\n"
                     "#atf::tp name C range {1, 2u, 4}\n"
                     "#atf::tp name D range {1.5, 2}\n"
                     "#atf::tp name E range {true, false}\n"
                     "#atf::tp name F range {\"-O1\", \"-O2\"} constraint F != S\n"
                     "#atf::tp name G range interval<int>(0, 10, 1, pow2)\n"
                     "#atf::tp name H range interval(0, 10, 1, [](int i) { return K * i; })\n"
                     "#atf::tp name I range atf::set<double>(1, 2)\n");
  EXPECT_EQ(input(A, "N").TypeName, "int");
  EXPECT_EQ(input(A, "M").TypeName, "std::int64_t");
  EXPECT_EQ(input(A, "K").TypeName, "double");
  EXPECT_EQ(input(A, "S").TypeName, "std::string");
  EXPECT_EQ(parameter(A, "A").TypeName, "size_t");
  EXPECT_EQ(parameter(A, "B").TypeName, "unsigned long");
  EXPECT_EQ(parameter(A, "C").TypeName, "unsigned int");
  EXPECT_EQ(parameter(A, "D").TypeName, "double");
  EXPECT_EQ(parameter(A, "E").TypeName, "bool");
  EXPECT_EQ(parameter(A, "F").TypeName, "std::string");
  EXPECT_EQ(parameter(A, "G").TypeName, "int");
  EXPECT_EQ(parameter(A, "H").TypeName, "double");
  EXPECT_EQ(parameter(A, "I").TypeName, "double");
}

//===----------------------------------------------------------------------===//
// Names and groups
//===----------------------------------------------------------------------===//

TEST(SpecAnalysisTest, SaxpyNamesAndGroup) {
  Analysis A = clean("#atf::var<size_t>::N $1\n"
                     "#atf::tp name \"WPT\" range interval<size_t>(1, N) constraint divides(N)\n"
                     "#atf::tp name \"LS\"  range interval<size_t>(1, N) "
                     "constraint divides(N / WPT)\n");
  EXPECT_EQ(inputNames(A, parameter(A, "WPT").RangeNames.Inputs), Names{"N"});
  EXPECT_EQ(inputNames(A, parameter(A, "WPT").ConstraintNames.Inputs), Names{"N"});
  EXPECT_EQ(parameterNames(A, parameter(A, "WPT").ConstraintNames.Parameters), Names{});
  EXPECT_EQ(inputNames(A, parameter(A, "LS").ConstraintNames.Inputs), Names{"N"});
  EXPECT_EQ(parameterNames(A, parameter(A, "LS").ConstraintNames.Parameters), Names{"WPT"});
  EXPECT_EQ(groups(A), (std::vector<Names>{{"WPT", "LS"}}));
  EXPECT_EQ(parameter(A, "WPT").Group, 0u);
  EXPECT_EQ(parameter(A, "LS").Group, 0u);
  EXPECT_TRUE(input(A, "N").Used);
}

TEST(SpecAnalysisTest, IndependentParametersFormSeparateGroups) {
  Analysis A = clean("#atf::var<int> N = 64\n"
                     "#atf::tp name X range interval<int>(1, N) constraint divides(N)\n"
                     "#atf::tp name Y range {1, 2, 4} constraint Y <= N\n"
                     "#atf::tp name Z range {true, false}\n");
  EXPECT_EQ(groups(A), (std::vector<Names>{{"X"}, {"Y"}, {"Z"}}));
  EXPECT_EQ(parameter(A, "Z").Group, 2u);
}

TEST(SpecAnalysisTest, NamesInsideLambdasAndShadowing) {
  Analysis A =
      clean("#atf::var<int> N = 64\n"
            "#atf::tp name X range interval<int>(1, N)\n"
            "#atf::tp name Y range interval<int>(1, N) "
            "constraint [&](auto v) { return v % X == 0; } && [](auto N) { return N > 0; }\n");
  EXPECT_EQ(parameterNames(A, parameter(A, "Y").ConstraintNames.Parameters), Names{"X"});
  EXPECT_EQ(inputNames(A, parameter(A, "Y").ConstraintNames.Inputs), Names{});
  EXPECT_EQ(groups(A), (std::vector<Names>{{"X", "Y"}}));
}

TEST(SpecAnalysisTest, MdhPrlGroups) {
  Analysis A = clean(readInput("mdh_prl.atf"), "mdh_prl.atf");
  EXPECT_EQ(groups(A), (std::vector<Names>{
                           {"CACHE_L_CB"},
                           {"CACHE_P_CB"},
                           {"G_CB_RES_DEST_LEVEL", "L_CB_RES_DEST_LEVEL", "P_CB_RES_DEST_LEVEL"},
                           {"OCL_DIM_L_1", "OCL_DIM_R_1"},
                           {"L_CB_SIZE_L_1", "P_CB_SIZE_L_1", "NUM_WG_L_1", "NUM_WI_L_1"},
                           {"L_CB_SIZE_R_1", "P_CB_SIZE_R_1", "NUM_WG_R_1", "NUM_WI_R_1"},
                       }));
  EXPECT_EQ(inputNames(A, parameter(A, "NUM_WI_R_1").ConstraintNames.Inputs), Names{"N_R"});
  EXPECT_EQ(parameterNames(A, parameter(A, "NUM_WI_R_1").ConstraintNames.Parameters),
            (Names{"L_CB_SIZE_R_1", "P_CB_SIZE_R_1", "NUM_WG_R_1"}));
  EXPECT_EQ(parameter(A, "NUM_WI_R_1").TypeName, "unsigned long");
  EXPECT_EQ(parameter(A, "OCL_DIM_R_1").TypeName, "int");
}

TEST(SpecAnalysisTest, ConstraintNamingALaterParameter) {
  Analysis A = clean("#atf::tp name X range {1, 2, 4, 8} constraint divides(Z)\n"
                     "#atf::tp name Y range {1, 2}\n"
                     "#atf::tp name Z range {8, 16} constraint multiple_of(Y)\n");
  // Y and Z are ready before X; Y, declared first, comes first.
  EXPECT_EQ(groups(A), (std::vector<Names>{{"Y", "Z", "X"}}));
}

TEST(SpecAnalysisTest, OrderBreaksTiesByDeclaration) {
  Analysis A = clean("#atf::tp name D range {1, 2} constraint D <= B + C\n"
                     "#atf::tp name C range {1, 2}\n"
                     "#atf::tp name B range {1, 2}\n"
                     "#atf::tp name A range {1, 2} constraint A != C\n");
  EXPECT_EQ(groups(A), (std::vector<Names>{{"C", "B", "D", "A"}}));
}

TEST(SpecAnalysisTest, CycleIsAnError) {
  Analysis A = analyze("#atf::tp name W range {1, 2}\n"
                       "#atf::tp name A range {1, 2} constraint divides(B)\n"
                       "#atf::tp name B range {1, 2} constraint divides(C) && B != W\n"
                       "#atf::tp name C range {1, 2} constraint divides(A)\n"
                       "#atf::tp name D range {1, 2} constraint D <= A\n"
                       "#atf::tp name E range {1, 2} constraint E != F\n"
                       "#atf::tp name F range {1, 2} constraint F != E\n");
  // At the name that closes each cycle, the others in notes.
  EXPECT_EQ(diagnostics(A),
            (Lines{"kernel.cl:4:49: error: cyclic constraints between parameters A, B and C: the "
                   "constraint of 'C' names 'A' here, which closes the cycle; each needs the "
                   "value of another to be generated first; remove one of these names from its "
                   "constraint",
                   "kernel.cl:7:46: error: cyclic constraints between parameters E and F: the "
                   "constraint of 'F' names 'E' here, which closes the cycle; each needs the "
                   "value of another to be generated first; remove one of these names from its "
                   "constraint"}));
  ASSERT_EQ(A.Result.Diagnostics[0].Notes.size(), 2u);
  EXPECT_EQ(A.Result.Diagnostics[0].Notes[0].Location, (SourceLocation{"kernel.cl", 2, 49}));
  EXPECT_EQ(A.Result.Diagnostics[0].Notes[1].Location, (SourceLocation{"kernel.cl", 3, 49}));
  // An order exists even so: the first blocked parameter is placed first.
  EXPECT_EQ(groups(A), (std::vector<Names>{{"W", "A", "C", "B", "D"}, {"E", "F"}}));
}

TEST(SpecAnalysisTest, CycleThroughAConstraintWithAnErrorIsAtTheMentionedName) {
  // Clang dropped the AST of B's constraint: its text still names A there.
  Analysis A = analyze("#atf::tp name A range {1, 2} constraint divides(B)\n"
                       "#atf::tp name B range {1, 2} constraint Q + A > 1\n");
  EXPECT_EQ(diagnostics(A),
            (Lines{"kernel.cl:2:41: error: use of undeclared identifier 'Q'",
                   "kernel.cl:2:45: error: cyclic constraints between parameters A and B: the "
                   "constraint of 'B' names 'A' here, which closes the cycle; each needs the "
                   "value of another to be generated first; remove one of these names from its "
                   "constraint"}));
}

TEST(SpecAnalysisTest, UnusedInputIsAWarning) {
  Analysis A = analyze("#atf::var<int> N = 64\n"
                       "#atf::var<int>   K = 3\n"
                       "#atf::var<int> S = 1\n"
                       "#atf::var<int> T = 5\n"
                       "#atf::var<int> E = 100\n"
                       "#atf::tp name X range interval<int>(1, N)\n"
                       "#atf::ocl::kernel_name k\n"
                       "#atf::ocl::input scalar<int>(S)\n"
                       "#atf::abort_condition evaluations(E)\n"
                       "#atf::warmups T\n");
  EXPECT_EQ(diagnostics(A), Lines{"kernel.cl:2:18: warning: input 'K' is never used"});
  EXPECT_FALSE(A.Result.hasErrors());
  EXPECT_FALSE(input(A, "K").Used);
  EXPECT_TRUE(input(A, "S").Used);
}

TEST(SpecAnalysisTest, InputValueNames) {
  Analysis A = clean("#atf::var<size_t>::M $1\n"
                     "#atf::var<size_t> N = M * 2\n"
                     "#atf::tp name X range interval<size_t>(1, N)\n");
  EXPECT_EQ(inputNames(A, input(A, "N").ValueNames.Inputs), Names{"M"});
  EXPECT_TRUE(input(A, "M").Used);
}

//===----------------------------------------------------------------------===//
// The papers' spaces
//===----------------------------------------------------------------------===//

// Speed is measured by a benchmark, not asserted here.
TEST(SpecAnalysisTest, SgemmAnalysesCleanly) {
  const std::string Source = readInput("sgemm_atf.atf");
  Analysis A = clean(Source, "sgemm_atf.atf");
  EXPECT_EQ(groups(A), (std::vector<Names>{{"MWG", "NWG", "KWG", "MDIMC", "NDIMC", "MDIMA", "NDIMB",
                                            "KWI", "VWM", "VWN", "SA", "SB"},
                                           {"STRM"},
                                           {"STRN"}}));
}
