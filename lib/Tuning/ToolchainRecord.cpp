//===- Tuning/ToolchainRecord.cpp - What built and measured a run --------===//
//
// The tuner's program and this library are compiled by one compiler (CMake
// hands its CXX compiler to atfc as the tuner compiler), so the macros of
// this file name the compiler of the tuner.
//
//===----------------------------------------------------------------------===//
#include "Tuning/ToolchainRecord.h"

#include "Results/ResultsDatabase.h"

namespace atfc {

std::string compilerDescription() {
#if defined(__clang__)
  return "Clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__) + "." +
         std::to_string(__clang_patchlevel__);
#elif defined(__GNUC__)
  return "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
         std::to_string(__GNUC_PATCHLEVEL__);
#else
  return "an unknown C++ compiler";
#endif
}

std::string toolchainRecord(const std::string &TunerIdentity, const std::string &Measuring) {
  std::string Text =
      TunerIdentity + "; C++ " + compilerDescription() + "; SQLite " + sqliteVersion();
  if (!Measuring.empty())
    Text += "; " + Measuring;
  return Text;
}

} // namespace atfc
