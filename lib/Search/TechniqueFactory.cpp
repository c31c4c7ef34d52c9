//===- Search/TechniqueFactory.cpp - Techniques by name -------------------===//
#include "Search/TechniqueFactory.h"

#include "Search/Techniques/AtfPortfolio.h"
#include "Search/Techniques/AucBandit.h"
#include "Search/Techniques/BayesOpt.h"
#include "Search/Techniques/DifferentialEvolution.h"
#include "Search/Techniques/EvenSplit.h"
#include "Search/Techniques/Exhaustive.h"
#include "Search/Techniques/GeneticAlgorithm.h"
#include "Search/Techniques/GreedyMutation.h"
#include "Search/Techniques/GreyWolf.h"
#include "Search/Techniques/LocalSearch.h"
#include "Search/Techniques/NelderMead.h"
#include "Search/Techniques/OrthogonalSearch.h"
#include "Search/Techniques/ParticleSwarm.h"
#include "Search/Techniques/PatternSearch.h"
#include "Search/Techniques/RandomSearch.h"
#include "Search/Techniques/RoundRobin.h"
#include "Search/Techniques/ShrinkingSample.h"
#include "Search/Techniques/SimulatedAnnealing.h"
#include "Search/Techniques/SurrogateForest.h"
#include "Search/Techniques/TabuSearch.h"
#include "Search/Techniques/Torczon.h"
#include "Search/Techniques/WindowSearch.h"
#include "Support/NumberText.h"
#include "Support/Suggestions.h"

#include <array>

