//===- Results/RunObjectives.cpp - A run's named, directed costs ----------===//
#include "Results/RunObjectives.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace atfc {

namespace {
/// The shortest text that reads back as X.
std::string numberText(double X) { return fmt::format("{}", X); }
} // namespace

std::string costName(const ObjectiveList &Declared, std::size_t I, std::size_t Count) {
  if (I < Declared.size() && !Declared[I].Name.empty())
    return Declared[I].Name;
  return anonymousObjectiveName(I, Count);
}

void checkCostFitsObjectives(Measurement &M, const ObjectiveList &Declared,
                             std::optional<std::size_t> Count) {
  if (!M.Valid || (Declared.empty() && !Count))
    return;
  auto Costs = [](std::size_t N) { return fmt::format("{} cost{}", N, N == 1 ? "" : "s"); };
  std::string Problem;
  if (Declared.empty()) {
    if (M.Costs.size() != *Count)
      Problem = fmt::format("{}, {} {}: several costs need an `objective` directive each, and "
                            "a number a decimal point, not a comma",
                            Costs(M.Costs.size()), kFirstValidResultHad, Costs(*Count));
  } else if (M.Costs.size() != Declared.size()) {
    std::string Names;
    for (const Objective &O : Declared)
      Names += (Names.empty() ? "" : ", ") + O.Name;
    Problem = fmt::format("{} for {} objective{} ({})", Costs(M.Costs.size()), Declared.size(),
                          Declared.size() == 1 ? "" : "s", Names);
  } else {
    Problem = costProblem(M.Costs, Declared);
  }
  if (Problem.empty())
    return;
  Measurement Bad = Measurement::invalid(FailureKind::BadCost, Problem, M.Log);
  Bad.CompileSeconds = M.CompileSeconds;
  Bad.RunSeconds = M.RunSeconds;
  M = std::move(Bad);
}

std::string formatNamedCost(const Cost &C, const ObjectiveList &Declared) {
  if (Declared.empty() && C.size() == 1)
    return numberText(C.front());
  const ObjectiveList All = completeObjectives(Declared, C.size());
  std::string Text;
  for (std::size_t I = 0; I < C.size(); ++I)
    Text += fmt::format("{}{}={} ({})", I ? ", " : "", All[I].Name, numberText(C[I]),
                        directionName(All[I].Dir));
  return Text;
}

nlohmann::ordered_json objectivesJson(const ObjectiveList &Declared, std::size_t Count) {
  nlohmann::ordered_json J = nlohmann::ordered_json::array();
  for (const Objective &O : completeObjectives(Declared, Count))
    J.push_back({{"name", O.Name}, {"direction", directionName(O.Dir)}});
  return J;
}

ObjectiveList objectivesFromJson(const nlohmann::ordered_json &J) {
  ObjectiveList Out;
  if (!J.is_array())
    return Out;
  for (const auto &E : J) {
    if (E.is_string()) {
      Out.push_back({E.get<std::string>(), Direction::Minimise});
    } else if (E.is_object() && E.contains("name") && E["name"].is_string()) {
      Objective O{E["name"].get<std::string>(), Direction::Minimise};
      if (auto D = E.find("direction"); D != E.end() && D->is_string())
        O.Dir = parseDirection(D->get<std::string>()).value_or(Direction::Minimise);
      Out.push_back(std::move(O));
    } else {
      return {};
    }
  }
  return Out;
}

} // namespace atfc
