// A search technique of no known kind.
#include <atf.hpp>
struct NotATechnique {};
int main() {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner().tuning_parameters(X).search_technique(NotATechnique());
}
