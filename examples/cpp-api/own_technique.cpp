// A search technique of the program's own (cppATF's interface over the
// coordinate space (0,1]^D) and an abort condition of its own.
#include <atf.hpp>

#include <iostream>
#include <random>

/// Proposes four random points at a time and keeps the best cost seen.
class random_batches : public atf::search_technique {
public:
  void initialize(size_t dimensionality) override { dimensions = dimensionality; }
  std::set<atf::coordinates> get_next_coordinates() override {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::set<atf::coordinates> batch;
    while (batch.size() < 4) {
      atf::coordinates point(dimensions);
      for (double &x : point)
        x = 1.0 - unit(rng); // in (0,1]
      batch.insert(point);
    }
    return batch;
  }
  void report_costs(const std::map<atf::coordinates, atf::cost_t> &costs) override {
    for (const auto &[point, cost] : costs)
      best = std::min(best, cost);
  }
  std::string name() const override { return "random_batches"; }

private:
  size_t dimensions = 0;
  std::mt19937 rng{7};
  atf::cost_t best = std::numeric_limits<atf::cost_t>::max();
};

/// Stops once a configuration costs at most 2.
class good_enough : public atf::abort_condition {
public:
  bool stop(const atf::search_status &status) override {
    return status.Best && status.Best->front() <= 2;
  }
};

int main() {
  auto X = atf::tuning_parameter("X", atf::interval<int>(1, 100));
  auto Y = atf::tuning_parameter("Y", atf::interval<int>(1, 100), atf::less_than_or_eq(X));
  auto result = atf::tuner()
                    .tuning_parameters(X, Y)
                    .search_technique(random_batches())
                    .seed(1)
                    .silent(true)
                    .tune(
                        [](atf::configuration &c) {
                          return std::abs(int(c["X"]) - 60) + std::abs(int(c["Y"]) - 30);
                        },
                        good_enough() || atf::evaluations(2000));
  std::cout << "best " << result.best_configuration() << " cost " << result.min_cost() << " after "
            << result.number_of_evaluated_configs() << " evaluations\n";
  return result.min_cost() <= 2 ? 0 : 1;
}
