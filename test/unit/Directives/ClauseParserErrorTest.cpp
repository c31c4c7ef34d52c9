//===- Directives/ClauseParserErrorTest.cpp - Clause errors -----*- C++ -*-===//
//
// Unit tests of the clause parser's errors: every error with its exact
// line:col and message.
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
// Errors
//===----------------------------------------------------------------------===//

TEST(ClauseParserErrorTest, UnknownDirective) {
  EXPECT_EQ(errorsOf("#atf::tpp name X range {1}\n"
                     "  #atf::serch_technique random\n"
                     "#atf::frobnicate 3\n"
                     "#atf::ocl::kernel_nam k\n"
                     "#atf::ocll::input buffer<int>(1)\n"
                     "#atf::\n"),
            (Lines{"1:7: unknown directive '#atf::tpp'; did you mean '#atf::tp'?",
                   "2:9: unknown directive '#atf::serch_technique'; did you mean "
                   "'#atf::search_technique'?",
                   "3:7: unknown directive '#atf::frobnicate'",
                   "4:7: unknown directive '#atf::ocl::kernel_nam'; did you mean "
                   "'#atf::ocl::kernel_name'?",
                   "5:7: unknown directive '#atf::ocll::input'; did you mean '#atf::ocl::input'?",
                   "6:7: expected a directive name after '#atf::', such as tp or var"}));
}

TEST(ClauseParserErrorTest, DirectiveForAnotherBackendOrWithoutPrefix) {
  EXPECT_EQ(errorsOf("#atf::kernel_name saxpy\n"
                     "#atf::device_info id 0\n"
                     "#atf::ocl::tp name X range {1}\n"
                     "#atf::cuda::global_size N\n"
                     "#atf::ocl::grid_dim N\n"),
            (Lines{"1:7: '#atf::kernel_name' needs a backend prefix: write "
                   "#atf::ocl::kernel_name for OpenCL or #atf::cuda::kernel_name for CUDA",
                   "2:7: '#atf::device_info' needs a backend prefix: write "
                   "#atf::ocl::device_info for OpenCL",
                   "3:7: '#atf::ocl::tp' takes no backend prefix; write #atf::tp",
                   "4:7: 'global_size' is an OpenCL directive (#atf::ocl::global_size), not a "
                   "CUDA one",
                   "5:7: 'grid_dim' is a CUDA directive (#atf::cuda::grid_dim), not an OpenCL "
                   "one"}));
}

TEST(ClauseParserErrorTest, OneBackendPerFile) {
  EXPECT_EQ(errorsOf("#atf::ocl::kernel_name saxpy\n"
                     "#atf::opencl::input buffer<float>(N)\n"
                     "#atf::cuda::block_dim 32\n"),
            Lines{"3:7: a CUDA directive in a file whose device directives are OpenCL (the "
                  "first at 1:7); a file targets one backend"});
  EXPECT_EQ(errorsOf("#atf::warmups 1\n"
                     "#atf::cuda::warmups 2\n"
                     "#atf::ocl::kernel_name saxpy\n"),
            (Lines{"2:7: '#atf::cuda::warmups' may appear only once per file; the first one is "
                   "at 1:7",
                   "3:7: an OpenCL directive in a file whose device directives are CUDA (the "
                   "first at 2:7); a file targets one backend"}));
}

TEST(ClauseParserErrorTest, RepetitionStatistic) {
  EXPECT_EQ(errorsOf("#atf::repetitions 3 statistic meen\n"),
            Lines{"1:31: unknown statistic 'meen'; the cost of the repetitions is their median, "
                  "mean or min; did you mean 'mean'?"});
  EXPECT_EQ(errorsOf("#atf::repetitions 3 statistic\n"),
            Lines{"1:30: expected how the repetitions' costs become the cost after 'statistic': "
                  "median, mean or min"});
  EXPECT_EQ(errorsOf("#atf::repetitions 3 statistic min 2\n"),
            Lines{"1:35: unexpected text after the statistic 'min'"});
  EXPECT_EQ(errorsOf("#atf::repetitions 3 statistic min\n#atf::repetitions 4\n"),
            Lines{"2:7: '#atf::repetitions' may appear only once per file; the first one is at "
                  "1:7"});
}

