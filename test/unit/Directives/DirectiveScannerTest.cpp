//===- Directives/DirectiveScannerTest.cpp - Finding directives -*- C++ -*-===//
//
// Unit tests of the directive scanner: where directives are and are not found
// (comments, literals, code before them), how continuation lines are joined
// and mapped back to the file, the errors it reports, and blanking.
//
//===----------------------------------------------------------------------===//
#include "Directives/DirectiveScanner.h"
#include "ClauseParserTestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace atfc;

namespace {

using test::pos;

DirectiveScan scanCpp(llvm::StringRef Source) {
  return scanDirectives("kernel.cpp", Source, SourceLanguage::CFamily);
}

DirectiveScan scanOther(llvm::StringRef Source) {
  return scanDirectives("run.sh", Source, SourceLanguage::Other);
}

/// The position of the first occurrence of Needle in Text, mapped to the file.
SourcePosition positionOfText(const Directive &D, llvm::StringRef Needle) {
  std::size_t Index = llvm::StringRef(D.Text).find(Needle);
  EXPECT_NE(Index, llvm::StringRef::npos) << "'" << Needle.str() << "' not in " << D.Text;
  return D.positionOf(Index);
}

void expectNoErrors(const DirectiveScan &Scan) {
  for (const Diagnostic &Diag : Scan.Diagnostics)
    ADD_FAILURE() << diagnosticLine(Diag, ProgramName);
}

std::size_t countLines(llvm::StringRef Text) { return std::count(Text.begin(), Text.end(), '\n'); }

} // namespace

TEST(SourceLanguageTest, ExtensionsOfCFamilyFiles) {
  for (const char *Ext : {"cl", ".cl", "cu", ".cuh", "c", "h", ".cpp", "cc", "cxx", "hpp", "CL"})
    EXPECT_EQ(sourceLanguageForExtension(Ext), SourceLanguage::CFamily) << Ext;
  for (const char *Ext : {"sh", ".py", "f90", "", "txt", "cmake"})
    EXPECT_EQ(sourceLanguageForExtension(Ext), SourceLanguage::Other) << Ext;
  EXPECT_EQ(sourceLanguageForPath("dir/saxpy.cl"), SourceLanguage::CFamily);
  EXPECT_EQ(sourceLanguageForPath("dir.cl/run.sh"), SourceLanguage::Other);
  EXPECT_EQ(sourceLanguageForPath("Makefile"), SourceLanguage::Other);
}

TEST(DirectiveScannerTest, FindsDirectivesWithExactPositions) {
  DirectiveScan Scan = scanCpp("#include <cstdio>\n"
                               "#atf::var<int> N = 1024\n"
                               "  #atf::tp name WPT range interval<size_t>(1, N)\n"
                               "int main() { return 0; }\n"
                               "\t#atf::search_technique exhaustive\n");
  expectNoErrors(Scan);
  EXPECT_EQ(Scan.FileName, "kernel.cpp");
  ASSERT_EQ(Scan.Directives.size(), 3u);

  const Directive &Var = Scan.Directives[0];
  EXPECT_EQ(Var.Text, "var<int> N = 1024");
  EXPECT_EQ(Var.Hash, pos(2, 1));
  EXPECT_EQ(Var.FirstLine, 2u);
  EXPECT_EQ(Var.LastLine, 2u);
  EXPECT_EQ(Var.positionOf(0), pos(2, 7));
  EXPECT_EQ(positionOfText(Var, "1024"), pos(2, 20));
  EXPECT_EQ(Var.End, pos(2, 24));
  EXPECT_EQ(Var.positionOf(Var.Text.size()), Var.End);

  const Directive &Tp = Scan.Directives[1];
  EXPECT_EQ(Tp.Text, "tp name WPT range interval<size_t>(1, N)");
  EXPECT_EQ(Tp.Hash, pos(3, 3));
  EXPECT_EQ(positionOfText(Tp, "interval"), pos(3, 27));
  EXPECT_EQ(Tp.TextPositions.size(), Tp.Text.size());

  EXPECT_EQ(Scan.Directives[2].Text, "search_technique exhaustive");
  EXPECT_EQ(Scan.Directives[2].Hash, pos(5, 2));
}

