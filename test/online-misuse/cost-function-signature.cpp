// A cost function that takes something else than the configuration.
#include <atf.hpp>
int main() {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner().tuning_parameters(X).tune([](int Wrong) { return double(Wrong); });
}
