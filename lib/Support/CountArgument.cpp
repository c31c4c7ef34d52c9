//===- Support/CountArgument.cpp - Counts a directive gives ---------------===//
#include "Support/CountArgument.h"

#include <limits>

namespace atfc {

namespace {

constexpr std::uint64_t UnsignedMax = std::numeric_limits<unsigned>::max();

// The tuner holds warm-ups, repetitions and the device's numbers as
// unsigned (Backends, DeviceBackends), the seed as 64 bits.
constexpr CountRule Rules[] = {
    {"warmups", 0, UnsignedMax},
    {"repetitions", 1, UnsignedMax},
    {"seed", 0, std::numeric_limits<std::uint64_t>::max()},
    {"id", 0, UnsignedMax},
    {"platform_id", 0, UnsignedMax},
    {"device_id", 0, UnsignedMax},
};

} // namespace

const CountRule *countRuleOf(std::string_view Clause) {
  for (const CountRule &R : Rules)
    if (R.Clause == Clause)
      return &R;
  return nullptr;
}

std::string countError(const CountRule &R, std::string_view Value) {
  return std::string(R.Clause) + " must be a whole number from " + std::to_string(R.Least) +
         " to " + std::to_string(R.Most) + ", not " + std::string(Value);
}

} // namespace atfc
