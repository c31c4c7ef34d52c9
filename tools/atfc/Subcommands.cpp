//===- tools/atfc/Subcommands.cpp - atfc's subcommands --------------------===//
#include "Subcommands.h"

#include <array>
#include <cassert>
#include <cstdint>
#include <iostream>

namespace atfc {

namespace {

/// Writes through to std::cout and flushes it: what atfc prints stays in
/// order with what the tuner it starts prints to the same file.
class StandardOutputStream final : public llvm::raw_ostream {
public:
  StandardOutputStream() : llvm::raw_ostream(/*unbuffered=*/true) {}

private:
  void write_impl(const char *Text, std::size_t Size) override {
    std::cout.write(Text, static_cast<std::streamsize>(Size));
    std::cout.flush();
    Written += Size;
  }
  std::uint64_t current_pos() const override { return Written; }

  std::uint64_t Written = 0;
};

} // namespace

llvm::raw_ostream &standardOutput() {
  static auto *Out = new StandardOutputStream; // never freed: used up to exit
  return *Out;
}

std::span<const Subcommand> subcommands() {
  static constexpr std::array<Subcommand, 10> Table = {{
      {"check", "Parse and analyse the directives of FILE; print diagnostics and a summary",
       checkMain},
      {"emit", "Print the generated tuner program for FILE", emitMain},
      {"space", "Generate the search space of FILE and report its size and statistics", spaceMain},
      {"build", "Build FILE's tuner and the blanked source it measures; print the tuner's path",
       buildMain},
      {"tune", "Tune FILE: generate, build and run its tuner; write the best configuration",
       tuneMain},
      {"results", "Print a results database's runs and evaluations, or export them as CSV or JSON",
       resultsMain},
      {"analyze", "Learn from earlier tuning data: parameter importance, pruning, search steps",
       analyzeMain},
      {"report", "Write a self-contained HTML report of a tuning run or of recorded data",
       reportMain},
      {"replay", "Replay tuning runs on recorded performance data", replayMain},
      {"wisdom", "Best configurations per device and input set, for programs to select from",
       wisdomMain},
  }};
  return Table;
}

std::string summaryOf(std::string_view Name) {
  for (const Subcommand &S : subcommands())
    if (S.Name == Name)
      return std::string(S.Summary);
  assert(false && "not a subcommand");
  return {};
}

} // namespace atfc
