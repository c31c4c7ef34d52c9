// An abort condition of no known kind.
#include <atf.hpp>
int main() {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner().tuning_parameters(X).tune([](atf::configuration &) { return 1.0; }, 50);
}
