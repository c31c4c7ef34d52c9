// A right program, compiled as C++17: the interface needs C++20, and says
// so, where it once failed with hundreds of errors about constinit.
#include <atf.hpp>
int main() {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner().tuning_parameters(X).tune([](atf::configuration &C) { return double(int(C["X"])); });
}
