//===- bench/TechniqueEvaluation.cpp - Techniques on recorded data --------===//
//
// A driver for designing the search techniques: replays Kernel Tuner cache
// files (JSON, gzip) as cost functions and reports, per technique, how many
// distinct evaluations runs need until their best is within 5 % and 10 % of
// the data's optimum (median and quartiles over runs). The space is exactly
// the configurations in the data: one group of all parameters, each ranging
// over its observed values, constrained to prefixes present in the data.
// Synthetic landscapes (`synthetic:NAME`: bowl, rastrigin, rugged) check that
// defaults generalise. Runs go through Exploration, as a tuning run does.
//
//   technique-evaluation DATA|synthetic:NAME [--runs R] [--budget B]
//                        [--technique EXPR]...   (EXPR: "auc_bandit", "torczon(0.1)", ...)
//
//===----------------------------------------------------------------------===//
#include "Search/AbortCondition.h"
#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"
#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace atfc;

namespace {

std::string readGzip(const std::string &Path) {
  gzFile File = gzopen(Path.c_str(), "rb");
  if (!File)
    throw std::runtime_error("cannot open " + Path);
  std::string Text;
  char Buffer[1 << 16];
  int N;
  while ((N = gzread(File, Buffer, sizeof(Buffer))) > 0)
    Text.append(Buffer, static_cast<std::size_t>(N));
  gzclose(File);
  return Text;
}

/// Recorded data: parameter names, their observed values, and the cost of
/// every valid configuration (value vector -> time).
struct Recorded {
  std::vector<std::string> Names;
  std::vector<std::vector<std::int64_t>> Values;
  std::map<std::vector<std::int64_t>, double> Costs;
};

Recorded loadKernelTuner(const std::string &Path) {
  auto Json = nlohmann::json::parse(readGzip(Path));
  Recorded R;
  for (const auto &Name : Json["tune_params_keys"])
    R.Names.push_back(Name.get<std::string>());
  std::vector<std::set<std::int64_t>> Observed(R.Names.size());
  for (const auto &[Key, Entry] : Json["cache"].items()) {
    if (!Entry.contains("time") || !Entry["time"].is_number())
      continue;
    std::vector<std::int64_t> Config;
    for (std::size_t I = 0; I < R.Names.size(); ++I) {
      Config.push_back(Entry[R.Names[I]].get<std::int64_t>());
      Observed[I].insert(Config.back());
    }
    R.Costs[Config] = Entry["time"].get<double>();
  }
  for (const auto &S : Observed)
    R.Values.emplace_back(S.begin(), S.end());
  return R;
}

/// A synthetic landscape over a Cartesian grid of integer parameters.
Recorded synthetic(const std::string &Name) {
  Recorded R;
  std::mt19937_64 Rng(42);
  auto Grid = [&](std::vector<std::vector<std::int64_t>> Values,
                  const std::function<double(const std::vector<std::int64_t> &)> &Cost) {
    R.Values = Values;
    for (std::size_t I = 0; I < Values.size(); ++I)
      R.Names.push_back("p" + std::to_string(I));
    std::vector<std::int64_t> C(Values.size());
    std::function<void(std::size_t)> Rec = [&](std::size_t L) {
      if (L == Values.size()) {
        const double X = Cost(C);
        if (std::isfinite(X))
          R.Costs[C] = X;
        return;
      }
      for (auto V : Values[L]) {
        C[L] = V;
        Rec(L + 1);
      }
    };
    Rec(0);
  };
  auto Range = [](std::int64_t N) {
    std::vector<std::int64_t> V(N);
    for (std::int64_t I = 0; I < N; ++I)
      V[I] = I;
    return V;
  };
  if (Name == "bowl") { // separable quadratic, 6 x 12 values
    std::vector<std::vector<std::int64_t>> V(6, Range(12));
    Grid(V, [](const auto &C) {
      double S = 1;
      for (std::size_t I = 0; I < C.size(); ++I)
        S += (C[I] - 3.0 - I) * (C[I] - 3.0 - I);
      return S;
    });
  } else if (Name == "rastrigin") { // multimodal, 5 x 16 values
    std::vector<std::vector<std::int64_t>> V(5, Range(16));
    Grid(V, [](const auto &C) {
      double S = 10.0 * C.size() + 1;
      for (auto X : C) {
        const double Y = (X - 10.0) / 3.0;
        S += Y * Y - 10.0 * std::cos(2 * M_PI * Y);
      }
      return S;
    });
  } else if (Name == "rugged") { // random per-cell noise on a tilted, constrained grid
    std::vector<std::vector<std::int64_t>> V(7, Range(8));
    std::uniform_real_distribution<double> Noise(0.0, 1.0);
    std::map<std::vector<std::int64_t>, double> Table;
    Grid(V, [&](const auto &C) {
      std::int64_t Sum = 0;
      for (auto X : C)
        Sum += X;
      if (Sum % 3 == 0 || Sum > 35) // constraints: invalid configurations
        return std::numeric_limits<double>::infinity();
      double S = 1 + Noise(Rng);
      for (std::size_t I = 0; I < C.size(); ++I)
        S += 0.3 * std::abs(C[I] - std::int64_t(I)) + 0.2 * ((C[I] * (I + 1)) % 5);
      return S;
    });
  } else {
    throw std::runtime_error("unknown synthetic landscape " + Name);
  }
  return R;
}

/// The space of the data's configurations, with N parameters.
template <std::size_t N> ChainOfTrees buildSpace(const Recorded &R) {
  auto Prefixes = std::make_shared<std::vector<std::set<std::vector<std::int64_t>>>>(N);
  for (const auto &[Config, Cost] : R.Costs)
    for (std::size_t L = 0; L < N; ++L)
      (*Prefixes)[L].insert(std::vector<std::int64_t>(Config.begin(), Config.begin() + L + 1));
  auto Param = [&]<std::size_t I>(std::integral_constant<std::size_t, I>) {
    return parameter(R.Names[I], Set<std::int64_t>(R.Values[I]),
                     predicate([Prefixes](std::int64_t V, const auto &Path) {
                       std::vector<std::int64_t> Key;
                       std::apply([&](const auto &...X) { (Key.push_back(X), ...); }, Path);
                       Key.resize(I + 1);
                       Key[I] = V;
                       return (*Prefixes)[I].count(Key) > 0;
                     }));
  };
  return [&]<std::size_t... Is>(std::index_sequence<Is...>) {
    return cantFail(generateSpace(GenerationOptions{1},
                                  group(Param(std::integral_constant<std::size_t, Is>{})...)));
  }
  (std::make_index_sequence<N>{});
}

ChainOfTrees buildSpace(const Recorded &R) {
  switch (R.Names.size()) {
  case 4: // point-in-polygon
    return buildSpace<4>(R);
  case 5:
    return buildSpace<5>(R);
  case 6:
    return buildSpace<6>(R);
  case 7:
    return buildSpace<7>(R);
  case 8:
    return buildSpace<8>(R);
  case 10: // convolution on the A4000 and RTX 3090
    return buildSpace<10>(R);
  case 15:
    return buildSpace<15>(R);
  default:
    throw std::runtime_error("unsupported parameter count");
  }
}

struct RunResult {
  std::size_t Within5 = 0, Within10 = 0; // 0: never within the budget
};

/// One run through the exploration engine (deduplication, restarts), in
/// batches of one, until the budget or both thresholds are reached.
RunResult runOnce(const std::string &Technique, const ChainOfTrees &Space,
                  const std::map<Configuration, double> &CostOf, double Optimum, std::size_t Budget,
                  std::uint64_t Seed) {
  Expected<std::unique_ptr<SearchTechnique>> Built = makeTechnique(Technique);
  if (!Built)
    throw std::runtime_error(Built.error().message());
  Exploration Run(Space, Built.take(), AbortCondition::evaluations(Budget), Seed);
  RunResult R;
  double Best = std::numeric_limits<double>::infinity();
  while (!Run.done() && (!R.Within5 || !R.Within10)) {
    for (const Configuration &C : Run.next(1)) {
      const auto It = CostOf.find(C);
      OptionalCost Result;
      if (It != CostOf.end()) {
        Result = Cost{It->second};
        Best = std::min(Best, It->second);
      }
      Run.report(C, Result);
      const std::size_t Evaluations = Run.status().Evaluations;
      if (!R.Within5 && Best <= 1.05 * Optimum)
        R.Within5 = Evaluations;
      if (!R.Within10 && Best <= 1.10 * Optimum)
        R.Within10 = Evaluations;
    }
  }
  return R;
}

std::string quartiles(std::vector<std::size_t> V, std::size_t Budget) {
  for (auto &X : V)
    if (X == 0)
      X = Budget + 1; // never: above the budget
  std::sort(V.begin(), V.end());
  auto At = [&](double Q) {
    const std::size_t X = V[static_cast<std::size_t>(Q * double(V.size() - 1) + 0.5)];
    return X > Budget ? std::string(">") + std::to_string(Budget) : std::to_string(X);
  };
  return At(0.5) + " (" + At(0.25) + "-" + At(0.75) + ")";
}

} // namespace