namespace atfc {

namespace {

// The arms of the default technique (AucBandit::defaultArms() builds the same).
constexpr std::string_view kAucBanditDefaultArms =
    "local_search(24, 3, 3, 0, 10), bayes_opt(8, 2, 150, 1000)";

/// The registry line of T (see TechniqueFactory.h).
template <class T>
constexpr TechniqueEntry entry(std::string_view Name, std::string_view Summary,
                               std::size_t MinTechniques, std::size_t MaxTechniques,
                               std::string_view DefaultTechniques, TechniqueBuilder Build) {
  return {Name, Summary, parametersOf<T>(), MinTechniques, MaxTechniques, DefaultTechniques, Build};
}

// The registry: one line per technique (see TechniqueFactory.h).
const TechniqueEntry Registry[] = {
    entry<Exhaustive>("exhaustive", "every configuration once, in index order", 0, 0, "",
                      &buildWithNumbers<Exhaustive>),
    entry<RandomSearch>("random", "uniformly random configurations", 0, 0, "",
                        &buildWithNumbers<RandomSearch>),
    entry<RoundRobin>("round_robin", "the techniques propose in turn", 1, 64, "",
                      &buildWithTechniques<RoundRobin>),
    entry<EvenSplit>("even_split", "a technique on the TACO paper's even split of each level", 1, 1,
                     "", &buildWithTechniques<EvenSplit>),
    entry<AucBandit>("auc_bandit", "OpenTuner's AUC bandit over techniques", 1, 64,
                     kAucBanditDefaultArms, &buildWithTechniques<AucBandit>),
    entry<AtfPortfolio>("atf_portfolio", "ATF's AUC bandit: DE, Nelder-Mead and Torczon", 1, 64,
                        AtfPortfolio::kDefaultArms, &buildWithTechniques<AucBandit>),
    entry<BayesOpt>("bayes_opt", "Gaussian-process Bayesian optimisation", 0, 0, "",
                    &buildWithNumbers<BayesOpt>),
    entry<DifferentialEvolution>("differential_evolution", "DE/rand/1/bin", 0, 0, "",
                                 &buildWithNumbers<DifferentialEvolution>),
    entry<GeneticAlgorithm>("genetic_algorithm", "constraint-aware GA on parameter values", 0, 0,
                            "", &buildWithNumbers<GeneticAlgorithm>),
    entry<GreedyMutation>("greedy_mutation", "mutations of the best", 0, 0, "",
                          &buildWithNumbers<GreedyMutation>),
    entry<GreyWolf>("grey_wolf", "a pack of configurations led by its three best", 0, 0, "",
                    &buildWithNumbers<GreyWolf>),
    entry<LocalSearch>("local_search", "iterated tabu search on parameter values", 0, 0, "",
                       &buildWithNumbers<LocalSearch>),
    entry<NelderMead>("nelder_mead", "the Nelder-Mead simplex", 0, 0, "",
                      &buildWithNumbers<NelderMead>),
    entry<OrthogonalSearch>("orthogonal_search", "one parameter at a time, logarithmically", 0, 0,
                            "", &buildWithNumbers<OrthogonalSearch>),
    entry<ParticleSwarm>("particle_swarm", "particle swarm optimisation", 0, 0, "",
                         &buildWithNumbers<ParticleSwarm>),
    entry<PatternSearch>("pattern_search", "compass search", 0, 0, "",
                         &buildWithNumbers<PatternSearch>),
    entry<ShrinkingSample>("shrinking_sample", "Li and Agrawal's shrinking sample", 0, 0, "",
                           &buildWithNumbers<ShrinkingSample>),
    entry<SimulatedAnnealing>("simulated_annealing", "simulated annealing of mutations", 0, 0, "",
                              &buildWithNumbers<SimulatedAnnealing>),
    entry<SurrogateForest>("surrogate_forest", "random-forest model of cost", 0, 0, "",
                           &buildWithNumbers<SurrogateForest>),
    entry<TabuSearch>("tabu_search", "best-improvement tabu search on parameter values", 0, 0, "",
                      &buildWithNumbers<TabuSearch>),
    entry<Torczon>("torczon", "multi-directional search", 0, 0, "", &buildWithNumbers<Torczon>),
    entry<WindowSearch>("window_search", "random samples in a shrinking window", 0, 0, "",
                        &buildWithNumbers<WindowSearch>),
    // The ATF slides' spelling of random, last so that it stays out of the
    // way in the list of known techniques.
    entry<RandomSearch>("random_search", "random, as the ATF slides spell it", 0, 0, "",
                        &buildWithNumbers<RandomSearch>),
};

std::string plural(std::size_t N, std::string_view Word) {
  return std::to_string(N) + " " + std::string(Word) + (N == 1 ? "" : "s");
}

Error unknownTechnique(const TechniqueExpr &Expr) {
  std::vector<std::string_view> Names;
  for (const TechniqueEntry &Entry : Registry)
    Names.push_back(Entry.Name);
  std::string Message = "unknown search technique '" + Expr.Name + "'";
  if (std::string_view Close = closestSpelling(Expr.Name, Names); !Close.empty()) {
    Message += "; did you mean '" + std::string(Close) + "'?";
  } else {
    Message += "; known:";
    for (std::size_t I = 0; I < Names.size(); ++I)
      Message += (I ? ", " : " ") + std::string(Names[I]);
  }
  return textError(Expr.Offset, std::move(Message));
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

std::string techniqueHelp() {
  std::string Text;
  for (const TechniqueEntry &Entry : Registry) {
    Text += "  " + signatureText(Entry.Name, Entry.Parameters, Entry.MaxTechniques > 0) +
            "\n      " + std::string(Entry.Summary) + "\n";
    for (const HyperParameter &P : Entry.Parameters)
      Text += "      " + std::string(P.Name) + ": " + std::string(P.Meaning) + ", " +
              admittedText(P) + "\n";
  }
  return Text;
}

std::string techniqueParameterTable() {
  std::string Text = "| technique | number | default | admits | meaning |\n|---|---|---|---|---|\n";
  for (const TechniqueEntry &Entry : Registry)
    for (const HyperParameter &P : Entry.Parameters)
      Text += "| `" + std::string(Entry.Name) + "` | `" + std::string(P.Name) + "` | " +
              shortestText(P.Default) + " | " + admittedText(P) + " | " + std::string(P.Meaning) +
              " |\n";
  return Text;
}

Expected<std::unique_ptr<SearchTechnique>> makeTechnique(const TechniqueExpr &Expr) {
  const TechniqueEntry *Entry = nullptr;
  for (const TechniqueEntry &Candidate : Registry)
    if (Candidate.Name == Expr.Name)
      Entry = &Candidate;
  if (!Entry)
    return unknownTechnique(Expr);

  Expected<std::vector<double>> Values =
      hyperParameterValues(Expr.Name, Entry->Parameters, Expr.Numbers);
  if (!Values)
    return textError(Expr.Offset, Values.error().message());

  // The sub-techniques: those written, else the entry's defaults.
  std::vector<TechniqueExpr> SubExprs = Expr.Techniques;
  if (SubExprs.empty() && !Entry->DefaultTechniques.empty()) {
    Expected<TechniqueExpr> Defaults = parseTechnique(std::string(Entry->Name) + "(" +
                                                      std::string(Entry->DefaultTechniques) + ")");
    if (!Defaults)
      return textError(Expr.Offset, "the default techniques of " + Expr.Name +
                                        " do not parse: " + Defaults.error().message());
    SubExprs = std::move(Defaults->Techniques);
    for (TechniqueExpr &Sub : SubExprs)
      Sub.Offset = Expr.Offset;
  }
  if (SubExprs.size() > Entry->MaxTechniques)
    return textError(Expr.Offset, Entry->MaxTechniques == 0
                                      ? Expr.Name + " takes no techniques"
                                      : Expr.Name + " takes at most " +
                                            plural(Entry->MaxTechniques, "technique"));
  if (SubExprs.size() < Entry->MinTechniques)
    return textError(Expr.Offset, Expr.Name + " needs at least " +
                                      plural(Entry->MinTechniques, "technique") + ", e.g. " +
                                      Expr.Name + "(random, exhaustive)");

  TechniqueArguments Arguments{Expr, Values.take(), {}};
  for (const TechniqueExpr &Sub : SubExprs) {
    Expected<std::unique_ptr<SearchTechnique>> Built = makeTechnique(Sub);
    if (!Built)
      return Built;
    Arguments.Techniques.push_back(Built.take());
  }
  return Entry->Build(std::move(Arguments));
}

Expected<std::unique_ptr<SearchTechnique>> makeTechnique(std::string_view Text) {
  Expected<TechniqueExpr> Parsed = parseTechnique(Text);
  if (!Parsed)
    return Parsed.takeError();
  return makeTechnique(*Parsed);
}

} // namespace atfc
