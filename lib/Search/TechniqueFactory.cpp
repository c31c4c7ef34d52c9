//===- Search/TechniqueFactory.cpp - Techniques by name -------------------===//
#include "Search/TechniqueFactory.h"

#include "Search/AucBandit.h"
#include "Search/DifferentialEvolution.h"
#include "Search/Exhaustive.h"
#include "Search/GeneticAlgorithm.h"
#include "Search/GreedyMutation.h"
#include "Search/LocalSearch.h"
#include "Search/ParticleSwarm.h"
#include "Search/PatternSearch.h"
#include "Search/RandomSearch.h"
#include "Search/RoundRobin.h"
#include "Search/ShrinkingSample.h"
#include "Search/SimulatedAnnealing.h"
#include "Search/SurrogateForest.h"
#include "Search/Torczon.h"
#include "Support/Suggestions.h"

#include <array>

namespace atfc {

namespace {

// The arms of the default technique (AucBandit::defaultArms() builds the same).
constexpr std::string_view kAucBanditDefaultArms =
    "differential_evolution, greedy_mutation, greedy_mutation(0.3, 0.1, 0.8)";

// The registry: one line per technique (see TechniqueFactory.h).
const TechniqueEntry Registry[] = {
    {"exhaustive", "every configuration once, in index order", 0, 0, 0, "",
     &buildWithNumbers<Exhaustive>},
    {"random", "uniformly random configurations", 0, 0, 0, "", &buildWithNumbers<RandomSearch>},
    {"round_robin", "round_robin(t1, t2, ...): the techniques propose in turn", 0, 1, 64, "",
     &buildWithTechniques<RoundRobin>},
    {"auc_bandit",
     "auc_bandit(c = 0.05, window = 500, t1, t2, ...): OpenTuner's AUC bandit over techniques", 2,
     1, 64, kAucBanditDefaultArms, &buildWithTechniques<AucBandit>},
    {"differential_evolution",
     "differential_evolution(population = 20, f = 0.7, cr = 0.9): DE/rand/1/bin", 3, 0, 0, "",
     &buildWithNumbers<DifferentialEvolution>},
    {"genetic_algorithm",
     "genetic_algorithm(population = 20, mutations = 1.5): constraint-aware GA on parameter "
     "values",
     2, 0, 0, "", &buildWithNumbers<GeneticAlgorithm>},
    {"greedy_mutation",
     "greedy_mutation(rate = 0.2, sigma = 0.1, uniform_share = 0.2): mutations of the best", 3, 0,
     0, "", &buildWithNumbers<GreedyMutation>},
    {"local_search",
     "local_search(samples = 8, kick = 3, patience = 3, widen = 0, tabu = 10): iterated tabu "
     "search on parameter values",
     5, 0, 0, "", &buildWithNumbers<LocalSearch>},
    {"particle_swarm",
     "particle_swarm(particles = 20, inertia = 0.7, cognitive = 1.5, social = 1.5)", 4, 0, 0, "",
     &buildWithNumbers<ParticleSwarm>},
    {"pattern_search",
     "pattern_search(step = 0.25, shrink = 0.5, min_step = 0.004): compass search", 3, 0, 0, "",
     &buildWithNumbers<PatternSearch>},
    {"shrinking_sample",
     "shrinking_sample(partitions = 3, threshold = 1, max_round = 100): Li and Agrawal's search", 3,
     0, 0, "", &buildWithNumbers<ShrinkingSample>},
    {"simulated_annealing", "simulated_annealing(temperature = 0.1, cooling = 0.98, sigma = 0.1)",
     3, 0, 0, "", &buildWithNumbers<SimulatedAnnealing>},
    {"surrogate_forest",
     "surrogate_forest(samples = 20, trees = 16, candidates = 300): random-forest model of cost", 3,
     0, 0, "", &buildWithNumbers<SurrogateForest>},
    {"torczon",
     "torczon(step = 0.2, expansion = 2, contraction = 0.5, min_size = 0.004): multi-directional "
     "search",
     4, 0, 0, "", &buildWithNumbers<Torczon>},
    // The ATF slides' spelling of random, last so that it stays out of the
    // way in the list of known techniques.
    {"random_search", "random, as the ATF slides spell it", 0, 0, 0, "",
     &buildWithNumbers<RandomSearch>},
};

std::string plural(std::size_t N, std::string_view Word) {
  return std::to_string(N) + " " + std::string(Word) + (N == 1 ? "" : "s");
}

TextError unknownTechnique(const TechniqueExpr &Expr) {
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
