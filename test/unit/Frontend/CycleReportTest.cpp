//===- Frontend/CycleReportTest.cpp - Where a cycle is reported -*- C++ -*-===//
//
// Unit tests of cycleDiagnostic: the error stands at the reference that
// closes the cycle in file order, wherever its directive is, and a note at
// each other reference of the cycle, in the cycle's order.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CycleReport.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace atfc;

namespace {

std::vector<std::string> linesOf(const Diagnostic &D) {
  std::vector<std::string> Lines{diagnosticLine(D, ProgramName)};
  for (const Diagnostic &Note : D.Notes)
    Lines.push_back(diagnosticLine(Note, ProgramName));
  return Lines;
}

const std::vector<std::string> CycleNames{"A", "B", "C", "D"};
const std::vector<SourcePosition> Directives{{1, 1}, {2, 1}, {3, 1}, {4, 1}};

} // namespace

TEST(CycleReportTest, AtTheReferenceThatClosesTheCycle) {
  // A names C (line 1), B names A (line 2), C names B (line 3): the last.
  const std::vector<ParameterReference> References{
      {0, 2, {1, 40}}, {1, 0, {2, 40}}, {2, 1, {3, 45}}};
  EXPECT_EQ(linesOf(cycleDiagnostic({0, 1, 2}, References, CycleNames, Directives, "f.cl")),
            (std::vector<std::string>{
                "f.cl:3:45: error: cyclic constraints between parameters A, B and C: the "
                "constraint of 'C' names 'B' here, which closes the cycle; each needs the value "
                "of another to be generated first; remove one of these names from its constraint",
                "f.cl:2:40: note: the constraint of 'B' names 'A' here",
                "f.cl:1:40: note: the constraint of 'A' names 'C' here"}));
}

TEST(CycleReportTest, TheFileOrderOfTheReferencesDecidesNotTheDirectives) {
  // The first directive's reference comes last: on its continuation line.
  const std::vector<ParameterReference> References{{0, 1, {5, 15}}, {1, 0, {2, 40}}};
  const Diagnostic D = cycleDiagnostic({0, 1}, References, CycleNames, Directives, "f.cl");
  EXPECT_EQ(D.Location, (SourceLocation{"f.cl", 5, 15}));
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_EQ(D.Notes[0].Location, (SourceLocation{"f.cl", 2, 40}));
}

TEST(CycleReportTest, ReferencesOutsideTheComponentAreIgnored) {
  // D names A before the cycle closes; it is not part of it.
  const std::vector<ParameterReference> References{
      {3, 0, {1, 30}}, {0, 1, {2, 40}}, {1, 0, {3, 40}}};
  const Diagnostic D = cycleDiagnostic({0, 1}, References, CycleNames, Directives, "f.cl");
  EXPECT_EQ(D.Location, (SourceLocation{"f.cl", 3, 40}));
  EXPECT_EQ(D.Notes.size(), 1u);
}

TEST(CycleReportTest, WithoutReferencesAtTheFirstDirective) {
  const Diagnostic D = cycleDiagnostic({1, 2}, {}, CycleNames, Directives, "f.cl");
  EXPECT_EQ(diagnosticLine(D, ProgramName),
            "f.cl:2:1: error: cyclic constraints between parameters B and C: each needs the "
            "value of another to be generated first; remove one of these names from its "
            "constraint");
  EXPECT_TRUE(D.Notes.empty());
}
