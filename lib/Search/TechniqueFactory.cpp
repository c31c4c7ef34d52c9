//===- Search/TechniqueFactory.cpp - Techniques by name -------------------===//
#include "Search/TechniqueFactory.h"

#include "Search/Exhaustive.h"
#include "Search/RandomSearch.h"
#include "Search/RoundRobin.h"

#include <array>

namespace atfc {

namespace {

// The registry: one line per technique (see TechniqueFactory.h).
const TechniqueEntry Registry[] = {
    {"exhaustive", "every configuration once, in index order", 0, 0, 0, "",
     &buildWithNumbers<Exhaustive>},
    {"random", "uniformly random configurations", 0, 0, 0, "", &buildWithNumbers<RandomSearch>},
    {"round_robin", "round_robin(t1, t2, ...): the techniques propose in turn", 0, 1, 64, "",
     &buildWithTechniques<RoundRobin>},
};

std::string plural(std::size_t N, std::string_view Word) {
  return std::to_string(N) + " " + std::string(Word) + (N == 1 ? "" : "s");
}

TextError unknownTechnique(const TechniqueExpr &Expr) {
  std::vector<std::string_view> Names;
  for (const TechniqueEntry &Entry : Registry)
    Names.push_back(Entry.Name);
  std::string Message = "unknown search technique '" + Expr.Name + "'";
  if (std::string_view Close = closestName(Expr.Name, Names); !Close.empty()) {
    Message += "; did you mean '" + std::string(Close) + "'?";
  } else {
    Message += "; known:";
    for (std::size_t I = 0; I < Names.size(); ++I)
      Message += (I ? ", " : " ") + std::string(Names[I]);
  }
  return {std::move(Message), Expr.Offset};
}

} // namespace

std::span<const TechniqueEntry> techniqueRegistry() { return Registry; }

std::vector<std::string> knownTechniques() {
  std::vector<std::string> Names;
  for (const TechniqueEntry &Entry : Registry)
    Names.emplace_back(Entry.Name);
  return Names;
}

std::string_view defaultTechniqueText() { return "auc_bandit"; }

TechniqueOrError makeTechnique(const TechniqueExpr &Expr) {
  const TechniqueEntry *Entry = nullptr;
  for (const TechniqueEntry &Candidate : Registry)
    if (Candidate.Name == Expr.Name)
      Entry = &Candidate;
  if (!Entry)
    return {nullptr, unknownTechnique(Expr)};

  if (Expr.Numbers.size() > Entry->MaxNumbers)
    return {nullptr,
            {Entry->MaxNumbers == 0
                 ? Expr.Name + " takes no numbers"
                 : Expr.Name + " takes at most " + plural(Entry->MaxNumbers, "number"),
             Expr.Offset}};

  // The sub-techniques: those written, else the entry's defaults.
  std::vector<TechniqueExpr> SubExprs = Expr.Techniques;
  if (SubExprs.empty() && !Entry->DefaultTechniques.empty()) {
    TechniqueExprOrError Defaults = parseTechnique(std::string(Entry->Name) + "(" +
                                                   std::string(Entry->DefaultTechniques) + ")");
    if (!Defaults.ok())
      return {
          nullptr,
          {"the default techniques of " + Expr.Name + " do not parse: " + Defaults.Error.Message,
           Expr.Offset}};
    SubExprs = std::move(Defaults.Expr->Techniques);
    for (TechniqueExpr &Sub : SubExprs)
      Sub.Offset = Expr.Offset;
  }
  if (SubExprs.size() > Entry->MaxTechniques)
    return {nullptr,
            {Entry->MaxTechniques == 0
                 ? Expr.Name + " takes no techniques"
                 : Expr.Name + " takes at most " + plural(Entry->MaxTechniques, "technique"),
             Expr.Offset}};
  if (SubExprs.size() < Entry->MinTechniques)
    return {nullptr,
            {Expr.Name + " needs at least " + plural(Entry->MinTechniques, "technique") +
                 ", e.g. " + Expr.Name + "(random, exhaustive)",
             Expr.Offset}};

  TechniqueArguments Arguments{Expr, {}};
  for (const TechniqueExpr &Sub : SubExprs) {
    TechniqueOrError Built = makeTechnique(Sub);
    if (!Built.ok())
      return Built;
    Arguments.Techniques.push_back(std::move(Built.Technique));
  }
  return Entry->Build(std::move(Arguments));
}

TechniqueOrError makeTechnique(std::string_view Text) {
  TechniqueExprOrError Parsed = parseTechnique(Text);
  if (!Parsed.ok())
    return {nullptr, std::move(Parsed.Error)};
  return makeTechnique(*Parsed.Expr);
}

} // namespace atfc
