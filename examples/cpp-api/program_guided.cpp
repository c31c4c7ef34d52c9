// Program-guided tuning (cppATF's example): the program runs its own
// computation with each configuration the tuner hands it, and the calls it
// makes anyway explore the space.
#include <atf.hpp>

#include <iostream>
#include <vector>

class tunable_blur {
public:
  explicit tunable_blur(atf::configuration &config) : block(config["BLOCK"].value()) {}
  void operator()(std::vector<float> &data, size_t n) const {
    for (size_t offset = 0; offset < n; offset += block)
      for (size_t i = offset; i < offset + block; ++i)
        for (size_t j = 1; j + 1 < n; ++j)
          data[i * n + j] = (data[i * n + j - 1] + data[i * n + j] + data[i * n + j + 1]) / 3.0f;
  }

private:
  size_t block;
};

int main() {
  const size_t n = 512;
  auto BLOCK = atf::tuning_parameter("BLOCK", atf::interval<size_t>(1, n), atf::divides(n));
  auto tuner =
      atf::tuner().tuning_parameters(BLOCK).search_technique(atf::auc_bandit()).silent(true);
  std::vector<float> data(n * n, 1.0f);
  auto blur = atf::cpp<tunable_blur>(data, n);
  for (int iteration = 0; iteration < 8; ++iteration)
    tuner.make_step(blur);
  const atf::tuning_status status = tuner.get_tuning_status();
  std::cout << "evaluated " << status.number_of_evaluated_configs() << " of "
            << status.search_space_size() << " configurations; best " << status.best_configuration()
            << "\n";
}
