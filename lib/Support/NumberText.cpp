//===- Support/NumberText.cpp - Numbers as the shortest exact text --------===//
#include "Support/NumberText.h"

#include <charconv>
#include <cmath>

namespace atfc {

std::string shortestText(double X) {
  if (std::isnan(X))
    return "nan"; // to_chars would write "-nan" for a negative NaN
  char Buffer[32];
  // 32 characters hold any double's shortest form ("-2.2250738585072014e-308"
  // is 24), so to_chars cannot fail here.
  const auto [End, Error] = std::to_chars(Buffer, Buffer + sizeof(Buffer), X);
  return std::string(Buffer, Error == std::errc() ? End : Buffer);
}

double wholeNanoseconds(double Seconds) {
  if (!std::isfinite(Seconds) || std::fabs(Seconds) >= 1e15) // no fraction left to round
    return Seconds;
  // The division is correctly rounded: the double nearest to N / 10^9,
  // whose shortest text has at most nine decimals.
  return std::round(Seconds * 1e9) / 1e9;
}

double fifteenDigits(double X) {
  if (!std::isfinite(X) || X == 0)
    return X;
  // The text of 15 significant digits reads back as the double nearest
  // to it, which is correctly rounded both ways.
  char Buffer[32];
  const auto [End, Error] =
      std::to_chars(Buffer, Buffer + sizeof(Buffer), X, std::chars_format::general, 15);
  double Rounded = X;
  if (Error != std::errc() || std::from_chars(Buffer, End, Rounded).ec != std::errc())
    return X;
  return Rounded;
}

} // namespace atfc
