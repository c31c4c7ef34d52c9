// A program built and run by shell commands (cppATF's generic cost
// function): each configuration is compiled with its parameters as
// environment variables, run, and timed.
//
//   generic_program SOURCE.c
#include <atf.hpp>

#include <iostream>
#include <string>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: generic_program SOURCE.c\n";
    return 2;
  }
  const std::string source = argv[1];
  auto OPT = atf::tuning_parameter("OPT", {"-O0", "-O1", "-O2"});
  auto UNROLL = atf::tuning_parameter("UNROLL", atf::interval<int>(1, 8), atf::divides(8));
  auto cost = atf::generic::cost_function("./blocked.bin")
                  .compile_command("cc $OPT -DUNROLL=$UNROLL '" + source + "' -o blocked.bin");
  auto result = atf::tuner()
                    .tuning_parameters(OPT, UNROLL)
                    .search_technique(atf::exhaustive())
                    .silent(true)
                    .results("generic_program.atf") // results.db for atfc results, report, ...
                    .log_file("generic_program.csv")
                    .tune(cost, atf::evaluations(12));
  std::cout << "best " << result.best_configuration() << " in " << result.min_cost() << " s ("
            << result.number_of_valid_evaluated_configs() << " valid of "
            << result.number_of_evaluated_configs() << ")\n";
  return result.number_of_valid_evaluated_configs() > 0 ? 0 : 1;
}
