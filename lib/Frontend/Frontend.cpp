//===- Frontend/Frontend.cpp - The directive frontend, end to end -------===//
#include "Frontend/Frontend.h"

#include "Directives/ClauseParser.h"
#include "Frontend/FileChecks.h"

namespace atfc {

bool FrontendResult::hasErrors() const { return atfc::hasErrors(Diagnostics); }

static void addErrors(FrontendResult &Result, const std::vector<Diagnostic> &Found) {
  Result.Diagnostics.insert(Result.Diagnostics.end(), Found.begin(), Found.end());
}

FrontendResult runFrontend(llvm::StringRef FileName, std::string Source) {
  FrontendResult Result;
  Result.FileName = FileName.str();
  Result.Source = std::move(Source);
  Result.Scan = scanDirectives(FileName, Result.Source, sourceLanguageForPath(FileName));
  addErrors(Result, Result.Scan.Diagnostics);
  if (!Result.hasErrors()) {
    ClauseParse Parse = parseClauses(Result.Scan);
    addErrors(Result, Parse.Diagnostics);
    Result.Spec = std::move(Parse.Spec);
  }
  if (!Result.hasErrors()) {
    Result.Analysis = analyzeSpec(Result.Spec, FileName);
    Result.Diagnostics.insert(Result.Diagnostics.end(), Result.Analysis.Diagnostics.begin(),
                              Result.Analysis.Diagnostics.end());
  }
  if (!Result.hasErrors())
    checkWholeFile(Result);
  sortByLocation(Result.Diagnostics);
  return Result;
}

void reportDiagnostics(DiagnosticSink &Sink, const FrontendResult &Result) {
  Sink.setSource(Result.FileName, Result.Source);
  Sink.report(Result.Diagnostics);
}

static void printNames(llvm::raw_ostream &OS, const FrontendResult &R, const NameReferences &N) {
  bool First = true;
  auto Separate = [&] {
    OS << (First ? "" : ", ");
    First = false;
  };
  for (std::size_t I : N.Inputs) {
    Separate();
    OS << R.Spec.Inputs[I].Name.Name;
  }
  for (std::size_t P : N.Parameters) {
    Separate();
    OS << R.Spec.Parameters[P].Name.Name;
  }
  for (const std::string &L : N.DeviceLimits) {
    Separate();
    OS << L;
  }
  if (First)
    OS << "nothing";
}

std::vector<ConjunctRole> conjunctRoles(const AnalyzedParameter &P) {
  std::vector<ConjunctRole> Roles(P.Conjuncts.size(), ConjunctRole::Filter);
  if (!P.RangeLoops)
    return Roles;
  // As SearchSpace/CandidateEnumeration.h: bounds cut the loop; the first
  // divides, else the first multiple_of, else the first equal drives it.
  for (std::size_t C = 0; C < P.Conjuncts.size(); ++C)
    switch (P.Conjuncts[C].Shape) {
    case ConjunctShape::LessThan:
    case ConjunctShape::LessThanOrEq:
    case ConjunctShape::GreaterThan:
    case ConjunctShape::GreaterThanOrEq:
      Roles[C] = ConjunctRole::Bound;
      break;
    default:
      break;
    }
  for (ConjunctShape Source :
       {ConjunctShape::Divides, ConjunctShape::MultipleOf, ConjunctShape::Equal})
    for (std::size_t C = 0; C < P.Conjuncts.size(); ++C)
      if (P.Conjuncts[C].Shape == Source) {
        Roles[C] = ConjunctRole::Loop;
        return Roles;
      }
  return Roles;
}

llvm::StringRef conjunctRoleName(ConjunctRole Role) {
  switch (Role) {
  case ConjunctRole::Loop:
    return "loop  ";
  case ConjunctRole::Bound:
    return "bound ";
  case ConjunctRole::Filter:
    return "filter";
  }
  return "filter";
}

void printSummary(llvm::raw_ostream &OS, const FrontendResult &R) {
  const TuningSpec &Spec = R.Spec;
  const AnalyzedSpec &A = R.Analysis;
  OS << R.FileName << ": " << Spec.Inputs.size() << " input(s), " << Spec.Parameters.size()
     << " tuning parameter(s) in " << A.Groups.size() << " group(s)\n";
  for (std::size_t I = 0; I < Spec.Inputs.size(); ++I) {
    const InputVariable &In = Spec.Inputs[I];
    OS << "  input " << In.Name.Name << " : " << A.Inputs[I].TypeName << " = ";
    if (In.Kind == InputKind::Positional)
      OS << "$" << In.ArgumentIndex;
    else
      OS << In.Value.Text;
    OS << (A.Inputs[I].Used ? "" : "  (unused)") << '\n';
  }
  for (std::size_t G = 0; G < A.Groups.size(); ++G) {
    OS << "group " << G + 1 << ":";
    for (std::size_t P : A.Groups[G].Parameters)
      OS << ' ' << Spec.Parameters[P].Name.Name;
    OS << '\n';
    for (std::size_t P : A.Groups[G].Parameters) {
      const TuningParameter &Param = Spec.Parameters[P];
      const AnalyzedParameter &AP = A.Parameters[P];
      OS << "  " << Param.Name.Name << " : " << AP.TypeName << " in " << Param.Range.Expr.Text
         << '\n';
      if (AP.Conjuncts.empty())
        continue;
      OS << "    constraint names ";
      printNames(OS, R, AP.ConstraintNames);
      OS << '\n';
      const std::vector<ConjunctRole> Roles = conjunctRoles(AP);
      for (std::size_t C = 0; C < AP.Conjuncts.size(); ++C)
        OS << "    " << conjunctRoleName(Roles[C]) << ' '
           << conjunctShapeName(AP.Conjuncts[C].Shape) << '(' << AP.Conjuncts[C].Expr.Text << ")\n";
    }
  }
}

} // namespace atfc
