//===- runtime/WarmStart.cpp - The best of earlier data as a start --------===//
#include "runtime/WarmStart.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace atfc {

namespace {

/// Numbers compare by value whatever their kind (a cache may write 8 or
/// 8.0); other values by kind and value.
bool sameValue(const Value &A, const Value &B) {
  auto Number = [](const Value &V) -> std::optional<double> {
    if (const auto *I = std::get_if<std::int64_t>(&V))
      return static_cast<double>(*I);
    if (const auto *U = std::get_if<std::uint64_t>(&V))
      return static_cast<double>(*U);
    if (const auto *D = std::get_if<double>(&V))
      return *D;
    return std::nullopt;
  };
  std::optional<double> X = Number(A), Y = Number(B);
  if (X && Y)
    return *X == *Y;
  return A == B;
}

} // namespace

Expected<std::vector<Configuration>>
warmStartConfigurations(const ChainOfTrees &Space, const RecordedData &Prior, std::size_t Count) {
  std::vector<Configuration> Configurations;
  // The prior's column of each level.
  std::vector<std::size_t> Column(Space.numLevels());
  for (std::size_t L = 0; L < Space.numLevels(); ++L) {
    const std::string &Name = Space.parameter(L).Name;
    auto It = std::find(Prior.Parameters.begin(), Prior.Parameters.end(), Name);
    if (It == Prior.Parameters.end())
      return Error("the prior data has no parameter '" + Name + "'");
    Column[L] = static_cast<std::size_t>(It - Prior.Parameters.begin());
  }
  std::vector<std::size_t> Order;
  for (std::size_t I = 0; I < Prior.Entries.size(); ++I)
    if (Prior.Entries[I].Valid && !Prior.Entries[I].Costs.empty())
      Order.push_back(I);
  if (Order.empty())
    return Error("the prior data holds no valid configuration");
  std::stable_sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
    return Prior.Entries[A].Costs < Prior.Entries[B].Costs;
  });
  std::set<Configuration> Taken;
  std::vector<std::uint64_t> Indices(Space.numLevels());
  for (std::size_t I : Order) {
    if (Configurations.size() >= Count)
      break;
    bool Found = true;
    for (std::size_t L = 0; L < Space.numLevels() && Found; ++L) {
      const ParameterInfo &P = Space.parameter(L);
      const Value &V = Prior.Entries[I].Values[Column[L]];
      Found = false;
      for (std::uint64_t K = 0; K < P.RangeSize && !Found; ++K)
        if (sameValue(P.ValueAt(K), V)) {
          Indices[L] = K;
          Found = true;
        }
    }
    if (!Found)
      continue;
    if (std::optional<Configuration> C = Space.withValueIndices(Indices);
        C && Taken.insert(*C).second)
      Configurations.push_back(*C);
  }
  return Configurations;
}

} // namespace atfc