TEST(DirectiveScannerTest, FindsDirectivesInOpenCLKernel) {
  DirectiveScan Scan =
      scanDirectives("saxpy.cl",
                     "#atf::ocl::device_info vendor \"NVIDIA\" type \"GPU\" id 0\n"
                     "#atf::ocl::kernel_name saxpy\n"
                     "__kernel void saxpy(const int n, const float a, __global float *x) {\n"
                     "  for (int w = 0; w < WPT; ++w) x[get_global_id(0) * WPT + w] *= a;\n"
                     "}\n",
                     sourceLanguageForPath("saxpy.cl"));
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 2u);
  EXPECT_EQ(Scan.Directives[0].Text, "ocl::device_info vendor \"NVIDIA\" type \"GPU\" id 0");
  EXPECT_EQ(Scan.Directives[1].Text, "ocl::kernel_name saxpy");
  EXPECT_EQ(Scan.Directives[1].Hash, pos(2, 1));
}

TEST(DirectiveScannerTest, IgnoresDirectivesInCommentsAndLiterals) {
  DirectiveScan Scan = scanCpp("/*\n"
                               "#atf::tp name IN_BLOCK_COMMENT range {1}\n"
                               "*/\n"
                               "// #atf::tp name IN_LINE_COMMENT range {1}\n"
                               "const char *S = \"\\\n"
                               "#atf::tp name IN_STRING range {1}\";\n"
                               "const char *R = R\"(\n"
                               "#atf::tp name IN_RAW_STRING range {1}\n"
                               ")\";\n"
                               "/* a */ #atf::tp name AFTER_COMMENT range {1}\n"
                               "int x; #atf::tp name AFTER_CODE range {1}\n"
                               "#define M \\\n"
                               "#atf::tp name IN_MACRO range {1}\n"
                               "# atf::tp name SPACED range {1}\n"
                               "#atf::tp name REAL range {1}\n");
  // Only the spaced prefix is worth a warning: it looks like a directive.
  ASSERT_EQ(Scan.Diagnostics.size(), 1u);
  EXPECT_TRUE(Scan.Diagnostics[0].Level == Severity::Warning);
  EXPECT_EQ(Scan.Diagnostics[0].Location.Line, 14u);
  EXPECT_EQ(Scan.Diagnostics[0].Location.File, "kernel.cpp"); // a diagnostic names its file
  ASSERT_EQ(Scan.Directives.size(), 1u);
  EXPECT_EQ(Scan.Directives[0].Text, "tp name REAL range {1}");
  EXPECT_EQ(Scan.Directives[0].Hash, pos(15, 1));
}