TEST(ClauseParserErrorTest, MissingRequiredClausePointsAtDirectiveEnd) {
  EXPECT_EQ(errorsOf("#atf::tp range {1, 2}\n"
                     "#atf::tp name WPT   \n"
                     "#atf::tp name X\n"
                     "    constraint X > 1\n"
                     "#atf::ocl::check tolerance 0.1\n"
                     "#atf::ocl::device_info\n"),
            (Lines{"1:22: '#atf::tp' needs a 'name' clause: the name of the tuning parameter",
                   "2:18: tuning parameter 'WPT' needs a 'range' clause, as in range {1, 2, 4} "
                   "or range interval<int>(1, 10)",
                   "4:21: tuning parameter 'X' needs a 'range' clause, as in range {1, 2, 4} or "
                   "range interval<int>(1, 10)",
                   "5:31: '#atf::ocl::check' needs what to compare with: gold \"FILE\", "
                   "reference {.PARAM = VALUE, ...}, script \"COMMAND\" or server \"COMMAND\"",
                   "6:23: '#atf::ocl::device_info' needs at least one of vendor, type, id, "
                   "platform_id or device_id"}));
}

TEST(ClauseParserErrorTest, DuplicateClause) {
  EXPECT_EQ(errorsOf("#atf::tp name X range {1} range {2}\n"
                     "#atf::ocl::device_info id 0 vendor \"AMD\" id 1\n"),
            (Lines{"1:27: duplicate 'range' clause; the first one is at 1:17",
                   "2:42: duplicate 'id' clause; the first one is at 2:24"}));
}

TEST(ClauseParserErrorTest, DuplicateNames) {
  EXPECT_EQ(errorsOf("#atf::var<int> N = 1\n"
                     "#atf::tp name WPT range {1}\n"
                     "#atf::tp name \"WPT\" range {2}\n"
                     "#atf::tp name N range {1}\n"
                     "#atf::var::WPT $1\n"
                     "#atf::var::N $2\n"),
            (Lines{"3:16: tuning parameter 'WPT' is already declared at 2:15",
                   "4:15: 'N' is already declared as an input at 1:16; a tuning parameter needs "
                   "a name of its own",
                   "5:12: 'WPT' is already declared as a tuning parameter at 2:15; an input "
                   "needs a name of its own",
                   "6:12: input 'N' is already declared at 1:16"}));
}

TEST(ClauseParserErrorTest, UnknownClauseKeyword) {
  EXPECT_EQ(errorsOf("#atf::tp nme X range {1}\n"
                     "#atf::tp name X rnage {1}\n"
                     "#atf::tp name Y range interval<int>(1, N) constrant divides(N)\n"
                     "#atf::tp name NUM WI_1 range {1}\n"
                     "#atf::tp \"Z\" range {1}\n"
                     "#atf::ocl::device_info vendr \"AMD\"\n"
                     "#atf::tp name LS range interval<std::size_t>(1,N)constraint divides(N)\n"
                     "#atf::tp name \"WPT\"range {1}\n"),
            (Lines{"1:10: unknown clause 'nme' in '#atf::tp'; did you mean 'name'?",
                   "2:17: unknown clause 'rnage' in '#atf::tp'; did you mean 'range'?",
                   "3:43: unknown clause 'constrant' in '#atf::tp'; did you mean 'constraint'?",
                   "4:19: unknown clause 'WI_1' in '#atf::tp'; expected name, type, range or "
                   "constraint",
                   "5:10: expected a clause keyword (name, type, range or constraint)",
                   "6:24: unknown clause 'vendr' in '#atf::ocl::device_info'; did you mean "
                   "'vendor'?",
                   "7:50: put a blank before 'constraint': only after a blank does it begin a "
                   "clause",
                   "8:20: put a blank before 'range': only after a blank does it begin a clause"}));
}

TEST(ClauseParserErrorTest, ErrorOnSecondLineOfContinuedDirective) {
  EXPECT_EQ(errorsOf("int x;\n"
                     "#atf::tp name WPT \\\n"
                     "         rnage {1, 2}\n"
                     "#atf::tp name LS range {1, 2} \\\n"
                     "   constraint divides(N\n"
                     "#atf::tp name VW\n"
                     "    range {1, 2\n"),
            (Lines{"3:10: unknown clause 'rnage' in '#atf::tp'; did you mean 'range'?",
                   "5:22: unclosed '('; add the matching ')'",
                   "7:11: unclosed '{'; add the matching '}'"}));
}

