//===- DiagnosticTest.cpp - What atfc tells its user ----------------------===//
#include "Support/Diagnostic.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace atfc {
namespace {

Diagnostic at(std::string File, unsigned Line, unsigned Column, std::string Message,
              Severity Level = Severity::Error) {
  Diagnostic D;
  D.Level = Level;
  D.Location = {std::move(File), Line, Column};
  D.Message = std::move(Message);
  return D;
}

TEST(DiagnosticTest, NamesAreQuotedOneWay) {
  EXPECT_EQ(quoted("WPT"), "'WPT'");
  EXPECT_EQ(quoted(""), "''");
}

TEST(DiagnosticTest, FirstLineHasOneFormat) {
  EXPECT_EQ(diagnosticLine(at("f.cl", 3, 15, "unknown clause"), "atfc"),
            "f.cl:3:15: error: unknown clause");
  EXPECT_EQ(diagnosticLine(at("f.cl", 3, 0, "m", Severity::Warning), "atfc"), "f.cl:3: warning: m");
  EXPECT_EQ(diagnosticLine(at("f.cl", 0, 0, "m"), "atfc"), "f.cl: error: m");
  EXPECT_EQ(diagnosticLine(at("", 0, 0, "no such option"), "atfc"), "atfc: error: no such option");
}

TEST(DiagnosticTest, SinkShowsTheLineTheCaretAndTheFixIt) {
  std::ostringstream Out;
  DiagnosticSink Sink(Out, "atfc");
  Sink.setSource("f.cl", "first\n\t#atf::tp rnage\r\nlast");
  Diagnostic D = at("f.cl", 2, 11, "unknown clause 'rnage'; did you mean 'range'?");
  D.FixIt = "range";
  Sink.report(D);
  EXPECT_EQ(Out.str(), "f.cl:2:11: error: unknown clause 'rnage'; did you mean 'range'?\n"
                       "\t#atf::tp rnage\n"
                       "\t         ^\n"
                       "\t         range\n");
  EXPECT_EQ(Sink.errorCount(), 1u);
}

// Columns count bytes: after a UTF-8 character (two bytes, one place on
// the terminal) the caret stood one place too far right, and after a byte
// order mark three places (the mark was printed, and shows as nothing).
TEST(DiagnosticTest, TheCaretCountsCharactersNotBytes) {
  std::ostringstream Out;
  DiagnosticSink Sink(Out, "atfc");
  Sink.setSource("u.sh", "\xEF\xBB\xBFX < Y\n/* \xC3\xA9\xE2\x82\xAC */ Y\n");
  Sink.report(at("u.sh", 1, 8, "use of undeclared identifier 'Y'"));
  Sink.report(at("u.sh", 2, 13, "use of undeclared identifier 'Y'"));
  EXPECT_EQ(Out.str(), "u.sh:1:8: error: use of undeclared identifier 'Y'\n"
                       "X < Y\n"
                       "    ^\n"
                       "u.sh:2:13: error: use of undeclared identifier 'Y'\n"
                       "/* \xC3\xA9\xE2\x82\xAC */ Y\n"
                       "         ^\n");
}

// CLI tester: a double-width character took one place before the caret,
// which then stood left of its column. Each character takes the places a
// terminal gives it: two for CJK and emoji, none for a combining mark.
TEST(DiagnosticTest, TheCaretCountsTheDisplayWidth) {
  std::ostringstream Out;
  DiagnosticSink Sink(Out, "atfc");
  // "// 漢字 😀 e\u0301 Y": Y in column 20 (bytes), after 13 places.
  const std::string Line = "// \xE6\xBC\xA2\xE5\xAD\x97 \xF0\x9F\x98\x80 e\xCC\x81 Y";
  Sink.setSource("w.sh", Line + "\n");
  Sink.report(at("w.sh", 1, 20, "use of undeclared identifier 'Y'"));
  EXPECT_EQ(Out.str(), "w.sh:1:20: error: use of undeclared identifier 'Y'\n" + Line + "\n" +
                           std::string(13, ' ') + "^\n");
}

TEST(DiagnosticTest, SinkCountsAndPrintsNotes) {
  std::ostringstream Out;
  DiagnosticSink Sink(Out, "tuner");
  Diagnostic D = at("", 0, 0, "cannot open 'x'", Severity::Warning);
  D.Notes.push_back(at("", 0, 0, "the run goes on", Severity::Error)); // printed as a note
  Sink.report(D);
  EXPECT_EQ(Out.str(), "tuner: warning: cannot open 'x'\ntuner: note: the run goes on\n");
  EXPECT_EQ(Sink.warningCount(), 1u);
  EXPECT_EQ(Sink.errorCount(), 0u);
}

// Issue 44: 100,000 duplicate or unknown directives took 39 s (each
// diagnostic scanned the file from its start for its line) and printed
// every one. The sink shows the first 20 errors and 20 warnings, says once
// that it stopped, counts them all, and finds lines in constant time: a
// million diagnostics at the end of a 100,000-line file take well under
// a second even with no limit.
TEST(DiagnosticTest, AnErrorLimitShowsTheFirstAndCountsTheRest) {
  std::ostringstream Out;
  DiagnosticSink Sink(Out, "atfc");
  Sink.setSource("f.cl", "#atf::tp\n");
  for (int I = 0; I < 1000; ++I)
    Sink.report(at("f.cl", 1, 1, "duplicate " + std::to_string(I)));
  EXPECT_EQ(Sink.errorCount(), 1000u);
  const std::string Text = Out.str();
  EXPECT_NE(Text.find("duplicate 19\n"), std::string::npos);
  EXPECT_EQ(Text.find("duplicate 20\n"), std::string::npos);
  EXPECT_NE(Text.find("atfc: note: more than 20 errors or warnings; the rest are not shown "
                      "(`atfc check --error-limit 0 FILE` shows all)\n"),
            std::string::npos);
  EXPECT_EQ(Text.find("note:"), Text.rfind("note:")) << "said once";

  std::ostringstream All;
  DiagnosticSink Unlimited(All, "atfc");
  Unlimited.setErrorLimit(0);
  std::string Big;
  for (int I = 0; I < 100000; ++I)
    Big += "#atf::tp name X" + std::to_string(I) + " range {1}\n";
  Unlimited.setSource("big.cl", Big);
  const auto Start = std::chrono::steady_clock::now();
  for (unsigned I = 0; I < 100000; ++I)
    Unlimited.report(at("big.cl", 100000 - I % 7, 10, "x"));
  const double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  EXPECT_EQ(Unlimited.errorCount(), 100000u);
  EXPECT_LT(Seconds, 5.0) << "quadratic: every diagnostic scanned the file";
  EXPECT_NE(All.str().find("#atf::tp name X99999 range {1}\n"), std::string::npos);
}

TEST(DiagnosticTest, LinesPastTheEndOfTheFileShowNoSource) {
  std::ostringstream Out;
  DiagnosticSink Sink(Out, "atfc");
  Sink.setSource("f.cl", "one line");
  Sink.report(at("f.cl", 9, 1, "m"));
  Sink.report(at("missing-file.cl", 1, 1, "n")); // unreadable: the line only
  EXPECT_EQ(Out.str(), "f.cl:9:1: error: m\nmissing-file.cl:1:1: error: n\n");
}

TEST(DiagnosticTest, SinkReadsTheSourceLineOfARegularFileItselfWhenNotGiven) {
  const test::ScopedTempDirectory Scratch("atfc-diagnostic-source");
  const std::string File = (Scratch.path() / "h.cl").string();
  std::ofstream(File) << "first\n  bad here\n";
  std::ostringstream Out;
  DiagnosticSink Sink(Out, "atfc");
  Sink.report(at(File, 2, 3, "m"));
  EXPECT_EQ(Out.str(), File + ":2:3: error: m\n  bad here\n  ^\n");
}

// A diagnostic at a file that is not a regular one, or is too large to be
// worth a line under it, prints no source line and returns at once. Each
// is reported in a child that SIGALRM ends, so that a read that blocks
// (a FIFO) or never ends (/dev/zero, a sparse terabyte) fails the test
// instead of hanging it.
TEST(DiagnosticTest, SourcesThatAreNoRegularFileOrTooLargeShowNoLineAndReturnAtOnce) {
  const test::ScopedTempDirectory Scratch("atfc-diagnostic-source");
  const std::filesystem::path Fifo = Scratch.path() / "fifo";
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  const std::filesystem::path Sparse = Scratch.path() / "sparse";
  std::ofstream(Sparse) << "x\n";
  std::filesystem::resize_file(Sparse, std::uintmax_t(1) << 40);
  std::filesystem::create_symlink(Fifo, Scratch.path() / "link-to-fifo");
  const std::vector<std::string> Files = {Fifo.string(), (Scratch.path() / "link-to-fifo").string(),
                                          "/dev/zero", Scratch.path().string(), Sparse.string()};
  for (const std::string &File : Files) {
    EXPECT_EXIT(
        {
          alarm(20);
          std::ostringstream Out;
          DiagnosticSink Sink(Out, "atfc");
          Sink.report(at(File, 1, 1, "m"));
          std::cerr << Out.str();
          std::_Exit(Out.str() == File + ":1:1: error: m\n" ? 0 : 1);
        },
        ::testing::ExitedWithCode(0), "")
        << File;
  }
}

TEST(DiagnosticTest, OneProgramNameByDefault) {
  std::ostringstream Out;
  DiagnosticSink Sink(Out);
  EXPECT_EQ(Sink.program(), "atfc");
  Sink.error("no such option");
  Sink.warning({"f.cl", 2, 0}, "unused input");
  Sink.note("run with --help");
  EXPECT_EQ(Out.str(), "atfc: error: no such option\n"
                       "f.cl:2: warning: unused input\n"
                       "atfc: note: run with --help\n");
  EXPECT_EQ(Sink.errorCount(), 1u);
  EXPECT_EQ(Sink.warningCount(), 1u);
}

TEST(DiagnosticTest, EveryLineItPrintsHasTheOneFormat) {
  // What format.test checks of atfc's output, here of the sink's own: each
  // first line is "WHERE: SEVERITY: message", WHERE the file position or
  // the program.
  std::ostringstream Out;
  DiagnosticSink Sink(Out);
  Sink.setSource("k.cl", "#atf::tp name X rnage {1}\n");
  std::vector<Diagnostic> All;
  for (Severity Level : {Severity::Error, Severity::Warning, Severity::Note})
    for (const SourceLocation &Where :
         {SourceLocation{}, SourceLocation{"k.cl", 0, 0}, SourceLocation{"k.cl", 1, 0},
          SourceLocation{"k.cl", 1, 17}})
      All.push_back(diagnosticAt(Level, Where, "m", "range"));
  EXPECT_TRUE(hasErrors(All));
  All.erase(All.begin(), All.begin() + 4);
  EXPECT_FALSE(hasErrors(All));
  Sink.report(All);
  std::istringstream Lines(Out.str());
  std::size_t Diagnostics = 0;
  for (std::string Line; std::getline(Lines, Line);) {
    const bool Source = Line == "#atf::tp name X rnage {1}" ||
                        Line.find_first_not_of(' ') == 16; // the caret and the fix-it
    if (Source)
      continue;
    ++Diagnostics;
    EXPECT_TRUE(Line.rfind("atfc: ", 0) == 0 || Line.rfind("k.cl: ", 0) == 0 ||
                Line.rfind("k.cl:1: ", 0) == 0 || Line.rfind("k.cl:1:17: ", 0) == 0)
        << Line;
    EXPECT_TRUE(Line.find(": warning: m") != std::string::npos ||
                Line.find(": note: m") != std::string::npos)
        << Line;
  }
  EXPECT_EQ(Diagnostics, All.size());
}

TEST(DiagnosticTest, SortsByFileAndPositionStably) {
  std::vector<Diagnostic> Ds = {at("b", 1, 1, "4"), at("a", 2, 1, "3"), at("a", 1, 5, "2"),
                                at("", 0, 0, "1"), at("a", 1, 5, "2b")};
  sortByLocation(Ds);
  std::string Order;
  for (const Diagnostic &D : Ds)
    Order += D.Message + ' ';
  EXPECT_EQ(Order, "1 2 2b 3 4 ");
}

} // namespace
} // namespace atfc