int main(int Argc, char **Argv) {
  try {
    if (Argc < 2) {
      std::fprintf(stderr,
                   "usage: %s DATA|synthetic:NAME [--runs R] [--budget B] "
                   "[--technique NAME]...\n",
                   Argv[0]);
      return 2;
    }
    std::string Data = Argv[1];
    std::size_t Runs = 30, Budget = 2000;
    std::vector<std::string> Techniques;
    for (int I = 2; I + 1 < Argc; I += 2) {
      std::string Option = Argv[I], Value = Argv[I + 1];
      if (Option == "--runs")
        Runs = std::stoul(Value);
      else if (Option == "--budget")
        Budget = std::stoul(Value);
      else if (Option == "--technique")
        Techniques.push_back(Value);
      else
        throw std::runtime_error("unknown option " + Option);
    }
    if (Techniques.empty())
      Techniques = {
          "auc_bandit",     "differential_evolution", "greedy_mutation",     "particle_swarm",
          "pattern_search", "shrinking_sample",       "simulated_annealing", "torczon",
          "random"};

    Recorded R =
        Data.rfind("synthetic:", 0) == 0 ? synthetic(Data.substr(10)) : loadKernelTuner(Data);
    ChainOfTrees Space = buildSpace(R);
    SearchDomain Domain(Space);
    std::map<Configuration, double> Cost;
    double Optimum = std::numeric_limits<double>::infinity();
    std::size_t Within5 = 0;
    for (BigCount I = 0; I < Space.size(); ++I) {
      Configuration C = Space.at(I);
      std::vector<std::int64_t> Key;
      for (const Value &V : Space.values(C))
        Key.push_back(std::get<std::int64_t>(V));
      Cost[C] = R.Costs.at(Key);
      Optimum = std::min(Optimum, Cost[C]);
    }
    for (const auto &[C, X] : Cost)
      Within5 += X <= 1.05 * Optimum;
    std::printf("%s: %zu configurations, %zu dimensions, optimum %g, %zu within 5 %%\n",
                Data.c_str(), Cost.size(), Domain.dimensions(), Optimum, Within5);
    std::printf("%-28s %-22s %-22s\n", "technique", "to 5 % (median, IQR)", "to 10 %");
    for (const std::string &Name : Techniques) {
      std::vector<std::size_t> To5, To10;
      for (std::size_t Run = 0; Run < Runs; ++Run) {
        RunResult Result = runOnce(Name, Space, Cost, Optimum, Budget, 1000 + Run);
        To5.push_back(Result.Within5);
        To10.push_back(Result.Within10);
      }
      std::printf("%-28s %-22s %-22s\n", Name.c_str(), quartiles(To5, Budget).c_str(),
                  quartiles(To10, Budget).c_str());
      std::fflush(stdout);
    }
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 1;
  }
  return 0;
}