TEST(ClauseParserErrorTest, UnterminatedStringAndCharacter) {
  EXPECT_EQ(errorsOf("#atf::tp name \"WPT range {1}\n"
                     "#atf::run_script \"./run.sh\n"
                     "#atf::tp name X range {'a', 'b}\n"
                     "#atf::var<std::string> S = \"abc\n"
                     "#atf::tp name Y range {1'000, 2'000}\n"),
            (Lines{"1:15: missing closing '\"' of the string that starts here",
                   "2:18: missing closing '\"' of the string that starts here",
                   "3:29: missing closing ' of the character literal that starts here",
                   "4:28: missing closing '\"' of the string that starts here"}));
}

TEST(ClauseParserErrorTest, EmptyArgument) {
  EXPECT_EQ(errorsOf("#atf::tp name range {1}\n"
                     "#atf::tp name \"\" range {1}\n"
                     "#atf::tp name X range {1} constraint\n"
                     "#atf::seed\n"
                     "#atf::run_script \"\"\n"
                     "#atf::var<int> N =\n"
                     "#atf::var<> M = 1\n"
                     "#atf::ocl::global_size N,\n"),
            (Lines{"1:15: expected an argument after 'name'", "2:15: empty argument after 'name'",
                   "3:37: expected an argument after 'constraint'",
                   "4:11: expected an argument after '#atf::seed'",
                   "5:18: empty string after '#atf::run_script'",
                   "6:19: expected a value after '='", "7:11: expected a type between '<' and '>'",
                   "8:26: empty size in dimension 2 of '#atf::ocl::global_size'"}));
}

TEST(ClauseParserErrorTest, BadPositionalArgument) {
  EXPECT_EQ(errorsOf("#atf::var::A $0\n"
                     "#atf::var::B $x\n"
                     "#atf::var::C $\n"
                     "#atf::var::D $1x\n"
                     "#atf::var::E 1\n"
                     "#atf::var<int> F $1\n"
                     "#atf::var::G $2 extra\n"
                     "#atf::var::H $99999999999\n"),
            (Lines{"1:15: command-line arguments are numbered from $1; $0 is not one",
                   "2:15: '$x' is not a command-line argument; write $1 for the first, $2 for "
                   "the second, ...",
                   "3:15: expected the number of a command-line argument after '$', as in $1",
                   "4:16: '$1x' is not a command-line argument; write $1 for the first, $2 for "
                   "the second, ...",
                   "5:14: expected the command-line argument of 'E' after its name, as in "
                   "var::E $1",
                   "6:18: an input from the command line is written var::F $k or var<T>::F $k",
                   "7:17: unexpected text after the command-line argument of 'G'",
                   "8:15: command-line argument number '99999999999' is too large"}));
}

TEST(ClauseParserErrorTest, DirectiveGivenTwice) {
  EXPECT_EQ(errorsOf("#atf::search_technique auc_bandit\n"
                     "#atf::search_technique random\n"
                     "#atf::abort_condition evaluations(10)\n"
                     "#atf::search_technique duration<minutes>(10)\n"
                     "#atf::seed 1\n"
                     "#atf::seed 2\n"
                     "#atf::ocl::kernel_name a\n"
                     "#atf::opencl::kernel_name b\n"
                     "#atf::run_script \"a\"\n"
                     "#atf::run_script \"b\"\n"
                     "#atf::ocl::global_size 1\n"
                     "#atf::ocl::global_size 2\n"
                     "#atf::ocl::platform_id 0\n"
                     "#atf::ocl::device_info platform_id 1\n"
                     "#atf::check gold \"a.bin\"\n"
                     "#atf::ocl::check gold \"b.bin\"\n"),
            (Lines{"2:7: '#atf::search_technique' may appear only once per file; the first one "
                   "is at 1:7",
                   "4:7: the abort condition is already given at 3:7; combine conditions with "
                   "&& or || in one directive",
                   "6:7: '#atf::seed' may appear only once per file; the first one is at 5:7",
                   "8:7: '#atf::opencl::kernel_name' may appear only once per file; the first "
                   "one is at 7:7",
                   "10:7: '#atf::run_script' may appear only once per file; the first one is at "
                   "9:7",
                   "12:7: '#atf::ocl::global_size' may appear only once per file; the first one "
                   "is at 11:7",
                   "14:24: 'platform_id' is already given at 13:7",
                   "16:7: '#atf::ocl::check' may appear only once per file; the first one is at "
                   "15:7"}));
}

