//===- CommandOutput.h - What a shell command printed -----------*- C++ -*-===//
//
// Tests that compile generated C and C++ with the real compilers and run
// the result read what the command printed; a failure is marked so that
// comparing with the expected text shows it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_COMMANDOUTPUT_H
#define ATFC_TEST_UNIT_COMMANDOUTPUT_H

#include <cstdio>
#include <string>

namespace atfc::test {

/// The standard output of `sh -c Command`, or "FAILED:\n" and that output
/// when it exits with another status than 0.
inline std::string commandOutput(const std::string &Command) {
  std::string Out;
  FILE *P = popen(Command.c_str(), "r");
  if (!P)
    return Out;
  char Buffer[4096];
  while (std::size_t N = std::fread(Buffer, 1, sizeof Buffer, P))
    Out.append(Buffer, N);
  return pclose(P) == 0 ? Out : "FAILED:\n" + Out;
}

} // namespace atfc::test

#endif
