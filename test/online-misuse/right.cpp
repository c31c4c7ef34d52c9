// The control: a right program compiles.
#include <atf.hpp>
int main() {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner()
      .tuning_parameters(X)
      .search_technique(atf::exhaustive())
      .tune([](atf::configuration &C) { return double(int(C["X"])); }, atf::evaluations(2));
}
