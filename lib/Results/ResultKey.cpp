//===- Results/ResultKey.cpp - What results may be reused -----------------===//
#include "Results/ResultKey.h"

#include "Support/Digest128.h"

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <vector>

namespace atfc {

namespace {

/// A part's frame: its length, 8 bytes little-endian.
void addFrame(Digest128 &Digest, std::uint64_t N) {
  std::array<char, 8> Length;
  for (char &C : Length) {
    C = static_cast<char>(N & 0xff);
    N >>= 8;
  }
  Digest.add(std::string_view(Length.data(), Length.size()));
}

} // namespace

std::string resultKey(std::initializer_list<std::string_view> Parts) {
  return resultKey(std::span<const std::string_view>(Parts.begin(), Parts.size()));
}

std::string resultKey(std::span<const std::string_view> Parts) {
  // The parts framed by their lengths: ("ab", "c") is not ("a", "bc").
  Digest128 Digest;
  for (std::string_view Part : Parts) {
    addFrame(Digest, Part.size());
    Digest.add(Part);
  }
  return Digest.hex();
}

} // namespace atfc