TEST(ClauseParserErrorTest, UnbalancedBrackets) {
  EXPECT_EQ(errorsOf("#atf::tp name X range {1, 2)\n"
                     "#atf::tp name Y range {1, 2}} constraint Y > 1\n"
                     "#atf::abort_condition evaluations(10))\n"),
            (Lines{"1:28: ')' does not match the '{' at 1:23; expected '}'", "2:29: unmatched '}'",
                   "3:38: unmatched ')'"}));
}

TEST(ClauseParserErrorTest, BadNamesAndShapes) {
  EXPECT_EQ(
      errorsOf("#atf::tp name \"1WPT\" range {1}\n"
               "#atf::tp name int range {1}\n"
               "#atf::tp name X range 1, 2, 3\n"
               "#atf::tp name Y range interval<int>\n"
               "#atf::tp name Z range interval<int(1, 2)\n"
               "#atf::ocl::kernel_name my-kernel\n"
               "#atf::ocl::input vector<int>(N)\n"
               "#atf::ocl::input buffer<float>\n"
               "#atf::ocl::local_size 1, 2, 3, 4\n"),
      (Lines{"1:16: '1WPT' is not a valid name for a tuning parameter; use letters, "
             "digits and '_', not starting with a digit",
             "2:15: 'int' is a keyword of C, C++ or OpenCL C and cannot name a tuning parameter",
             "3:23: a range is a set ({1, 2, 4} or set(1, 2, 4)) or an interval "
             "(interval<int>(1, N)); found '1, 2, 3'",
             "4:36: expected '(' after 'interval<int>', as in interval<int>(1, 10)",
             "5:31: unclosed '<' after 'interval'; add the matching '>'",
             "6:26: 'my-kernel' is not a valid name for a kernel; use letters, digits and "
             "'_', not starting with a digit",
             "7:18: a kernel input is scalar<T>(value), scalar<T>() for a random value, "
             "buffer<T>(size), or (OpenCL) local<T>(count); found 'vector<int>(N)'",
             "8:31: expected '(' after 'buffer<float>', as in buffer<float>(N)",
             "9:32: '#atf::ocl::local_size' has at most 3 dimensions"}));
}

TEST(ClauseParserErrorTest, BadEscapesAndScriptArguments) {
  EXPECT_EQ(errorsOf("#atf::run_script \"a\\qb\"\n"
                     "#atf::compile_script \"make\" -j4\n"
                     "#atf::cost_file \"\\x\"\n"
                     "#atf::tp name X range \"{\\400}\"\n"),
            (Lines{"1:20: unknown escape sequence '\\q'; write '\\\\' for a backslash",
                   "2:29: unexpected text after the string; put all of the argument inside the "
                   "quotes",
                   "3:18: \\x needs hexadecimal digits",
                   "4:25: octal escape sequence out of range; the largest is \\377"}));
}

TEST(ClauseParserErrorTest, BadResultChecks) {
  EXPECT_EQ(
      errorsOf("#atf::check gold \"a.bin\" reference {}\n"
               "#atf::check reference WPT = 1\n"
               "#atf::check reference {.WPT 1}\n"
               "#atf::check reference {.WPT = 1, .WPT = 2}\n"
               "#atf::check reference {.WPT = }\n"
               "#atf::check gold \"a.bin\" buffers 0\n"
               "#atf::check gold \"a.bin\" buffers {1, x}\n"
               "#atf::check script \"./v.sh\" server \"./s.sh\"\n"),
      (Lines{"1:26: 'reference' and 'gold' exclude each other: check against a gold file, "
             "a reference configuration, with a script or with a server",
             "2:23: a reference configuration is a braced list of parameter values, as in "
             "{.WPT = 1, .LS = 2}",
             "3:29: expected '=' after 'WPT' in the reference configuration",
             "4:35: 'WPT' is set twice in the reference configuration",
             "5:31: expected a value after 'WPT ='", "6:34: input directives are numbered from 1",
             "7:38: expected the number of an input directive (1 for the first) in "
             "'buffers'",
             "8:29: 'server' and 'script' exclude each other: check against a gold file, "
             "a reference configuration, with a script or with a server"}));
}

