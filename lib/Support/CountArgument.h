//===- Support/CountArgument.h - Counts a directive gives -------*- C++ -*-===//
//
// The directives' counts and ids (`warmups`, `repetitions`, `seed`, a
// device's `id`, `platform_id` and `device_id`) are whole numbers within
// the type the tuner holds them in: `warmups -1` became 4294967295 warm-ups
// (static_cast<unsigned>), and with `repetitions` their sum wrapped and the
// tuner crashed. `atfc check` refuses a constant that is none, and the
// tuner one computed from inputs, with the same words.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_COUNTARGUMENT_H
#define ATFC_SUPPORT_COUNTARGUMENT_H

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace atfc {

/// What a count may be: a whole number from Least to Most.
struct CountRule {
  std::string_view Clause;
  std::uint64_t Least;
  std::uint64_t Most;
};

/// The rule of the directive or clause named Clause ("warmups", "seed"),
/// or nullptr where it gives no count.
const CountRule *countRuleOf(std::string_view Clause);

/// Whether V is a whole number from R.Least to R.Most.
template <class U> bool isCount(const CountRule &R, const U &V) {
  if constexpr (std::is_integral_v<U>) {
    if constexpr (std::is_signed_v<U>)
      if (V < 0)
        return false;
    const auto W = static_cast<std::uint64_t>(V);
    return W >= R.Least && W <= R.Most;
  } else if constexpr (std::is_floating_point_v<U>) {
    const long double W = V;
    return W == std::floor(W) && W >= static_cast<long double>(R.Least) &&
           W <= static_cast<long double>(R.Most);
  } else {
    return false;
  }
}

/// Why Value (as written or computed, "-1") is no count of R: "warmups must
/// be a whole number from 0 to 4294967295, not -1".
std::string countError(const CountRule &R, std::string_view Value);

} // namespace atfc

#endif // ATFC_SUPPORT_COUNTARGUMENT_H
