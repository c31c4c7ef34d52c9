// A program's own abort condition that cannot be copied: tune() copies it.
#include <atf.hpp>
#include <memory>
struct Owning : atf::abort_condition {
  std::unique_ptr<int> Seen = std::make_unique<int>(0);
  bool stop(const atf::search_status &) override { return ++*Seen > 3; }
};
int main() {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner().tuning_parameters(X).tune([](atf::configuration &) { return 1.0; }, Owning());
}
