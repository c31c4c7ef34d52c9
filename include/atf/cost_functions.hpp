//===- atf/cost_functions.hpp - Programs and C++ classes as costs -*- C++ -*-===//
//
// cppATF's ready-made cost functions that need no device:
//
//  - atf::generic::cost_function(run).compile_command(compile).costfile(f):
//    a program built and run by shell commands, measured by atfc's script
//    backend (lib/Backends) as `atfc tune` measures run and compile
//    scripts: each parameter is an environment variable, a command that
//    fails, crashes or runs past .timeout(s) makes the configuration
//    invalid with its reason and output, and the cost is the run command's
//    wall time in seconds, or the number it writes to the cost file. The
//    commands run in the program's working directory, as cppATF runs them,
//    one configuration at a time.
//  - atf::cpp<Class>(args...) (cppATF's atf::cxx::cost_function<Class>):
//    Class is constructed from the configuration and called with args; the
//    cost is the call's wall time in seconds.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_COST_FUNCTIONS_HPP
#define ATF_COST_FUNCTIONS_HPP

#include "atf/configuration.hpp"
#include "atf/tuner.hpp"

#include "Backends/ProcessMeasurer.h"
#include "runtime/Measurers.h"

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

namespace atf {

namespace generic {

class cost_function_class {
public:
  explicit cost_function_class(std::string Run) : Run(std::move(Run)) {}
  cost_function_class &compile_command(std::string Compile) {
    this->Compile = std::move(Compile);
    return *this;
  }
  /// The file the run command writes its cost to (relative to the
  /// working directory); without one the cost is the run's wall time.
  cost_function_class &costfile(std::string File) {
    CostFile = std::move(File);
    return *this;
  }
  /// Seconds each command may take before it is killed and the
  /// configuration is invalid (0: 600, as in directive files).
  cost_function_class &timeout(double Seconds) {
    Timeout = Seconds;
    return *this;
  }
  /// Runs before measuring whose costs are dropped, and measured runs (the
  /// cost is their median).
  cost_function_class &warmups(unsigned N) {
    Warmups = N;
    return *this;
  }
  cost_function_class &evaluations(unsigned N) {
    Repetitions = N;
    return *this;
  }

  std::unique_ptr<atfc::ConfigurationMeasurer> make_measurer(const tuner_view &) const {
    const std::string Here = std::filesystem::current_path().string();
    atfc::ProcessBackendOptions Options;
    // In the program's directory, as cppATF runs its commands; ATF_FILE_DIR
    // is exported by the backend.
    const std::string Enter = "cd \"$ATF_FILE_DIR\" && ";
    Options.RunScript = Enter + Run;
    if (!Compile.empty())
      Options.CompileScript = Enter + Compile;
    if (!CostFile.empty())
      Options.CostFile = std::filesystem::absolute(CostFile).string();
    Options.TimeoutSeconds = atfc::measurementTimeoutSeconds(Timeout);
    Options.Warmups = Warmups;
    Options.Repetitions = Repetitions;
    Options.FileDirectory = Here;
    Options.CFamily = false;
    Options.CompileAhead = 0;
    return atfc::makeProcessMeasurer(std::move(Options));
  }

private:
  std::string Run, Compile, CostFile;
  double Timeout = 0;
  unsigned Warmups = 0, Repetitions = 1;
};

inline cost_function_class cost_function(std::string Run) {
  return cost_function_class(std::move(Run));
}

} // namespace generic

/// Constructs Class from each configuration and times a call of it with
/// the arguments given (kept as given: references to lvalues, copies of
/// temporaries).
template <class Class, class... Args> auto cpp(Args &&...Given) {
  return [Arguments =
              std::tuple<Args...>(std::forward<Args>(Given)...)](configuration &Config) mutable {
    Class Tunable(Config);
    const auto Start = std::chrono::steady_clock::now();
    std::apply([&](auto &&...A) { Tunable(A...); }, Arguments);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  };
}

namespace cxx {
template <class Class, class... Args> auto cost_function(Args &&...Given) {
  return cpp<Class>(std::forward<Args>(Given)...);
}
} // namespace cxx

} // namespace atf

#endif
