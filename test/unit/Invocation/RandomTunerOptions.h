//===- RandomTunerOptions.h - Options for the round trips --------*- C++ -*-===//
//
// Random values for every row of Invocation/TunerOptions.def, by the row's
// type, within its range: the round trips of TunerCommandLineTest.cpp and
// TunerInvocationTest.cpp are properties over the whole table, so that a
// new row is tried without a new test (a row of a new type fails to
// compile here until it has a generator).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_INVOCATION_RANDOMTUNEROPTIONS_H
#define ATFC_TEST_INVOCATION_RANDOMTUNEROPTIONS_H

#include "Invocation/CommandLine.h"
#include "Invocation/DeviceLimitOptions.h"
#include "Invocation/TunerCommandLine.h"

#include <concepts>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace atfc::test {

/// Draws random option values; Text() is awkward on purpose (quotes,
/// backslashes, dashes, JSON's own words, UTF-8).
struct RandomOptions {
  std::mt19937_64 Random;
  /// Whether PriorData's Run may be other than 0 (the command line has no
  /// spelling for it).
  bool PriorRuns = true;
  /// Whether text may begin with '-'.
  bool DashedText = true;
  explicit RandomOptions(std::uint64_t Seed) : Random(Seed) {}

  bool coin() { return Random() % 2 == 0; }
  std::string text() {
    static const std::vector<std::string> Pieces = {"",   "-",    "--", "--tune", "=",  " ",
                                                    "\"", "\\",   "\n", "é",      "$1", "{}",
                                                    "[",  "null", "0",  "-1"};
    std::string S;
    for (std::size_t N = Random() % 5; N > 0; --N)
      S += Pieces[Random() % Pieces.size()];
    return !DashedText && S.starts_with("-") ? "x" + S : S;
  }
  /// A whole number from Min to Max, its ends drawn often.
  std::uint64_t count(std::uint64_t Min, std::uint64_t Max) {
    switch (Random() % 4) {
    case 0:
      return Min;
    case 1:
      return Max;
    default:
      return Max - Min == UINT64_MAX ? Random() : Min + Random() % (Max - Min + 1);
    }
  }

  void draw(bool &B, std::uint64_t, std::uint64_t) { B = coin(); }
  void draw(std::string &S, std::uint64_t, std::uint64_t) { S = text(); }
  template <std::unsigned_integral T> void draw(T &N, std::uint64_t Min, std::uint64_t Max) {
    N = static_cast<T>(count(Min, Max));
  }
  template <class T> void draw(std::optional<T> &V, std::uint64_t Min, std::uint64_t Max) {
    V.reset();
    if (coin())
      draw(V.emplace(), Min, Max);
  }
  void draw(std::vector<std::string> &L, std::uint64_t, std::uint64_t) {
    L.clear();
    for (std::size_t N = Random() % 4; N > 0; --N)
      L.push_back(text());
  }
  void draw(std::vector<PriorData> &L, std::uint64_t, std::uint64_t) {
    L.clear();
    for (std::size_t N = Random() % 3; N > 0; --N)
      L.push_back({text(), PriorRuns ? static_cast<std::int64_t>(Random() % 100) : 0});
  }
  void draw(GivenDeviceLimits &G, std::uint64_t, std::uint64_t) {
    G.clear();
    const std::vector<std::string> Names = deviceLimitNames();
    for (std::size_t N = Random() % 3; N > 0; --N)
      G[Names[Random() % Names.size()]] = count(1, UINT64_MAX);
  }
  void draw(TunerMode &M, std::uint64_t, std::uint64_t) {
    constexpr unsigned Modes = 0
#define ATFC_TUNER_MODE(Enumerator, Name, Help) +1
#include "Invocation/TunerOptions.def"
        ;
    M = static_cast<TunerMode>(Random() % Modes);
  }

  /// A path is never empty: a command line refuses an empty one.
  void givePath(std::string &S) {
    if (S.empty())
      S = "p";
  }
  void givePath(std::vector<PriorData> &L) {
    for (PriorData &P : L)
      givePath(P.Path);
  }
  template <class T> void givePath(T &) {}

  /// Options with a random value in every row declared at one of Places,
  /// the others as they are by default, and random program arguments.
  TunerOptions options(unsigned Places) {
    TunerOptions O;
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, RowPlaces, Help)              \
  if ((RowPlaces)&Places) {                                                                        \
    draw(O.Member, Min, Max);                                                                      \
    if (isPathValueName(Value))                                                                    \
      givePath(O.Member);                                                                          \
  }
#include "Invocation/TunerOptions.def"
    for (std::size_t N = Random() % 4; N > 0; --N)
      O.Arguments.push_back(text());
    return O;
  }
};

} // namespace atfc::test

#endif