TEST(DirectiveScannerTest, DirectiveTextDoesNotShapeLexingOfLaterCode) {
  // A directive is not C: its unbalanced quote or comment opener must not
  // swallow the code after it.
  DirectiveScan Scan = scanCpp("#atf::run_script \"./run.sh\n"
                               "/* #atf::tp name HIDDEN range {1} */\n"
                               "#atf::compile_script make /*.o\n"
                               "*/\n"
                               "#atf::tp name C range {'a}\n"
                               "#atf::seed 1\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 4u);
  EXPECT_EQ(Scan.Directives[0].Text, "run_script \"./run.sh");
  EXPECT_EQ(Scan.Directives[1].Text, "compile_script make");
  EXPECT_EQ(Scan.Directives[1].LastLine, 4u);
  EXPECT_EQ(Scan.Directives[2].Text, "tp name C range {'a}");
  EXPECT_EQ(Scan.Directives[3].Text, "seed 1");
}

TEST(DirectiveScannerTest, FindsDirectivesInsideDisabledPreprocessorBlocks) {
  // Raw lexing does no preprocessing, and a directive belongs to the tuner,
  // not to one preprocessor branch.
  DirectiveScan Scan = scanCpp("#if 0\n#atf::seed 42\n#endif\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 1u);
  EXPECT_EQ(Scan.Directives[0].Text, "seed 42");
}

TEST(DirectiveScannerTest, DropsCommentsInsideCFamilyDirectives) {
  DirectiveScan Scan = scanCpp("#atf::var<int> N = 1024          // a constant\n"
                               "#atf::tp name PAD /* or not */ range {true, false}\n"
                               "#atf::compile_script \"make // not a comment\"\n"
                               "#atf::tp name C range {'/', '\"'} // the end\n"
                               "#atf::tp name D range {1'000, 2'000} // digit separators\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 5u);
  EXPECT_EQ(Scan.Directives[0].Text, "var<int> N = 1024");
  EXPECT_EQ(Scan.Directives[1].Text, "tp name PAD   range {true, false}");
  EXPECT_EQ(positionOfText(Scan.Directives[1], "range"), pos(2, 32));
  EXPECT_EQ(Scan.Directives[2].Text, "compile_script \"make // not a comment\"");
  EXPECT_EQ(Scan.Directives[3].Text, "tp name C range {'/', '\"'}");
  EXPECT_EQ(Scan.Directives[4].Text, "tp name D range {1'000, 2'000}");
}

TEST(DirectiveScannerTest, BlockCommentCarriesDirectiveOntoLaterLines) {
  // The comment's lines must be blanked with the directive, or its end would
  // be left in the compiled source.
  std::string Source = "#atf::tp name X /* the\n"
                       "   comment */ range {1, 2}\n"
                       "int x;\n";
  DirectiveScan Scan = scanCpp(Source);
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 1u);
  EXPECT_EQ(Scan.Directives[0].Text, "tp name X   range {1, 2}");
  EXPECT_EQ(Scan.Directives[0].LastLine, 2u);
  EXPECT_EQ(positionOfText(Scan.Directives[0], "range"), pos(2, 15));
  EXPECT_EQ(blankDirectives(Source, Scan.Directives), "\n\nint x;\n");
}

TEST(DirectiveScannerTest, UnterminatedBlockCommentInDirective) {
  DirectiveScan Scan = scanCpp("int x;\n#atf::tp name X /* never closed\nrange {1}\n");
  ASSERT_EQ(Scan.Diagnostics.size(), 1u);
  EXPECT_EQ(Scan.Diagnostics[0].Location.Line, 2u);
  EXPECT_EQ(Scan.Diagnostics[0].Location.Column, 17u);
  EXPECT_NE(Scan.Diagnostics[0].Message.find("unterminated /* comment"), std::string::npos);
  ASSERT_EQ(Scan.Directives.size(), 1u);
  EXPECT_EQ(Scan.Directives[0].LastLine, 3u);
}

TEST(DirectiveScannerTest, JoinsBackslashContinuations) {
  DirectiveScan Scan = scanCpp("int a;\n"
                               "#atf::tp name WPT \\\n"
                               "         range interval<size_t>(1, N) \\\n"
                               "   constraint divides(N)\n"
                               "int b;\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 1u);
  const Directive &D = Scan.Directives[0];
  EXPECT_EQ(D.Text, "tp name WPT range interval<size_t>(1, N) constraint divides(N)");
  EXPECT_EQ(D.Hash, pos(2, 1));
  EXPECT_EQ(D.FirstLine, 2u);
  EXPECT_EQ(D.LastLine, 4u);
  EXPECT_EQ(D.TextPositions.size(), D.Text.size());
  // The joining space maps to the backslash it replaces.
  EXPECT_EQ(D.positionOf(llvm::StringRef(D.Text).find(" range")), pos(2, 19));
  EXPECT_EQ(positionOfText(D, "range"), pos(3, 10));
  EXPECT_EQ(positionOfText(D, "size_t"), pos(3, 25));
  EXPECT_EQ(positionOfText(D, "divides"), pos(4, 15));
  EXPECT_EQ(D.End, pos(4, 25));
}

TEST(DirectiveScannerTest, JoinsPaperStyleIndentedClauses) {
  // The TACO paper's Listing 3 style.
  DirectiveScan Scan = scanCpp("#atf::tp name \"CACHE_L_CB\"\n"
                               "    range {0,1}\n"
                               "    constraint [](auto v){ return v <= 1; }\n"
                               "#atf::ocl::device_info vendor \"NVIDIA\"\n"
                               "\ttype \"GPU\"\n"
                               "\tid 0\n"
                               "__kernel void gemm() {}\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 2u);
  const Directive &Tp = Scan.Directives[0];
  EXPECT_EQ(Tp.Text, "tp name \"CACHE_L_CB\" range {0,1} constraint [](auto v){ return v <= 1; }");
  EXPECT_EQ(Tp.FirstLine, 1u);
  EXPECT_EQ(Tp.LastLine, 3u);
  EXPECT_EQ(positionOfText(Tp, "{0,1}"), pos(2, 11));
  EXPECT_EQ(positionOfText(Tp, "return"), pos(3, 28));
  // The joining space maps to the end of the line it follows.
  EXPECT_EQ(Tp.positionOf(llvm::StringRef(Tp.Text).find(" range")), pos(1, 27));

  const Directive &Info = Scan.Directives[1];
  EXPECT_EQ(Info.Text, "ocl::device_info vendor \"NVIDIA\" type \"GPU\" id 0");
  EXPECT_EQ(Info.FirstLine, 4u);
  EXPECT_EQ(Info.LastLine, 6u);
  EXPECT_EQ(positionOfText(Info, "id 0"), pos(6, 2));
}

TEST(DirectiveScannerTest, PaperStyleContinuationAfterLineComment) {
  DirectiveScan Scan = scanCpp("#atf::tp name TILE // tile size\n"
                               "    range interval<int>(0, 10, 1, pow2)   // 1, 2, 4, ..., 1024\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 1u);
  EXPECT_EQ(Scan.Directives[0].Text, "tp name TILE range interval<int>(0, 10, 1, pow2)");
  EXPECT_EQ(Scan.Directives[0].LastLine, 2u);
}

TEST(DirectiveScannerTest, IndentedNonKeywordLineIsNotJoined) {
  DirectiveScan Scan = scanCpp("void f() {\n"
                               "#atf::tp name X range {1, 2}\n"
                               "    ranges[0] = X;\n"
                               "    int range = 2;\n"
                               "}\n"
                               "#atf::seed 42\n"
                               "    name = 1;\n"
                               "#atf::tp name Y range {1}\n"
                               "type int\n"
                               "range = 2;\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 3u);
  EXPECT_EQ(Scan.Directives[0].Text, "tp name X range {1, 2}");
  EXPECT_EQ(Scan.Directives[0].LastLine, 2u);
  // `seed` has no clauses, so nothing continues it.
  EXPECT_EQ(Scan.Directives[1].Text, "seed 42");
  EXPECT_EQ(Scan.Directives[1].LastLine, 6u);
  // An unindented clause line continues a directive (as the slides print
  // them) when it reads as a clause: a keyword, a blank and an argument,
  // not a C statement (`range = 2;`).
  EXPECT_EQ(Scan.Directives[2].Text, "tp name Y range {1} type int");
  EXPECT_EQ(Scan.Directives[2].LastLine, 9u);
}

TEST(DirectiveScannerTest, MisspeltPrefixIsAWarningWithTheFixedLine) {
  for (auto [Line, Fixed] :
       {std::pair{"#atf:tp name X range {1}", "#atf::tp name X range {1}"},
        std::pair{"# atf::seed 1", "#atf::seed 1"}, std::pair{"#ATF::seed 1", "#atf::seed 1"}}) {
    for (DirectiveScan Scan : {scanCpp(std::string("int x;\n") + Line + "\n"),
                               scanOther(std::string("x\n") + Line + "\n")}) {
      ASSERT_EQ(Scan.Diagnostics.size(), 1u) << Line;
      EXPECT_TRUE(Scan.Diagnostics[0].Level == Severity::Warning);
      EXPECT_FALSE(Scan.hasErrors());
      EXPECT_EQ(Scan.Diagnostics[0].Location.Line, 2u);
      EXPECT_EQ(Scan.Diagnostics[0].FixIt, Fixed);
      EXPECT_TRUE(Scan.Directives.empty());
    }
  }
  // Comments and other preprocessor lines are left alone.
  expectNoErrors(scanCpp("// #atf:tp name X\n#include <x>\n#define atf 1\n"));
  EXPECT_TRUE(scanOther("# atf: a note\n# RUN: x\n").Diagnostics.empty());
}

TEST(DirectiveScannerTest, UnterminatedContinuationIsAnError) {
  for (const char *Ending : {"", "\n", "   \n", "\r\n"}) {
    std::string Source = std::string("int x;\n#atf::tp name X range {1} \\") + Ending;
    DirectiveScan Scan = scanCpp(Source);
    ASSERT_EQ(Scan.Diagnostics.size(), 1u) << Source;
    EXPECT_EQ(Scan.Diagnostics[0].Location.Line, 2u);
    EXPECT_EQ(Scan.Diagnostics[0].Location.Column, 27u);
    EXPECT_NE(Scan.Diagnostics[0].Message.find("unterminated continuation"), std::string::npos);
    // The directive is still reported, so later stages can check it too.
    ASSERT_EQ(Scan.Directives.size(), 1u);
    EXPECT_EQ(Scan.Directives[0].Text, "tp name X range {1}");
  }
  DirectiveScan Other = scanOther("#atf::run_script \\\n");
  ASSERT_EQ(Other.Diagnostics.size(), 1u);
  EXPECT_EQ(Other.Diagnostics[0].Location.Line, 1u);
  EXPECT_EQ(Other.Diagnostics[0].Location.Column, 18u);
  EXPECT_EQ(Other.Diagnostics[0].Location.File, "run.sh");
}

TEST(DirectiveScannerTest, ScansOtherLanguagesLineByLine) {
  DirectiveScan Shell = scanOther("#!/bin/sh\n"
                                  "#atf::tp name OPT range {\"-O1\", \"-O2\"}\n"
                                  "# #atf::tp name COMMENTED range {1}\n"
                                  "  #atf::run_script \"./run.sh $1 // not a comment\"\n"
                                  "gcc $OPT main.c\n");
  expectNoErrors(Shell);
  ASSERT_EQ(Shell.Directives.size(), 2u);
  EXPECT_EQ(Shell.Directives[0].Text, "tp name OPT range {\"-O1\", \"-O2\"}");
  EXPECT_EQ(Shell.Directives[0].Hash, pos(2, 1));
  EXPECT_EQ(Shell.Directives[1].Text, "run_script \"./run.sh $1 // not a comment\"");
  EXPECT_EQ(Shell.Directives[1].Hash, pos(4, 3));
  EXPECT_EQ(positionOfText(Shell.Directives[1], "$1"), pos(4, 30));

  DirectiveScan Python = scanDirectives("tune.py",
                                        "x = 1  #atf::tp name X range {1}\n"
                                        "#atf::tp name BLOCK\n"
                                        "    range {16, 32} \\\n"
                                        "  constraint divides(64)\n"
                                        "print(x)\n",
                                        sourceLanguageForPath("tune.py"));
  expectNoErrors(Python);
  ASSERT_EQ(Python.Directives.size(), 1u);
  EXPECT_EQ(Python.Directives[0].Text, "tp name BLOCK range {16, 32} constraint divides(64)");
  EXPECT_EQ(Python.Directives[0].FirstLine, 2u);
  EXPECT_EQ(Python.Directives[0].LastLine, 4u);
  EXPECT_EQ(positionOfText(Python.Directives[0], "divides"), pos(4, 14));
}

TEST(DirectiveScannerTest, OtherLanguagesKnowNoComments) {
  // A shell script's `/*` is a glob, not a comment.
  DirectiveScan Scan = scanOther("#atf::compile_script \"rm -f obj/*.o\"\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 1u);
  EXPECT_EQ(Scan.Directives[0].Text, "compile_script \"rm -f obj/*.o\"");
}

TEST(DirectiveScannerTest, BlankingKeepsLineCountAndRemovesOnlyDirectiveLines) {
  std::string Source = "#atf::var<int> N = 1024\n"
                       "__kernel void k() {\n"
                       "#atf::tp name WPT \\\n"
                       "    range {1, 2}\n"
                       "  int i = WPT; // #atf::not one\n"
                       "#atf::tp name LS\n"
                       "    range {1}\n"
                       "}\n";
  DirectiveScan Scan = scanCpp(Source);
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 3u);
  std::string Blanked = blankDirectives(Source, Scan.Directives);
  EXPECT_EQ(countLines(Blanked), countLines(Source));
  EXPECT_EQ(Blanked, "\n"
                     "__kernel void k() {\n"
                     "\n"
                     "\n"
                     "  int i = WPT; // #atf::not one\n"
                     "\n"
                     "\n"
                     "}\n");
  // A file without a final line ending keeps having none.
  std::string NoFinalNewline = "int x;\n#atf::seed 1";
  EXPECT_EQ(blankDirectives(NoFinalNewline, scanCpp(NoFinalNewline).Directives), "int x;\n");
  EXPECT_EQ(blankDirectives(Source, {}), Source);
}

TEST(DirectiveScannerTest, HandlesCRLFLineEndings) {
  std::string Source = "int a;\r\n"
                       "#atf::tp name X \\\r\n"
                       "  range {1, 2}\r\n"
                       "#atf::tp name Y\r\n"
                       "  constraint divides(X)\r\n"
                       "int b;\r\n";
  for (SourceLanguage Language : {SourceLanguage::CFamily, SourceLanguage::Other}) {
    DirectiveScan Scan = scanDirectives("crlf", Source, Language);
    expectNoErrors(Scan);
    ASSERT_EQ(Scan.Directives.size(), 2u);
    EXPECT_EQ(Scan.Directives[0].Text, "tp name X range {1, 2}");
    EXPECT_EQ(Scan.Directives[0].LastLine, 3u);
    EXPECT_EQ(positionOfText(Scan.Directives[0], "{1, 2}"), pos(3, 9));
    EXPECT_EQ(Scan.Directives[0].End, pos(3, 15));
    EXPECT_EQ(Scan.Directives[1].Text, "tp name Y constraint divides(X)");
    EXPECT_EQ(Scan.Directives[1].Hash, pos(4, 1));
    EXPECT_EQ(blankDirectives(Source, Scan.Directives), "int a;\r\n\r\n\r\n\r\n\r\nint b;\r\n");
  }
}

TEST(DirectiveScannerTest, EmptyInputsAndEdgeCases) {
  EXPECT_TRUE(scanCpp("").Directives.empty());
  EXPECT_TRUE(scanOther("").Directives.empty());
  // A byte order mark before the first directive is not code.
  DirectiveScan Bom = scanCpp("\xEF\xBB\xBF#atf::seed 7\n");
  ASSERT_EQ(Bom.Directives.size(), 1u);
  EXPECT_EQ(Bom.Directives[0].Text, "seed 7");
  // An empty directive still has a place to point at.
  DirectiveScan Empty = scanCpp("  #atf::\n");
  ASSERT_EQ(Empty.Directives.size(), 1u);
  EXPECT_EQ(Empty.Directives[0].Text, "");
  EXPECT_EQ(Empty.Directives[0].End, pos(1, 9));
  // Back to back directives, the last one without a line ending.
  DirectiveScan Many = scanCpp("#atf::seed 1\n#atf::seed 2\n#atf::seed 3");
  ASSERT_EQ(Many.Directives.size(), 3u);
  EXPECT_EQ(Many.Directives[2].Text, "seed 3");
  EXPECT_EQ(Many.Directives[2].LastLine, 3u);
}

TEST(DirectiveScannerTest, JoinsIndentedResultCheckClauses) {
  DirectiveScan Scan = scanCpp("#atf::check gold \"expected.bin\"\n"
                               "    tolerance 1e-5\n"
                               "    buffers 2\n"
                               "    int main() {}\n");
  expectNoErrors(Scan);
  ASSERT_EQ(Scan.Directives.size(), 1u);
  EXPECT_EQ(Scan.Directives[0].Text, "check gold \"expected.bin\" tolerance 1e-5 buffers 2");
  EXPECT_EQ(Scan.Directives[0].LastLine, 3u);
}
