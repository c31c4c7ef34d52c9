// A program's own technique that cannot be copied: each run drives a copy.
#include <atf.hpp>
#include <memory>
struct Owning : atf::search_technique_1d {
  std::unique_ptr<int> State = std::make_unique<int>(0);
  void initialize(std::size_t) override {}
  std::set<atf::index_t> get_next_indices() override { return {0}; }
  void report_costs(const std::map<atf::index_t, atf::cost_t> &) override {}
};
int main() {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner().tuning_parameters(X).search_technique(Owning());
}
