// A cost function that returns a verdict, not a cost (it counted as 0 or 1).
#include <atf.hpp>
int main() {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner().tuning_parameters(X).tune([](atf::configuration &C) { return int(C["X"]) > 2; });
}
