//===- Report/ParetoFront.cpp - Non-dominated configurations --------------===//
#include "Report/ParetoFront.h"

#include <algorithm>
#include <numeric>

namespace atfc::report {

bool dominates(const std::vector<double> &A, const std::vector<double> &B) {
  bool Better = false;
  for (std::size_t I = 0; I < A.size() && I < B.size(); ++I) {
    if (A[I] > B[I])
      return false;
    Better |= A[I] < B[I];
  }
  return Better;
}

std::vector<std::size_t> paretoFront(const std::vector<std::vector<double>> &Points) {
  // In lexicographic order a point can only be dominated by one before it,
  // and if it is, then also by one on the front: comparing with the front
  // found so far is enough (n times the front's size).
  std::vector<std::size_t> Order(Points.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](std::size_t A, std::size_t B) { return Points[A] < Points[B]; });
  std::vector<std::size_t> Front;
  for (std::size_t I : Order) {
    const bool Dominated = std::any_of(Front.begin(), Front.end(), [&](std::size_t F) {
      return dominates(Points[F], Points[I]) || Points[F] == Points[I];
    });
    if (!Dominated)
      Front.push_back(I);
  }
  return Front;
}

} // namespace atfc::report