TEST(ClauseParserErrorTest, BadKernelInputClauses) {
  EXPECT_EQ(errorsOf("#atf::ocl::input scalar<int>(3) fill 0\n"
                     "#atf::ocl::input buffer<int>(3) fill 0 data \"x.npy\"\n"
                     "#atf::ocl::input buffer<int>(3) fill abc\n"
                     "#atf::ocl::input buffer<int>(3) fill random(1)\n"
                     "#atf::ocl::input buffer<int>(3) fill 1.5f\n"
                     "#atf::ocl::input buffer<int>(3) data \"x_$0.npy\"\n"
                     "#atf::ocl::input buffer<int>(3) dta \"x.npy\"\n"
                     "#atf::check script \"./v.sh\" tolerance 1\n"
                     "#atf::check server \"./v.sh\" relative 1 tolerance 1\n"),
            (Lines{"1:33: 'fill' gives a buffer's contents; a scalar is scalar<T>(value), or "
                   "scalar<T>() for a random value",
                   "2:40: 'data' and 'fill' exclude each other: a buffer's contents come from a "
                   "file or from a fill",
                   "3:38: a fill is a number (fill 0, fill -1, fill 1.5), fill index, or fill "
                   "random(LO, HI); found 'abc'",
                   "4:38: random(LO, HI) takes two numbers, as in fill random(-1, 1); found "
                   "'random(1)'",
                   "5:38: a fill is a number (fill 0, fill -1, fill 1.5), fill index, or fill "
                   "random(LO, HI); found '1.5f'",
                   "6:38: '$' in a data path names a command-line argument: $1 for the first, $2 "
                   "for the second, ...",
                   "7:33: unknown clause 'dta' in '#atf::ocl::input'; did you mean 'data'?",
                   "8:39: a check script decides itself what is close enough; 'tolerance' "
                   "applies to gold and reference checks",
                   "9:50: a check server decides itself what is close enough; 'tolerance' "
                   "applies to gold and reference checks"}));
}

TEST(ClauseParserErrorTest, SeveralErrorsInOneFileInOrder) {
  ClauseParse Result = parse("#atf::tp name A range {1}\n"
                             "__kernel void f() {}\n"
                             "#atf::tpp name B range {1}\n"
                             "#atf::tp name A range {2}\n"
                             "#atf::seed\n");
  EXPECT_EQ(diagnostics(Result),
            (Lines{"3:7: unknown directive '#atf::tpp'; did you mean '#atf::tp'?",
                   "4:15: tuning parameter 'A' is already declared at 1:15",
                   "5:11: expected an argument after '#atf::seed'"}));
  EXPECT_TRUE(Result.hasErrors());
  // What is right is still parsed.
  ASSERT_EQ(Result.Spec.Parameters.size(), 1u);
  EXPECT_EQ(Result.Spec.Parameters[0].Range.Expr.Text, "{1}");
}

//===----------------------------------------------------------------------===//
// Comments and other languages' operators inside an argument
//===----------------------------------------------------------------------===//

TEST(ClauseParserErrorTest, PythonFloorDivisionIsNotTakenAsAComment) {
  // Python's `//` reads as a C++ comment that cuts the expression short:
  // `BY == TS`. The comment names only the file's names, so it is an error.
  EXPECT_EQ(errorsOf("#atf::tp name TS range {8, 16}\n"
                     "#atf::tp name WPT range {1, 2}\n"
                     "#atf::tp name BY range {4, 8} constraint BY == TS // WPT\n"
                     "#atf::var<int> N = TS // (WPT + 1)\n"),
            (Lines{"3:51: '//' starts a C++ comment, which cuts off 'WPT' from the argument of "
                   "'constraint'; '//' is Python's floor division: in C++ write '/', which "
                   "divides integers without a remainder",
                   "4:23: '//' starts a C++ comment, which cuts off '(WPT + 1)' from the argument "
                   "of '='; '//' is Python's floor division: in C++ write '/', which divides "
                   "integers without a remainder"}));
  // Comments after a directive stay comments, names in them or not.
  expectClean(parse("#atf::tp name TS range {8, 16}     // 8 or 16\n"
                    "#atf::tp name WPT range {1, 2} constraint divides(TS) // WPT of TS\n"
                    "#atf::var<int> N = 1024          // a constant\n"
                    "#atf::tp name X range interval<int>(0, 10, 1, pow2) // 1, 2, 4, ..., 1024\n"
                    "#atf::tp name Y range {1, 2} constraint Y <= X // note\n"));
}

TEST(ClauseParserErrorTest, CommentInsideAnArgumentIsAnError) {
  EXPECT_EQ(errorsOf("#atf::tp name TS range {8, 16}\n"
                     "#atf::tp name WPT range {1, 2} constraint divides(TS /* tile */ / 2)\n"
                     "#atf::tp name LS range {1, 2} constraint LS <= TS && // small \\\n"
                     "    LS >= WPT\n"),
            (Lines{"2:54: this /* */ comment stands inside the argument of 'constraint' ('/* "
                   "tile */'); put comments after the directive",
                   "3:54: this '//' comment inside the argument of 'constraint' cuts off 'small' "
                   "from it; put comments after the directive"}));
  // Between clauses a comment is no part of any argument.
  expectClean(parse("#atf::tp name TS /* the tile */ range {8, 16}\n"));
}

TEST(ClauseParserErrorTest, OtherLanguagesOperatorsAreNamed) {
  EXPECT_EQ(errorsOf("#atf::tp name TS range {8, 16}\n"
                     "#atf::tp name P range {1, 2} constraint P <= TS ** 2\n"
                     "#atf::tp name Q range \"{1, 2}\" constraint \"Q == TS // 4\"\n"
                     "#atf::var<int> N = 2**10\n"),
            (Lines{"2:49: '**' is the power operator of Python and Fortran, not of C++ (here it "
                   "would multiply by a dereference); write pow(A, B), or 1 << B for a power of "
                   "two",
                   "3:52: '//' starts a C++ comment, which cuts off '4' from the argument of "
                   "'constraint'; '//' is Python's floor division: in C++ write '/', which "
                   "divides integers without a remainder",
                   "4:21: '**' is the power operator of Python and Fortran, not of C++ (here it "
                   "would multiply by a dereference); write pow(A, B), or 1 << B for a power of "
                   "two"}));
  // A pointer type is not a power; `*` in a string is no operator.
  expectClean(parse("#atf::var<int**> P = nullptr\n"
                    "#atf::tp name S range {\"a**b\", \"c//d\"}\n"));
}

// `= EXPR` makes a derived objective, after the direction or alone.
TEST(ClauseParserErrorTest, DerivedObjectives) {
  const TuningSpec Spec = specOf("#atf::objective \"time\"\n"
                                 "#atf::objective \"gflops\" max = 2.0 * N / time / 1e9\n"
                                 "#atf::objective \"per_t\" = T / time\n");
  ASSERT_EQ(Spec.Objectives.size(), 3u);
  EXPECT_FALSE(Spec.Objectives[0].Derived);
  ASSERT_TRUE(Spec.Objectives[1].Derived);
  EXPECT_TRUE(Spec.Objectives[1].Maximise);
  EXPECT_EQ(Spec.Objectives[1].Derived->Text, "2.0 * N / time / 1e9");
  EXPECT_EQ(Spec.Objectives[1].Derived->Begin, pos(2, 32));
  ASSERT_TRUE(Spec.Objectives[2].Derived);
  EXPECT_FALSE(Spec.Objectives[2].Maximise);
  EXPECT_EQ(Spec.Objectives[2].Derived->Text, "T / time");
  EXPECT_EQ(errorsOf("#atf::objective \"g\" max =\n"
                     "#atf::objective \"h\" max 2 * time\n"),
            (Lines{"1:26: expected an argument after '='",
                   "2:25: unexpected text after 'max'; write one objective per directive, most "
                   "significant first"}));
}
